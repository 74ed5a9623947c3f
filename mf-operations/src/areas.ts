import type { SectionArea } from '@wms/shared-ui';
import { GoodsReceiptRoutes } from './goods-receipt/GoodsReceiptRoutes';
import { MovementsRoutes } from './movements/MovementsRoutes';
import { PricesRoutes } from './prices/PricesRoutes';
import { PurchaseOrdersRoutes } from './purchase-orders/PurchaseOrdersRoutes';
import { SalesRoutes } from './sales/SalesRoutes';
import { StockTransferPage } from './stock-transfer/StockTransferPage';

/**
 * The section's menu (SPEC §2 Operations hub, §6): one entry per screen, in hub order. The hub card (`card-<id>`,
 * title `<id>.title`, description `<id>.subtitle`) and the route `<path>/*` come from here, guarded by `permission`;
 * a role without it is sent back to the hub.
 */
export interface Area extends SectionArea {
  id: 'purchaseOrders' | 'goodsReceipt' | 'prices' | 'sales' | 'movements' | 'stockTransfer';
}

export const AREAS: readonly Area[] = [
  { id: 'purchaseOrders', path: 'ordini-fornitori', permission: 'purchaseOrders', Screen: PurchaseOrdersRoutes },
  { id: 'goodsReceipt', path: 'ricezione-merce', permission: 'goodsReceipt', Screen: GoodsReceiptRoutes },
  { id: 'prices', path: 'prezzi', permission: 'prices', Screen: PricesRoutes },
  { id: 'sales', path: 'vendite', permission: 'sales', Screen: SalesRoutes },
  { id: 'movements', path: 'movimenti', permission: 'movements', Screen: MovementsRoutes },
  { id: 'stockTransfer', path: 'trasferimenti', permission: 'operations', Screen: StockTransferPage },
];
