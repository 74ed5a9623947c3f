import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { stockLimitsImportResultSchema, stockLimitsImportSchema, stockLimitsSchema, stockLimitsViewSchema } from '@wms/shared-api';
import { logActivity } from '../activity/log';
import type { Queryable } from '../db';
import { AppError } from '../http/errors';
import { idParams } from '../http/schemas';
import { requestLang } from '../http/lang';
import { invalidFields } from '../http/validation';
import { importLimits } from './import';
import { replenishmentMessages as msg } from './messages';
import * as sql from './sql';

async function view(q: Queryable, productId: number) {
  return { product_id: productId, limits: await sql.productLimits(q, productId) };
}

/**
 * Stock limits of one product (issue 28): GET for whoever reads the registry or replenishes, PUT (the whole set: a
 * warehouse left out loses its limit) for `replenishment`. One row per (product, warehouse): the primary key.
 */
export const stockLimitRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const tags = ['replenishment'];

  app.get(
    '/products/:id/stock-limits',
    {
      config: { permission: ['registry', 'replenishment'] },
      schema: { tags, summary: "A product's min / max per warehouse", params: idParams, response: { 200: stockLimitsViewSchema } },
    },
    async (request) => {
      const { id } = request.params;
      if (!(await sql.productIsLive(db, id))) throw new AppError(404, 'PRODUCT_NOT_FOUND', msg.productNotFound);
      return view(db, id);
    },
  );

  app.put(
    '/products/:id/stock-limits',
    {
      config: { permission: 'replenishment' },
      schema: {
        tags,
        summary: "Replace a product's min / max per warehouse (warehouses left out lose their limit); max ≥ min",
        params: idParams,
        body: stockLimitsSchema,
        response: { 200: stockLimitsViewSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { limits } = request.body;
      return db.tx(async (q) => {
        const product = await sql.lockProduct(q, id);
        if (!product) throw new AppError(404, 'PRODUCT_NOT_FOUND', msg.productNotFound);
        const unknown = new Set(
          await sql.unknownWarehouses(
            q,
            limits.map((l) => l.warehouse_id),
          ),
        );
        const problems = Object.fromEntries(
          limits.flatMap((l, i) =>
            unknown.has(l.warehouse_id) ? [[`limits.${i}.warehouse_id`, { key: 'invalidOption', params: {} }]] : [],
          ),
        );
        if (Object.keys(problems).length) throw invalidFields(problems);
        await sql.replaceLimits(q, id, limits, request.user.id);
        await logActivity(q, {
          userId: request.user.id,
          action: 'update',
          entityType: 'stock_limits',
          entityId: id,
          // Each warehouse's min and max as data: the log names the warehouse and writes the numbers in the reader's language.
          details: { code: product.code, limits: limits.map((l) => ({ warehouse_id: l.warehouse_id, min: l.min, max: l.max })) },
        });
        return view(q, id);
      });
    },
  );

  app.post(
    '/stock-limits/import',
    {
      config: { permission: 'replenishment' },
      schema: {
        tags,
        summary:
          'Import min / max from CSV text "code;warehouse;min;max" (header optional, decimal comma): every bad row reported at once (400 CSV_INVALID, fields per line), nothing written unless all are good',
        body: stockLimitsImportSchema,
        response: { 200: stockLimitsImportResultSchema },
      },
    },
    async (request) => {
      return db.tx(async (q) => {
        const result = await importLimits(q, request.body.csv, requestLang(request), request.user.id);
        await logActivity(q, { userId: request.user.id, action: 'import', entityType: 'stock_limits', details: result });
        return result;
      });
    },
  );
};
