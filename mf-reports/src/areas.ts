import type { SectionArea } from '@wms/shared-ui';
import { InventoryPage } from './inventory/InventoryPage';
import { StockLevelsPage } from './stock-levels/StockLevelsPage';
import { ValuationPage } from './valuation/ValuationPage';

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
