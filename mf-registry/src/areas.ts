import type { SectionArea } from '@wms/shared-ui';
import { CompanyPage } from './company/CompanyPage';
import { CustomersPage } from './customers/CustomersPage';
import { ProductsRoutes } from './products/ProductsRoutes';
import { SuppliersPage } from './suppliers/SuppliersPage';
import { WarehousesRoutes } from './warehouses/WarehousesRoutes';

/**
 * The section's menu: one entry per screen, in hub order. The hub card (`card-<id>`, title `<id>.title`, description
 * `<id>.subtitle`) and the route `<path>/*` both come from here, guarded by `permission`.
 */
export interface Area extends SectionArea {
  id: 'products' | 'warehouses' | 'company' | 'suppliers' | 'customers';
}

export const AREAS: readonly Area[] = [
  { id: 'products', path: 'prodotti', permission: 'registry', Screen: ProductsRoutes },
  { id: 'warehouses', path: 'magazzini', permission: 'registry', Screen: WarehousesRoutes },
  { id: 'company', path: 'azienda', permission: 'registry', Screen: CompanyPage },
  { id: 'suppliers', path: 'fornitori', permission: 'registry', Screen: SuppliersPage },
  { id: 'customers', path: 'clienti', permission: 'registry', Screen: CustomersPage },
];
