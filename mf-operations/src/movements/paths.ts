import { can, type MovementView } from '@wms/shared-api';
import { BASE_PATH, sectionPath } from '../paths';
import { receiptOrderUrl } from '../goods-receipt/paths';
import { SALES_LIST } from '../sales/paths';
import { TRANSFERS_URL } from '../stock-transfer/status';

/** /operazioni/movimenti: the list; /nuovo and /{id} are the form (SPEC §2 Stock movements). */
export const LIST_PATH = `${BASE_PATH}/movimenti`;

/** What the list hands to the form (router state), so "back to the list" keeps its filters, sort and page. */
export interface ListState {
  listSearch?: string;
}

/**
 * The page of the document a movement comes from — the order's goods receipt, the sale, the transfer, the count — where
 * the role may open it (else null: its number is shown without a link). Its warehouses and batches are read there.
 */
export function documentUrl({ type, id }: MovementView['source_document'], role: string | undefined): string | null {
  if (id === null) return null;
  if (type === 'PO') return can(role, 'goodsReceipt') ? receiptOrderUrl(id) : null;
  if (type === 'SO') return can(role, 'sales') ? `${SALES_LIST}/${id}` : null;
  if (type === 'TR') return can(role, 'transfersRead') ? `${TRANSFERS_URL}/${id}` : null;
  if (type === 'INV') return can(role, 'reports') && can(role, 'inventoryCount') ? `${sectionPath('reports')}/inventario/${id}` : null;
  return null;
}
