import type { FastifyRequest } from 'fastify';
import type { FastifyRouteSchemaDef, FastifyValidationResult } from 'fastify/types/schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  goodsReceiptSchema,
  itemCompletionSchema,
  listQuery,
  queryFlag,
  receiptDocumentSchema,
  receiptFieldMessages,
  receiptHistorySchema,
  receiptOrderRowSchema,
  receiptOrderSchema,
  type GoodsReceiptFields,
} from '@wms/shared-api';
import { logActivity } from '../activity/log';
import type { Queryable } from '../db';
import { AppError, common } from '../http/errors';
import { idempotentReply } from '../http/idempotency';
import { requestLang } from '../http/lang';
import { sendPage } from '../http/page';
import { idParam, idParams } from '../http/schemas';
import { zodValidatorCompiler } from '../http/validation';
import { receiptMessages as msg } from './messages';
import { lockItems, lockOrder, orderOfItem, refreshOrderStatus, setCompleted } from './orders';
import { getItemHistory, getOrderForReceipt, getReceipt, listOrdersToReceive } from './queries';
import { receiveGoods, type ReceiptSettings } from './receive';
import { reverseReceipt } from './reverse';

const orderParams = idParam('orderId');
const itemParams = idParam('itemId');
const receiptParams = idParams;
const ordersQuery = listQuery(['requested_arrival_date'] as const, {
  show_all: queryFlag.describe('true: fully received orders too'),
});

/** The body is parsed in the handler so a 400 speaks the receipt rules' own words (shared-api goods-receipt). */
function bodyCheckedInHandler<S>(route: FastifyRouteSchemaDef<S>): FastifyValidationResult {
  return route.httpPart === 'body'
    ? (data: unknown) => ({ value: data })
    : zodValidatorCompiler(route as unknown as FastifyRouteSchemaDef<z.ZodType>);
}

function parseReceipt(request: FastifyRequest): GoodsReceiptFields {
  const result = goodsReceiptSchema.safeParse(request.body ?? {});
  if (result.success) return result.data;
  const fields = receiptFieldMessages(result.error, requestLang(request));
  const entries = Object.entries(fields);
  const details = entries
    .slice(0, 3)
    .map(([path, text]) => (path === '_' ? text : `${path}: ${text}`))
    .join('; ');
  throw new AppError(
    400,
    'VALIDATION',
    common.validation,
    { details: entries.length > 3 ? `${details} (+${entries.length - 3})` : details },
    fields,
  );
}

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
      validatorCompiler: bodyCheckedInHandler,
      schema: {
        tags,
        summary:
          'Receive one delivery note: one load per line or batch through the ledger, statuses updated, all or nothing. ' +
          'Send an Idempotency-Key header: a replay answers the first receipt and posts nothing more.',
        body: goodsReceiptSchema,
        response: { 201: receiptDocumentSchema },
      },
    },
    async (request, reply) => {
      const body = parseReceipt(request);
      return idempotentReply(db, request, reply, 'goods-receipts.receive', async (q) => {
        const receiptId = await receiveGoods(q, body, request.user, settings(), requestLang(request));
        return { status: 201, body: await receiptOrThrow(q, receiptId) };
      });
    },
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
    async (request) => {
      const { itemId } = request.params;
      const { completed } = request.body;
      const orderId = await orderOfItem(db, itemId);
      await db.tx(async (q) => {
        const order = await lockOrder(q, orderId);
        const items = await lockItems(q, order, [itemId]);
        const item = items.get(itemId);
        if (item && item.completed !== completed) {
          await setCompleted(q, itemId, completed);
          const status = await refreshOrderStatus(q, order.id);
          await logActivity(q, {
            userId: request.user.id,
            action: 'update',
            entityType: 'purchase_order_item',
            entityId: itemId,
            details: {
              order_number: order.order_number,
              code: item.code,
              completed: `${item.completed} → ${completed}`,
              order_status: status,
            },
          });
        }
      });
      return (await getOrderForReceipt(db, orderId, settings().overReceiptTolerancePercent)) as NonNullable<
        Awaited<ReturnType<typeof getOrderForReceipt>>
      >;
    },
  );
};
