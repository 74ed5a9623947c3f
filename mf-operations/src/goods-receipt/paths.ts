import { BASE_PATH } from '../paths';

export const RECEIPT_LIST_URL = `${BASE_PATH}/ricezione-merce`;
export const receiptOrderUrl = (orderId: number | string) => `${RECEIPT_LIST_URL}/${orderId}`;
export const itemHistoryUrl = (itemId: number | string) => `${RECEIPT_LIST_URL}/storico/${itemId}`;
export const labelsUrl = (receiptId: number | string) => `${RECEIPT_LIST_URL}/etichette/${receiptId}`;
