import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { movementSchema, type MovementFields } from '@wms/shared-api';
import { logActivity } from '../activity/log';
import type { Queryable } from '../db';
import { AppError, render } from '../http/errors';
import { sendPage } from '../http/page';
import { requestLang } from '../http/lang';
import { correctMovement, postMovementView, reverseMovement, type PostedFacts } from './ledger';
import { stockMessages as msg } from './messages';
import { getMovementView, listMovements, movementApiId, movementSource, type MovementView } from './movement-queries';
import {
  deleteResponseSchema,
  movementIdParams,
  movementListQuery,
  movementViewSchema,
  productIdParams,
  productStockQuery,
  stockListQuery,
  stockRowSchema,
} from './schemas';
import { listStock, productExists, stockOfProduct } from './stock-queries';
import type { MovementInput } from './types';

/**
 * SPEC §7 stock calls: /stock-movements (list, one, create, correct, delete) and /stock, /stock/product/{id}.
 *
 * List semantics: GET /stock-movements shows live movements — a deleted movement and its reversal disappear from it, and
 * an edited one shows only its corrected version (which has a new id). `include_history=true` lists the whole ledger, and
 * GET /stock-movements/{id} answers for any row, with `status` active | reversed | reversal and the links between them.
 */

/** Who reads the ledger: the movements screen. */
const MOVEMENT_READERS = { permission: ['movements'] } as const;
/** Who reads stock rows: the stock report, and the forms that take goods from stock (movements, sales, goods receipt). */
const STOCK_READERS = { permission: ['stockLevels', 'movements', 'sales', 'goodsReceipt'] } as const;
const WRITERS = { permission: 'movements' } as const;

function toInput(f: MovementFields): MovementInput {
  return {
    movementType: f.movement_type,
    productId: f.product_id,
    warehouseId: f.warehouse_id,
    destinationWarehouseId: f.destination_warehouse_id,
    batchNumber: f.batch_number,
    productionDate: f.production_date,
    expiryDate: f.expiry_date,
    // The JSON number as the client wrote it: the ledger reads its exact decimal digits.
    quantity: f.quantity,
    movementDate: f.movement_date,
    notes: f.notes,
  };
}

function activityDetails(row: PostedFacts): Record<string, unknown> {
  return {
    movement_type: row.movement_type,
    product_id: row.product_id,
    warehouse_id: row.warehouse_id,
    destination_warehouse_id: row.destination_warehouse_id,
    batch_number: row.batch_number || null,
    quantity: row.quantity,
    movement_date: row.movement_date,
  };
}

async function viewOf(q: Queryable, id: number): Promise<MovementView> {
  const view = await getMovementView(q, id);
  if (!view) throw new AppError(404, 'MOVEMENT_NOT_FOUND', msg.movementNotFound);
  return view;
}

/** Only manual movements are edited here; those of a sale or a receipt change through their document. */
async function assertManual(q: Queryable, id: number): Promise<void> {
  const row = await movementSource(q, id);
  if (!row) throw new AppError(404, 'MOVEMENT_NOT_FOUND', msg.movementNotFound);
  if (row.source_type !== 'MAN') {
    throw new AppError(409, 'MOVEMENT_NOT_MANUAL', msg.notManual, { type: row.source_type, number: row.source_document_number ?? '' });
  }
}

export const stockRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const tags = ['stock'];

  app.get(
    '/stock-movements',
    {
      config: MOVEMENT_READERS,
      schema: {
        tags,
        summary: 'Stock movements, newest first: filters, sort, limit/offset; total in X-Total-Count',
        querystring: movementListQuery,
        response: { 200: z.array(movementViewSchema) },
      },
    },
    async (request, reply) => {
      const qs = request.query;
      return sendPage(
        reply,
        await listMovements(db, {
          movementType: qs.type?.movementType,
          sourceType: qs.type?.sourceType,
          productCode: qs.product_code,
          productId: qs.product_id,
          warehouseId: qs.warehouse_id,
          dateFrom: qs.date_from,
          dateTo: qs.date_to,
          includeHistory: qs.include_history,
          documentType: qs.source_document_type,
          lineId: qs.source_line_id,
          sort: qs.sort,
          order: qs.order,
          limit: qs.limit,
          offset: qs.offset,
        }),
      );
    },
  );

  app.get(
    '/stock-movements/:id',
    {
      config: MOVEMENT_READERS,
      schema: {
        tags,
        summary: 'One ledger row (live, reversed or reversal)',
        params: movementIdParams,
        response: { 200: movementViewSchema },
      },
    },
    async (request) => viewOf(db, request.params.id),
  );

  app.post(
    '/stock-movements',
    {
      config: WRITERS,
      schema: {
        tags,
        summary: 'Post a movement (C load, S unload, T transfer); the author is the signed-in user',
        body: movementSchema,
        response: { 201: movementViewSchema },
      },
    },
    async (request, reply) => {
      const input = toInput(request.body);
      // The activity row and the answer's view are written and read by the posting's own statement (one round trip).
      const view = await db.tx((q) =>
        postMovementView(q, input, request.user, (posted) => ({
          userId: request.user.id,
          action: 'create',
          entityType: 'stock_movement',
          details: activityDetails(posted),
        })),
      );
      return reply.code(201).send(view);
    },
  );

  app.put(
    '/stock-movements/:id',
    {
      config: WRITERS,
      schema: {
        tags,
        summary: 'Correct a manual movement: appends its reversal and the corrected movement (which has a new id)',
        params: movementIdParams,
        body: movementSchema,
        response: { 200: movementViewSchema },
      },
    },
    async (request) => {
      const id = request.params.id;
      const input = toInput(request.body);
      return db.tx(async (q) => {
        await assertManual(q, id);
        const { reversal, movement } = await correctMovement(q, id, input, request.user);
        await logActivity(q, {
          userId: request.user.id,
          action: 'update',
          entityType: 'stock_movement',
          entityId: id,
          details: { ...activityDetails(movement), replaced_by: movement.id, reversal_id: reversal.id },
        });
        return viewOf(q, movement.id);
      });
    },
  );

  app.delete(
    '/stock-movements/:id',
    {
      config: WRITERS,
      schema: {
        tags,
        summary: 'Delete a manual movement: appends its reversal (refused with 409 if its goods already left)',
        params: movementIdParams,
        response: { 200: deleteResponseSchema },
      },
    },
    async (request) => {
      const id = request.params.id;
      const reversal = await db.tx(async (q) => {
        await assertManual(q, id);
        const r = await reverseMovement(q, id, request.user);
        await logActivity(q, {
          userId: request.user.id,
          action: 'delete',
          entityType: 'stock_movement',
          entityId: id,
          details: { reversal_id: r.id },
        });
        return r;
      });
      return { message: render(msg.deleted, requestLang(request)), id: movementApiId(id, 'MAN'), reversal_id: reversal.id };
    },
  );

  app.get(
    '/stock',
    {
      config: STOCK_READERS,
      schema: {
        tags,
        summary: 'Stock rows with product fields, by product code; filters; limit/offset, total in X-Total-Count',
        querystring: stockListQuery,
        response: { 200: z.array(stockRowSchema) },
      },
    },
    async (request, reply) => {
      const qs = request.query;
      return sendPage(
        reply,
        await listStock(db, {
          warehouseId: qs.warehouse_id,
          productId: qs.product_id,
          code: qs.code,
          description: qs.description,
          category: qs.category,
          includeZero: qs.include_zero,
          limit: qs.limit,
          offset: qs.offset,
        }),
      );
    },
  );

  app.get(
    '/stock/product/:productId',
    {
      config: STOCK_READERS,
      schema: {
        tags,
        summary: "A product's stock rows above zero, earliest expiry first (the batches a form may take from)",
        params: productIdParams,
        querystring: productStockQuery,
        response: { 200: z.array(stockRowSchema) },
      },
    },
    async (request) => {
      const rows = await stockOfProduct(db, request.params.productId, request.query.warehouse_id);
      if (rows.length === 0 && !(await productExists(db, request.params.productId))) {
        throw new AppError(404, 'PRODUCT_NOT_FOUND', msg.productNotFound, { id: request.params.productId });
      }
      return rows;
    },
  );
};
