import { BASE_PATH } from '../paths';

/** /report/inventario and its pages, built from the remote's base path. */
export const INVENTORY_URL = `${BASE_PATH}/inventario`;
export const NEW_COUNT_URL = `${INVENTORY_URL}/nuovo`;
export const countingUrl = (id: number) => `${INVENTORY_URL}/${id}`;
export const reviewUrl = (id: number) => `${INVENTORY_URL}/${id}/revisione`;
export const sheetUrl = (id: number) => `${INVENTORY_URL}/${id}/foglio`;
