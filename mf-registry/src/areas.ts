import { lazy } from 'react';
import type { SectionArea } from '@wms/shared-ui';

// Each form-bearing screen is its own chunk, loaded when opened: the hub (the section's first screen) loads no form and
// no zod schemas (issue 12: first screen of a section ≤ +40 KB).
const CompanyPage = lazy(() => import('./company/CompanyPage').then((m) => ({ default: m.CompanyPage })));
const CustomersPage = lazy(() => import('./customers/CustomersPage').then((m) => ({ default: m.CustomersPage })));
const ProductsRoutes = lazy(() => import('./products/ProductsRoutes').then((m) => ({ default: m.ProductsRoutes })));
const SuppliersPage = lazy(() => import('./suppliers/SuppliersPage').then((m) => ({ default: m.SuppliersPage })));
const WarehousesRoutes = lazy(() => import('./warehouses/WarehousesRoutes').then((m) => ({ default: m.WarehousesRoutes })));

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
