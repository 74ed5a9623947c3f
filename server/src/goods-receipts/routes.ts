import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  goodsReceiptSchema,
  itemCompletionSchema,
  listQuery,
  queryFlag,
  receiptDocumentSchema,
  receiptHistorySchema,
  receiptOrderRowSchema,
  receiptOrderSchema,
} from '@wms/shared-api';
import type { Queryable } from '../db';
import { AppError } from '../http/errors';
import { idempotentReply } from '../http/idempotency';
import { sendPage } from '../http/page';
import { idParam, idParams } from '../http/schemas';
import { receiptMessages as msg } from './messages';
import { markItemCompleted } from './orders';
import { getItemHistory, getOrderForReceipt, getReceipt, listOrdersToReceive } from './queries';
import { receiveGoods, type ReceiptSettings } from './receive';
import { reverseReceipt } from './reverse';

const orderParams = idParam('orderId');
const itemParams = idParam('itemId');
const receiptParams = idParams;
const ordersQuery = listQuery(['requested_arrival_date'] as const, {
  show_all: queryFlag.describe('true: fully received orders too'),
});

async function receiptOrThrow(q: Queryable, receiptId: number) {
  const receipt = await getReceipt(q, receiptId);
  if (!receipt) throw new AppError(404, 'RECEIPT_NOT_FOUND', msg.receiptNotFound);
  return receipt;
}

/**
 * SPEC §7 /goods-receipts/*: orders to receive, one order for receipt, receiving a delivery note (exactly once with an
 * Idempotency-Key), reversing a receipt, the mark-as-completed toggle, one item's history, one receipt (labels).
 * Every route needs the goodsReceipt permission (SPEC §6).
 */
export const goodsReceiptRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const tags = ['goods-receipts'];
  const config = { permission: 'goodsReceipt' as const };
  const settings = (): ReceiptSettings => ({ overReceiptTolerancePercent: app.config.receiptOverTolerancePercent });

  app.get(
    '/goods-receipts/orders',
    {
      config,
      schema: {
        tags,
        summary: 'Orders to receive (not fully received; all with show_all=true), by requested arrival; total in X-Total-Count',
        querystring: ordersQuery,
        response: { 200: z.array(receiptOrderRowSchema) },
      },
    },
    async (request, reply) => {
      const qs = request.query;
      return sendPage(reply, await listOrdersToReceive(db, { showAll: qs.show_all ?? false, q: qs.q, limit: qs.limit, offset: qs.offset }));
    },
  );

  app.get(
    '/goods-receipts/order-details/:orderId',
    {
      config,
      schema: {
        tags,
        summary: 'One order for receipt: items, statuses, summary and receipts',
        params: orderParams,
        response: { 200: receiptOrderSchema },
      },
    },
    async (request) => {
      const order = await getOrderForReceipt(db, request.params.orderId, settings().overReceiptTolerancePercent);
      if (!order) throw new AppError(404, 'ORDER_NOT_FOUND', msg.orderNotFound);
      return order;
    },
  );

  app.get(
    '/goods-receipts/item-history/:itemId',
    {
      config,
      schema: { tags, summary: 'Receipt history of one order item (SPEC §3)', params: itemParams, response: { 200: receiptHistorySchema } },
    },
    async (request) => {
      const history = await getItemHistory(db, request.params.itemId);
      if (!history) throw new AppError(404, 'ORDER_ITEM_NOT_FOUND', msg.itemNotFound);
      return history;
    },
  );

  app.get(
    '/goods-receipts/:id',
    {
      config,
      schema: {
        tags,
        summary: 'One receipt document with lines and batches (labels)',
        params: receiptParams,
        response: { 200: receiptDocumentSchema },
      },
    },
    async (request) => receiptOrThrow(db, request.params.id),
  );

  app.post(
    '/goods-receipts/receive',
    {
      config,
      schema: {
        tags,
        summary:
          'Receive one delivery note: one load per line or batch through the ledger, statuses updated, all or nothing. ' +
          'Send an Idempotency-Key header: a replay answers the first receipt and posts nothing more.',
        body: goodsReceiptSchema,
        response: { 201: receiptDocumentSchema },
      },
    },
    async (request, reply) =>
      idempotentReply(db, request, reply, 'goods-receipts.receive', async (q) => {
        const receiptId = await receiveGoods(q, request.body, request.user, settings());
        return { status: 201, body: await receiptOrThrow(q, receiptId) };
      }),
  );

  app.post(
    '/goods-receipts/:id/reverse',
    {
      config,
      schema: {
        tags,
        summary: 'Reverse a wrong receipt: opposite movements through the ledger, statuses follow; 409 when the goods already left',
        params: receiptParams,
        response: { 200: receiptDocumentSchema },
      },
    },
    async (request) =>
      db.tx(async (q) => {
        await reverseReceipt(q, request.params.id, request.user);
        return receiptOrThrow(q, request.params.id);
      }),
  );

  app.put(
    '/goods-receipts/order-items/:itemId/completed',
    {
      config,
      schema: {
        tags,
        summary: 'Mark an order item as completed, or reopen it (SPEC §4); answers the order for receipt',
        params: itemParams,
        body: itemCompletionSchema,
        response: { 200: receiptOrderSchema },
      },
    },
    async (request) =>
      db.tx(async (q) => {
        const orderId = await markItemCompleted(q, request.params.itemId, request.body.completed, request.user);
        return (await getOrderForReceipt(q, orderId, settings().overReceiptTolerancePercent)) as NonNullable<
          Awaited<ReturnType<typeof getOrderForReceipt>>
        >;
      }),
  );
};
