import { lazy } from 'react';
import type { SectionArea } from '@wms/shared-ui';

// Each form-bearing screen is its own chunk, loaded when opened: the hub (the section's first screen) loads no form and
// no zod schemas (issue 12: first screen of a section ≤ +40 KB).
const GoodsReceiptRoutes = lazy(() => import('./goods-receipt/GoodsReceiptRoutes').then((m) => ({ default: m.GoodsReceiptRoutes })));
const MovementsRoutes = lazy(() => import('./movements/MovementsRoutes').then((m) => ({ default: m.MovementsRoutes })));
const PricesRoutes = lazy(() => import('./prices/PricesRoutes').then((m) => ({ default: m.PricesRoutes })));
const PurchaseOrdersRoutes = lazy(() =>
  import('./purchase-orders/PurchaseOrdersRoutes').then((m) => ({ default: m.PurchaseOrdersRoutes })),
);
const ReplenishmentPage = lazy(() => import('./replenishment/ReplenishmentPage').then((m) => ({ default: m.ReplenishmentPage })));
const SalesRoutes = lazy(() => import('./sales/SalesRoutes').then((m) => ({ default: m.SalesRoutes })));
const StockTransferRoutes = lazy(() => import('./stock-transfer/StockTransferRoutes').then((m) => ({ default: m.StockTransferRoutes })));

/**
 * The section's menu (SPEC §2 Operations hub, §6): one entry per screen, in hub order. The hub card (`card-<id>`,
 * title `<id>.title`, description `<id>.subtitle`) and the route `<path>/*` come from here, guarded by `permission`;
 * a role without it is sent back to the hub.
 */
export interface Area extends SectionArea {
  id: 'purchaseOrders' | 'goodsReceipt' | 'prices' | 'sales' | 'movements' | 'stockTransfer' | 'replenishment';
}

export const AREAS: readonly Area[] = [
  { id: 'purchaseOrders', path: 'ordini-fornitori', permission: 'purchaseOrders', Screen: PurchaseOrdersRoutes },
  { id: 'goodsReceipt', path: 'ricezione-merce', permission: 'goodsReceipt', Screen: GoodsReceiptRoutes },
  { id: 'prices', path: 'prezzi', permission: 'prices', Screen: PricesRoutes },
  { id: 'sales', path: 'vendite', permission: 'sales', Screen: SalesRoutes },
  { id: 'movements', path: 'movimenti', permission: 'movements', Screen: MovementsRoutes },
  { id: 'stockTransfer', path: 'trasferimenti', permission: 'transfersRead', Screen: StockTransferRoutes },
  { id: 'replenishment', path: 'riordino', permission: 'replenishment', Screen: ReplenishmentPage },
];
