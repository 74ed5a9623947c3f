import { lazy } from 'react';
import type { SectionArea } from '@wms/shared-ui';

// Each screen is its own chunk, loaded when opened: the hub (the section's first screen) loads none of them (issue 12:
// first screen of a section ≤ +40 KB; the inventory screens alone are ~55 KB).
const InventoryPage = lazy(() => import('./inventory/InventoryPage').then((m) => ({ default: m.InventoryPage })));
const StockLevelsPage = lazy(() => import('./stock-levels/StockLevelsPage').then((m) => ({ default: m.StockLevelsPage })));
const ValuationPage = lazy(() => import('./valuation/ValuationPage').then((m) => ({ default: m.ValuationPage })));

/**
 * The section's menu (SPEC §2 Reports, §6): one entry per screen, in hub order. The hub card (`card-<id>`, title
 * `<id>.title`, description `<id>.subtitle`) and the route `<path>/*` come from here, guarded by `permission`;
 * a role without it is sent back to the hub.
 */
export interface Area extends SectionArea {
  id: 'stockLevels' | 'inventory' | 'valuation';
}

export const AREAS: readonly Area[] = [
  { id: 'stockLevels', path: 'giacenze', permission: 'stockLevels', Screen: StockLevelsPage },
  { id: 'inventory', path: 'inventario', permission: 'inventoryCount', Screen: InventoryPage },
  { id: 'valuation', path: 'valorizzazione', permission: 'valuation', Screen: ValuationPage },
];
