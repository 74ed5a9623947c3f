import { BASE_PATH } from '../paths';

/** /operazioni/ordini-fornitori: the list; /nuovo, /{id} and /{id}/stampa below it (SPEC §2). From the remote's base path. */
export const ORDERS_LIST = `${BASE_PATH}/ordini-fornitori`;
