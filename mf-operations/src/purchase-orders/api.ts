import {
  api,
  type Party,
  type PriceFromTodayBody,
  type PriceFromTodayResult,
  type PurchaseOrder,
  type PurchaseOrderBody,
} from '@wms/shared-api';
import { isNotFound } from '@wms/shared-ui';

/** The purchase-order calls of SPEC §7, typed. Saving has its own 30 s timeout (SPEC §7, §9). */
export const ORDERS_PATH = '/purchase-orders';
export const SAVE_TIMEOUT_MS = 30_000;

export async function fetchOrder(id: number | string): Promise<PurchaseOrder> {
  return (await api.get<PurchaseOrder>(`${ORDERS_PATH}/${id}`)).data;
}

/** The order's supplier for the print (address, VAT number); null when it was deleted since (the print shows the name). */
export async function fetchOrderSupplier(supplierId: number): Promise<Party | null> {
  try {
    return (await api.get<Party>(`/suppliers/${supplierId}`)).data;
  } catch (err) {
    if (isNotFound(err)) return null;
    throw err;
  }
}

export async function saveOrder(id: number | null, body: PurchaseOrderBody): Promise<PurchaseOrder> {
  const config = { timeout: SAVE_TIMEOUT_MS };
  return id === null
    ? (await api.post<PurchaseOrder>(ORDERS_PATH, body, config)).data
    : (await api.put<PurchaseOrder>(`${ORDERS_PATH}/${id}`, body, config)).data;
}

export async function deleteOrder(id: number): Promise<void> {
  await api.delete(`${ORDERS_PATH}/${id}`);
}

/**
 * "Save as the supplier's price from today" (issue 22): one call, one transaction on the server (the price in force ends
 * yesterday, the new one starts today; the same price already in force is left as it is).
 */
export async function savePriceFromToday(body: PriceFromTodayBody): Promise<PriceFromTodayResult> {
  return (await api.post<PriceFromTodayResult>('/prices/from-today', body)).data;
}
