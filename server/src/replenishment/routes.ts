import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addDays,
  companyToday,
  replenishmentLineViewSchema,
  replenishmentOrdersResultSchema,
  replenishmentOrdersSchema,
  replenishmentQuery,
  type ReplenishmentOrdersFields,
  type ReplenishmentOrdersResult,
} from '@wms/shared-api';
import type { Queryable } from '../db';
import { AppError, render, type Lang } from '../http/errors';
import { idempotentReply } from '../http/idempotency';
import { requestLang } from '../http/lang';
import { createOrder } from '../purchase-orders/routes';
import { stockLimitRoutes } from './limits';
import { replenishmentMessages as msg } from './messages';
import * as sql from './sql';

/**
 * Creates the draft purchase orders of a replenishment action, one per supplier, in the caller's transaction.
 *
 * Never twice: the limit rows of the requested lines are locked first (key order), then the proposal is computed again
 * for those lines — a statement after the lock, so it sees every order a buyer who held those locks before has committed.
 * Lines no longer below minimum (someone ordered them meanwhile) are left out; when none is left the action is refused
 * with 409 ALREADY_ORDERED and writes nothing. The quantities are the buyer's (edited on screen). Orders go through the
 * purchase-orders module's createOrder: its checks, its numbering, its activity log.
 */
export async function createReplenishmentOrders(
  q: Queryable,
  body: ReplenishmentOrdersFields,
  userId: number,
  lang: Lang,
): Promise<ReplenishmentOrdersResult> {
  const today = companyToday();
  const present = await sql.lockLimits(q, body.lines);
  const missing = body.lines.find((l) => !present.has(`${l.product_id}:${l.warehouse_id}`));
  if (missing) {
    if (!(await sql.productIsLive(q, missing.product_id)))
      throw new AppError(400, 'PRODUCT_NOT_FOUND', msg.productNotFound, { id: missing.product_id });
    throw new AppError(409, 'NO_STOCK_LIMIT', msg.noLimit, await sql.pairNames(q, missing.product_id, missing.warehouse_id));
  }
  const still = await sql.suggestions(q, today, { pairs: body.lines });
  const byKey = new Map(still.map((s) => [`${s.product_id}:${s.warehouse_id}`, s]));
  const lines = body.lines.flatMap((l) => {
    const s = byKey.get(`${l.product_id}:${l.warehouse_id}`);
    return s ? [{ ...l, s }] : [];
  });
  if (!lines.length) throw new AppError(409, 'ALREADY_ORDERED', msg.alreadyOrdered);
  const noSupplier = lines.find((l) => l.s.supplier_id === null);
  if (noSupplier) throw new AppError(409, 'NO_SUPPLIER', msg.noSupplier, { code: noSupplier.s.product_code });
  const noPrice = lines.find((l) => l.s.unit_price === null);
  if (noPrice) throw new AppError(409, 'NO_PRICE', msg.noPrice, { code: noPrice.s.product_code });

  const bySupplier = new Map<number, typeof lines>();
  for (const l of lines) bySupplier.set(l.s.supplier_id as number, [...(bySupplier.get(l.s.supplier_id as number) ?? []), l]);
  const leadDays = await sql.setting(q, 'replenishment_lead_days', 7);
  const orders: ReplenishmentOrdersResult['orders'] = [];
  for (const [supplierId, group] of [...bySupplier].sort(([a], [b]) => a - b)) {
    const order = await createOrder(
      q,
      {
        order_date: today,
        requested_arrival_date: addDays(today, leadDays),
        confirmed_arrival_date: null,
        supplier_id: supplierId,
        notes: render(msg.draftNote, lang),
        items: group.map((l) => ({
          id: null,
          product_id: l.product_id,
          quantity: l.quantity,
          unit_price: l.s.unit_price as string,
          price_source: 'price' as const,
        })),
      },
      userId,
    );
    await sql.recordLines(
      q,
      group.map((l, i) => ({ order_item_id: order.items[i].id, product_id: l.product_id, warehouse_id: l.warehouse_id })),
      userId,
    );
    orders.push({ id: order.id, order_number: order.order_number, supplier_id: supplierId });
  }
  return { orders };
}

/**
 * Replenishment (issue 28): the proposal and its draft orders, plus stock limits (limits.ts). Permission `replenishment`
 * (orders, direction, admin).
 */
export const replenishmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const tags = ['replenishment'];
  const config = { permission: 'replenishment' as const };

  app.get(
    '/replenishment',
    {
      config,
      schema: {
        tags,
        summary:
          'Lines whose available + on-order quantity is below the minimum, with suggested quantity = max − (available + on order) and the price in force',
        querystring: replenishmentQuery,
        response: { 200: z.array(replenishmentLineViewSchema) },
      },
    },
    async (request) => sql.suggestions(db, companyToday(), { warehouseId: request.query.warehouse_id }),
  );

  app.post(
    '/replenishment/orders',
    {
      config,
      schema: {
        tags,
        summary:
          'Draft purchase orders from ticked proposal lines, one per supplier; lines already covered by open orders are left out (409 when none is left). Idempotency-Key',
        body: replenishmentOrdersSchema,
        response: { 201: replenishmentOrdersResultSchema },
      },
    },
    async (request, reply) =>
      idempotentReply(db, request, reply, 'replenishment.orders', async (q) => ({
        status: 201,
        body: await createReplenishmentOrders(q, request.body, request.user.id, requestLang(request)),
      })),
  );

  await app.register(stockLimitRoutes);
};
