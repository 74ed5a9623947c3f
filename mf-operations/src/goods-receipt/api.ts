import { api, idempotent, type GoodsReceiptBody, type ReceiptDocument, type ReceiptHistory, type ReceiptOrder } from '@wms/shared-api';

/** The goods-receipt calls of SPEC §7 (+ completion, reversal and one receipt for the labels). Failures are the API client's ApiError. */
export const ORDERS_TO_RECEIVE_PATH = '/goods-receipts/orders';

export async function fetchReceiptOrder(orderId: string | number): Promise<ReceiptOrder> {
  return (await api.get<ReceiptOrder>(`/goods-receipts/order-details/${orderId}`)).data;
}

export async function fetchItemHistory(itemId: string | number): Promise<ReceiptHistory> {
  return (await api.get<ReceiptHistory>(`/goods-receipts/item-history/${itemId}`)).data;
}

export async function fetchReceipt(receiptId: string | number): Promise<ReceiptDocument> {
  return (await api.get<ReceiptDocument>(`/goods-receipts/${receiptId}`)).data;
}

/** One delivery note; `key` (one per save action) makes a retried or double-clicked save post it once. */
export async function receiveGoods(body: GoodsReceiptBody, key: string): Promise<ReceiptDocument> {
  return (await api.post<ReceiptDocument>('/goods-receipts/receive', body, idempotent(key))).data;
}

export async function setItemCompleted(itemId: number, completed: boolean): Promise<ReceiptOrder> {
  return (await api.put<ReceiptOrder>(`/goods-receipts/order-items/${itemId}/completed`, { completed })).data;
}

export async function reverseReceipt(receiptId: number): Promise<ReceiptDocument> {
  return (await api.post<ReceiptDocument>(`/goods-receipts/${receiptId}/reverse`)).data;
}
