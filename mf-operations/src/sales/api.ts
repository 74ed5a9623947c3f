import { api, idempotent, type Party, type SaleStockRow, type SaleView } from '@wms/shared-api';
import { fetchPage } from '@wms/shared-ui';

/** The sales calls of SPEC §7 the screens make. Failures are the API client's ApiError: callers word them with failureText. */
export const SALES_PATH = '/sales';

export interface SalePayload {
  product_id: number;
  warehouse_id: number;
  batch_number: string | null;
  /** Exact decimal text ('1.5'). */
  quantity: string;
  customer_id: number;
}

export async function createSale(body: SalePayload, key: string): Promise<SaleView> {
  return (await api.post<SaleView>(SALES_PATH, body, idempotent(key))).data;
}

export async function editSale(id: number, body: SalePayload, key: string): Promise<SaleView> {
  return (await api.put<SaleView>(`${SALES_PATH}/${id}`, body, idempotent(key))).data;
}

export async function cancelSale(id: number): Promise<void> {
  await api.put(`${SALES_PATH}/${id}/cancel`);
}

export async function getSale(id: number, signal?: AbortSignal): Promise<SaleView> {
  return (await api.get<SaleView>(`${SALES_PATH}/${id}`, { signal })).data;
}

/** The batches a sale may take from, FEFO-ordered by the server (the form orders them again with the one sortFefo), expired ones marked. */
export async function saleStock(productId: number, signal?: AbortSignal): Promise<SaleStockRow[]> {
  return (await api.get<SaleStockRow[]>(`${SALES_PATH}/stock/${productId}`, { signal })).data;
}

export async function getCustomer(id: number): Promise<Party> {
  return (await api.get<Party>(`/customers/${id}`)).data;
}

/** How many active customers exist (0: the form says so instead of offering an empty picker). */
export async function activeCustomerCount(): Promise<number> {
  return (await fetchPage<Party>('/customers', { active: 'true', limit: 1 })).total;
}
