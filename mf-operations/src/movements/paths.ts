import { BASE_PATH } from '../paths';

/** /operazioni/movimenti: the list; /nuovo and /{id} are the form (SPEC §2 Stock movements). */
export const LIST_PATH = `${BASE_PATH}/movimenti`;

/** What the list hands to the form (router state), so "back to the list" keeps its filters, sort and page. */
export interface ListState {
  listSearch?: string;
}
