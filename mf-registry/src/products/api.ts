import { api, type Party, type Product, type ProductBody, type ProductFields, type ProductStatus } from '@wms/shared-api';
import { fetchPage, recordApi } from '@wms/shared-ui';

/** The product calls of SPEC §7. The server takes the author from the session; the §7 author fields travel anyway. */
export const products = recordApi<Product, ProductFields | ProductBody>('/products', { deleted_at: null, deleted_by: null });
export const PRODUCTS_PATH = products.path;

/** Every live supplier, for the form's select (a registry of suppliers is small; the server caps a page at 1000). */
export async function fetchSupplierOptions(): Promise<Party[]> {
  return (await fetchPage<Party>('/suppliers', { limit: 1000, offset: 0 })).rows;
}

export async function setProductStatus(id: number, status: ProductStatus, userId?: number): Promise<Product> {
  const { data } = await api.put<Product>(`${PRODUCTS_PATH}/${id}/status`, { status, modified_by: userId ?? null });
  return data;
}
