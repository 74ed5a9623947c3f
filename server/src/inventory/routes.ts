import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  companyDay,
  inventoryApplyRefusalSchema,
  inventoryApplySchema,
  inventoryCountCreateSchema,
  inventoryCountingViewSchema,
  inventoryCountLinesSchema,
  inventoryCountListQuery,
  inventoryCountSavedSchema,
  inventoryCountSummarySchema,
  inventoryCountViewSchema,
  inventoryReviewQuery,
} from '@wms/shared-api';
import { logActivity } from '../activity/log';
import type { Queryable } from '../db';
import { AppError, render } from '../http/errors';
import { idempotentReply } from '../http/idempotency';
import { requestLang } from '../http/lang';
import { sendPage, TOTAL_COUNT_HEADER } from '../http/page';
import { idParams } from '../http/schemas';
import { ApplyProblems, applyCount, cancelCount, problemsBody } from './apply';
import { checkCountedLines } from './lines';
import { inventoryMessages as msg } from './messages';
import * as sql from './queries';

/**
 * Physical inventory counts (issue 25): start (snapshot), count (blind), review, apply (exactly once, all or nothing),
 * cancel. Counters hold `inventoryCount`; reviewers `inventoryReview` (book quantities, values, apply, cancel).
 */

async function summaryOf(q: Queryable, id: number) {
  const summary = await sql.countSummary(q, id);
  if (!summary) throw new AppError(404, 'INVENTORY_COUNT_NOT_FOUND', msg.notFound, { id });
  return summary;
}

async function reviewOf(q: Queryable, id: number, page: sql.ReviewPage) {
  const view = await sql.reviewView(q, id, page);
  if (!view) throw new AppError(404, 'INVENTORY_COUNT_NOT_FOUND', msg.notFound, { id });
  return view;
}

const applyAnswer = z.object({ id: z.number(), status: z.string(), posted: z.number().describe('adjustments posted') });
const cancelAnswer = z.object({ id: z.number(), status: z.string(), message: z.string() });

export const inventoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const tags = ['inventory'];
  const read = { config: { permission: ['inventoryCount', 'inventoryReview'] } } as const;
  const count = { config: { permission: 'inventoryCount' } } as const;
  const review = { config: { permission: 'inventoryReview' } } as const;

  app.get(
    '/inventory-counts',
    {
      ...read,
      schema: {
        tags,
        summary: 'Inventory counts, newest first: warehouse_id, status, limit/offset; total in X-Total-Count',
        querystring: inventoryCountListQuery,
        response: { 200: z.array(inventoryCountSummarySchema) },
      },
    },
    async (request, reply) => {
      const qs = request.query;
      return sendPage(
        reply,
        await sql.listCounts(db, { warehouseId: qs.warehouse_id, status: qs.status, limit: qs.limit, offset: qs.offset }),
      );
    },
  );

  app.post(
    '/inventory-counts',
    {
      ...count,
      schema: {
        tags,
        summary:
          'Start a count of a warehouse (a family, a list of products, or every product with stock or a movement there): its ' +
          'snapshot of book quantities is taken now; 409 while an open count of that warehouse shares a product',
        body: inventoryCountCreateSchema,
        response: { 201: inventoryCountSummarySchema },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const summary = await db.tx(async (q) => {
        if (!(await sql.warehouseExists(q, body.warehouse_id)))
          throw new AppError(400, 'WAREHOUSE_NOT_FOUND', msg.warehouseNotFound, { id: body.warehouse_id });
        if (body.product_ids) {
          const missing = await sql.missingProducts(q, body.product_ids);
          if (missing.length) throw new AppError(400, 'PRODUCT_NOT_FOUND', msg.productsNotFound, { ids: missing.slice(0, 20).join(', ') });
        }
        await sql.lockWarehouseCounts(q, body.warehouse_id);
        const other = await sql.overlappingOpenCount(q, body.warehouse_id, { family: body.family, productIds: body.product_ids });
        if (other !== null) throw new AppError(409, 'INVENTORY_COUNT_OVERLAP', msg.overlap, { id: other });
        const id = await sql.insertCount(q, {
          warehouseId: body.warehouse_id,
          family: body.family,
          productIds: body.product_ids,
          notes: body.notes,
          day: companyDay(),
          userId: request.user.id,
        });
        if (body.family && (await sql.scopeSize(q, id)) === 0)
          throw new AppError(400, 'INVENTORY_EMPTY_FAMILY', msg.emptyScope, { family: body.family });
        const lines = await sql.snapshotLines(q, id, body.warehouse_id, body.family ? 'family' : body.product_ids ? 'products' : 'all');
        await logActivity(q, {
          userId: request.user.id,
          action: 'create',
          entityType: 'inventory_count',
          entityId: id,
          details: { lines },
        });
        return summaryOf(q, id);
      });
      // A large snapshot changes the lines' statistics: refresh them now (after the commit, outside the creating
      // transaction) so the first review pages are planned for it. PGlite has no autovacuum and would never do it.
      if (summary.line_count >= sql.ANALYZE_AFTER_LINES) await sql.refreshLineStatistics(db, request.log);
      return reply.code(201).send(summary);
    },
  );

  app.get(
    '/inventory-counts/:id',
    {
      ...review,
      schema: {
        tags,
        summary:
          'Review a count: per line book at the snapshot, counted, difference, moved since, value of the difference at the ' +
          "price in force on the count day for the product's supplier; one page of lines (filter, min_value, limit, offset; " +
          'total in X-Total-Count); totals per currency over the whole count',
        params: idParams,
        querystring: inventoryReviewQuery,
        response: { 200: inventoryCountViewSchema },
      },
    },
    async (request, reply) => {
      const qs = request.query;
      const view = await reviewOf(db, request.params.id, { filter: qs.filter, minValue: qs.min_value, limit: qs.limit, offset: qs.offset });
      reply.header(TOTAL_COUNT_HEADER, String(view.matching_lines));
      return view;
    },
  );

  app.get(
    '/inventory-counts/:id/counting',
    {
      ...count,
      schema: {
        tags,
        summary: 'A count as counters see it (blind: no book quantity): lines by product code, counted so far, history',
        params: idParams,
        response: { 200: inventoryCountingViewSchema },
      },
    },
    async (request) => {
      const view = await sql.countingView(db, request.params.id);
      if (!view) throw new AppError(404, 'INVENTORY_COUNT_NOT_FOUND', msg.notFound, { id: request.params.id });
      return view;
    },
  );

  app.put(
    '/inventory-counts/:id/lines',
    {
      ...count,
      // A CSV import sends its whole file in one request (20 000 lines ≈ 2 MB of JSON); other bodies keep the 1 MB limit.
      bodyLimit: 4 * 1024 * 1024,
      schema: {
        tags,
        summary:
          'Save counted quantities (a batch of up to 20 000 lines, all or none): a line counted again keeps the latest, both in its history; ' +
          'new batches allowed (with the dates the product needs)',
        params: idParams,
        body: inventoryCountLinesSchema,
        response: { 200: inventoryCountSavedSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      return db.tx(async (q) => {
        // Two statements (were four or five): the count locked with the lines' checks, then the save with its activity row (one per line
        // saved: the lines are unique per product and batch, so the upsert writes exactly lines.length rows).
        const lines = await checkCountedLines(q, id, request.body.lines);
        const saved = await sql.saveCounts(q, id, lines, request.user.id, {
          userId: request.user.id,
          action: 'count',
          entityType: 'inventory_count',
          entityId: id,
          details: { lines: lines.length },
        });
        return { saved: saved.length, lines: saved };
      });
    },
  );

  app.post(
    '/inventory-counts/:id/apply',
    {
      ...review,
      schema: {
        tags,
        summary:
          'Apply a count: posts counted − book at the snapshot per line (INV adjustments) in one transaction, exactly once ' +
          'with Idempotency-Key; 409 INVENTORY_PROBLEMS lists every problem and writes nothing',
        params: idParams,
        headers: z.object({ 'idempotency-key': z.string().min(1).max(200).optional() }),
        body: inventoryApplySchema,
        response: { 200: applyAnswer, 409: inventoryApplyRefusalSchema, 422: inventoryApplyRefusalSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      try {
        return await idempotentReply(db, request, reply, 'inventory-counts.apply', async (q) => {
          const { posted } = await applyCount(q, id, request.body.uncounted, request.user);
          await logActivity(q, {
            userId: request.user.id,
            action: 'apply',
            entityType: 'inventory_count',
            entityId: id,
            details: { adjustments: posted },
          });
          return { status: 200, body: { id, status: 'applied', posted } };
        });
      } catch (err) {
        if (err instanceof ApplyProblems) return reply.code(409).send(problemsBody(err, requestLang(request)));
        throw err;
      }
    },
  );

  app.post(
    '/inventory-counts/:id/cancel',
    {
      ...review,
      schema: { tags, summary: 'Cancel an open count (nothing is posted)', params: idParams, response: { 200: cancelAnswer } },
    },
    async (request) => {
      const { id } = request.params;
      await db.tx(async (q) => {
        await cancelCount(q, id, request.user.id);
        await logActivity(q, {
          userId: request.user.id,
          action: 'cancel',
          entityType: 'inventory_count',
          entityId: id,
          details: { status: 'cancelled' },
        });
      });
      return { id, status: 'cancelled', message: render(msg.cancelled, requestLang(request)) };
    },
  );
};
