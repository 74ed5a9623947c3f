import type { Product } from '@wms/shared-api';
import { BASE_PATH } from '../paths';

export const PRODUCTS_URL = `${BASE_PATH}/prodotti`;
export const NEW_PRODUCT_URL = `${PRODUCTS_URL}/nuovo`;
export const productUrl = (id: number) => `${PRODUCTS_URL}/${id}`;

/** What the list hands to /nuovo in duplicate mode (router state: nothing in the URL, gone on a fresh visit). */
export interface DuplicateState {
  duplicate: Product;
}
