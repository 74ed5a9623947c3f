import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authRoutes } from './auth/routes';
import { clientEventRoutes } from './client-events/routes';
import { dashboardRoutes } from './dashboard/routes';
import { goodsReceiptRoutes } from './goods-receipts/routes';
import { inventoryRoutes } from './inventory/routes';
import { priceRoutes } from './prices/routes';
import { purchaseOrderRoutes } from './purchase-orders/routes';
import { registryRoutes } from './registry/routes';
import { replenishmentRoutes } from './replenishment/routes';
import { reportRoutes } from './reports/routes';
import { salesRoutes } from './sales/routes';
import { stockRoutes } from './stock/routes';
import { transferRoutes } from './transfers/routes';
import { usersRoutes } from './users/routes';

/**
 * The API's domain modules. Each is a Fastify plugin (src/<domain>/routes.ts) registered under /api behind the auth guard;
 * its paths are relative to /api (e.g. '/products'). Adding a domain is one line here.
 */
export interface Domain {
  name: string;
  routes: FastifyPluginAsyncZod;
}

export const domains: Domain[] = [
  { name: 'auth', routes: authRoutes },
  { name: 'registry', routes: registryRoutes },
  { name: 'stock', routes: stockRoutes },
  { name: 'reports', routes: reportRoutes },
  { name: 'prices', routes: priceRoutes },
  { name: 'purchase-orders', routes: purchaseOrderRoutes },
  { name: 'sales', routes: salesRoutes },
  { name: 'users', routes: usersRoutes },
  { name: 'goods-receipts', routes: goodsReceiptRoutes },
  { name: 'inventory', routes: inventoryRoutes },
  { name: 'transfers', routes: transferRoutes },
  { name: 'client-events', routes: clientEventRoutes },
  { name: 'replenishment', routes: replenishmentRoutes },
  { name: 'dashboard', routes: dashboardRoutes },
];
