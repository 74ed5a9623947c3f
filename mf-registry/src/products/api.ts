import { api, type Party, type Product, type ProductBody, type ProductFields, type ProductStatus } from '@wms/shared-api';
import { fetchPage, type Page, type QueryParams } from '@wms/shared-ui';

/** The product calls of SPEC §7. The server takes the author from the session; the §7 author fields travel anyway. */

export const PRODUCTS_PATH = '/products';

export const fetchProducts = (params: QueryParams): Promise<Page<Product>> => fetchPage<Product>(PRODUCTS_PATH, params);

export async function fetchProduct(id: string | number): Promise<Product> {
  const { data } = await api.get<Product>(`${PRODUCTS_PATH}/${encodeURIComponent(String(id))}`);
  return data;
}

/** Every live supplier, for the form's select (a registry of suppliers is small; the server caps a page at 1000). */
export async function fetchSupplierOptions(): Promise<Party[]> {
  return (await fetchPage<Party>('/suppliers', { limit: 1000, offset: 0 })).rows;
}

export async function createProduct(p: ProductFields | ProductBody, userId?: number): Promise<Product> {
  const { data } = await api.post<Product>(PRODUCTS_PATH, { ...p, created_by: userId ?? null, deleted_at: null, deleted_by: null });
  return data;
}

export async function updateProduct(id: number | string, p: ProductFields | ProductBody, userId?: number): Promise<Product> {
  const { data } = await api.put<Product>(`${PRODUCTS_PATH}/${encodeURIComponent(String(id))}`, {
    ...p,
    modified_by: userId ?? null,
    deleted_at: null,
    deleted_by: null,
  });
  return data;
}

export async function setProductStatus(id: number, status: ProductStatus, userId?: number): Promise<Product> {
  const { data } = await api.put<Product>(`${PRODUCTS_PATH}/${id}/status`, { status, modified_by: userId ?? null });
  return data;
}

export async function deleteProduct(id: number, userId?: number): Promise<void> {
  await api.delete(`${PRODUCTS_PATH}/${id}`, { data: { deleted_by: userId ?? 'system' } });
}
