import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { barcodeRoutes } from './barcodes/routes';
import { companyRoutes } from './company/routes';
import { partyRoutes } from './parties/routes';
import { productRoutes } from './products/routes';
import { warehouseRoutes } from './warehouses/routes';

/**
 * The registries (SPEC §2, §7): /products, /warehouses, /suppliers, /customers.
 *
 * The pattern every module copies: the body schema is the form's (shared-api), the route validates with it and answers
 * 400 in the form's own words; every route declares its permission in `config: { permission }` (reads: the screens that need them, writes: registry); each write
 * runs in one transaction together with its activity-log row; the author comes from the session, never from the body.
 *
 * Delete policy: nothing is destroyed. DELETE is a soft delete (deleted_at, deleted_by), so stock history and later
 * documents keep a valid reference and a readable name; a warehouse or a product that still holds stock is refused (409).
 */
export const registryRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(productRoutes);
  await app.register(barcodeRoutes);
  await app.register(warehouseRoutes);
  await app.register(partyRoutes('suppliers'));
  await app.register(partyRoutes('customers'));
  await app.register(companyRoutes);
};
