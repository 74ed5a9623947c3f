import { BASE_PATH } from '../paths';

/** /operazioni/prezzi: the list; /nuovo and /{id} are the form (SPEC §2 Prices). Built from the remote's base path. */
export const PRICES_LIST = `${BASE_PATH}/prezzi`;
