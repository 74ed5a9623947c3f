import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  isBatchExpired,
  saleSchema,
  saleStatusSchema,
  saleStockRowSchema,
  saleViewSchema,
  sortFefo,
  type SaleStockRow,
} from '@wms/shared-api';
import type { Queryable } from '../db';
import { idempotentReply } from '../http/idempotency';
import { AppError, render } from '../http/errors';
import { requestLang } from '../http/lang';
import { sendPage } from '../http/page';
import { salesMessages as msg } from './messages';
import { cancelSale, createSale, editSale } from './posting';
import { cancelResponseSchema, productIdParams, saleIdParams, saleListQuery } from './schemas';
import * as sql from './sql';
import { quantityView } from '../stock/quantity';

/**
 * SPEC §7 sales: GET /sales (paged, newest first, searchable), GET /sales/{id}, POST /sales (Idempotency-Key honoured),
 * PUT /sales/{id} (edit = cancel + new sale in one transaction), PUT /sales/{id}/cancel and PUT /sales/{id}/status
 * {status: 'cancelled'}, and GET /sales/stock/{productId} (the batches a sale may take from, FEFO). All behind `sales`.
 */

async function viewOf(q: Queryable, id: number) {
  const view = await sql.getSaleView(q, id);
  if (!view) throw new AppError(404, 'SALE_NOT_FOUND', msg.notFound, { id });
  return view;
}

export const salesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const tags = ['sales'];
  const config = { permission: 'sales' as const };

  app.get(
    '/sales',
    {
      config,
      schema: {
        tags,
        summary: 'Sales, newest first: q (code, description, customer, batch, warehouse), status, limit/offset; total in X-Total-Count',
        querystring: saleListQuery,
        response: { 200: z.array(saleViewSchema) },
      },
    },
    async (request, reply) => {
      const qs = request.query;
      return sendPage(
        reply,
        await sql.listSales(db, {
          q: qs.q,
          status: qs.status,
          customerId: qs.customer_id,
          productId: qs.product_id,
          limit: qs.limit,
          offset: qs.offset,
        }),
      );
    },
  );

  app.get(
    '/sales/stock/:productId',
    {
      config,
      schema: {
        tags,
        summary: "A product's batches a sale may take from: FEFO (earliest expiry, then oldest receipt), expired ones marked",
        params: productIdParams,
        response: { 200: z.array(saleStockRowSchema) },
      },
    },
    async (request): Promise<SaleStockRow[]> => {
      const now = new Date();
      const rows = await sql.saleableStock(db, request.params.productId);
      return sortFefo(rows).map((r) => ({
        product_id: r.product_id,
        warehouse_id: r.warehouse_id,
        warehouse_name: r.warehouse_name,
        batch_number: r.batch_number || null,
        quantity: quantityView(r.quantity),
        unit_of_measure: r.unit_of_measure,
        expiry_date: r.expiry_date,
        received_at: r.received_at,
        expired: isBatchExpired(r.expiry_date, now),
      }));
    },
  );

  app.get(
    '/sales/:id',
    { config, schema: { tags, summary: 'One sale', params: saleIdParams, response: { 200: saleViewSchema } } },
    async (request) => viewOf(db, request.params.id),
  );

  app.post(
    '/sales',
    {
      config,
      schema: {
        tags,
        summary: 'Sell: writes the sale and posts its unload (S, SO) through the ledger; Idempotency-Key makes it exactly once',
        body: saleSchema,
        response: { 201: saleViewSchema },
      },
    },
    async (request, reply) =>
      idempotentReply(db, request, reply, 'sales.create', async (q) => {
        const id = await createSale(q, request.body, request.user);
        return { status: 201, body: await viewOf(q, id) };
      }),
  );

  app.put(
    '/sales/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Edit: cancels the sale and creates the new one in one transaction (a refused new sale leaves the old intact)',
        params: saleIdParams,
        body: saleSchema,
        response: { 200: saleViewSchema },
      },
    },
    async (request, reply) =>
      idempotentReply(db, request, reply, 'sales.edit', async (q) => {
        const id = await editSale(q, request.params.id, request.body, request.user);
        return { status: 200, body: await viewOf(q, id) };
      }),
  );

  const cancel = async (request: FastifyRequest, id: number) => {
    await db.tx((q) => cancelSale(q, id, request.user));
    return { message: render(msg.cancelSuccess, requestLang(request)), id, status: 'cancelled' as const };
  };

  app.put(
    '/sales/:id/cancel',
    {
      config,
      schema: {
        tags,
        summary: 'Cancel: appends the reversal of the unload (goods back in stock); a cancelled sale → 409',
        params: saleIdParams,
        response: { 200: cancelResponseSchema },
      },
    },
    async (request) => cancel(request, request.params.id),
  );

  app.put(
    '/sales/:id/status',
    {
      config,
      schema: {
        tags,
        summary: 'The older reading of cancel: {status: "cancelled"} (no other status can be set)',
        params: saleIdParams,
        body: saleStatusSchema,
        response: { 200: cancelResponseSchema },
      },
    },
    async (request) => cancel(request, request.params.id),
  );
};
