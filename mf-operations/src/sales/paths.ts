import { BASE_PATH } from '../paths';

/** /operazioni/vendite: the list; /nuova and /{id} are the form (SPEC §2 Sales). Built from the remote's base path. */
export const SALES_LIST = `${BASE_PATH}/vendite`;
