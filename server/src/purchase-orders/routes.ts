import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  compareDecimals,
  companyToday,
  ORDER_STATUSES,
  PURCHASE_ORDER_SORTS,
  purchaseOrderSchema,
  purchaseOrderSummarySchema,
  purchaseOrderViewSchema,
  dayField,
  type PurchaseOrderFields,
} from '@wms/shared-api';
import { logActivity } from '../activity/log';
import type { Queryable } from '../db';
import { csvDate, csvDecimal, keysetBatches, sendCsv } from '../http/csv';
import { AppError, render, shown, type Lang } from '../http/errors';
import { requestLang } from '../http/lang';
import { sendPage } from '../http/page';
import { assertUnchanged } from '../http/versions';
import { listQuery, queryFlag } from '@wms/shared-api';
import { deletedSchema, idParams } from '../http/schemas';
import { orderMessages as msg } from './messages';
import * as sql from './sql';

const filters = {
  status: z.enum(ORDER_STATUSES, { error: 'invalidOption' }).optional(),
  supplier_id: idParams.shape.id.optional(),
  date_from: dayField.optional().describe('order date from (yyyy-MM-dd or dd/MM/yyyy)'),
  date_to: dayField.optional().describe('order date to, included'),
  late: queryFlag.describe('true: open orders whose requested arrival has passed (the home page card, issue 28)'),
};
const listQs = listQuery(PURCHASE_ORDER_SORTS, filters);
const exportQs = z.object({ q: listQs.shape.q, ...filters });

const STATUS_WORDS: Record<Lang, Record<string, string>> = {
  it: { notReceived: 'Non Arrivato', partiallyReceived: 'Arrivato Parzialmente', fullyReceived: 'Arrivato Completamente' },
  fr: { notReceived: 'Non arrivée', partiallyReceived: 'Arrivée partiellement', fullyReceived: 'Arrivée complètement' },
};
const CSV_HEADERS: Record<Lang, string[]> = {
  it: ['Numero', 'Data ordine', 'Arrivo richiesto', 'Arrivo confermato', 'Fornitore', 'Stato', 'Righe', 'Totale', 'Valuta', 'Note'],
  fr: [
    'Numéro',
    'Date de commande',
    'Arrivée demandée',
    'Arrivée confirmée',
    'Fournisseur',
    'Statut',
    'Lignes',
    'Total',
    'Devise',
    'Notes',
  ],
};

async function found(q: Queryable, id: number) {
  const order = await sql.getOrder(q, id);
  if (!order) throw new AppError(404, 'ORDER_NOT_FOUND', msg.orderNotFound);
  return order;
}

/**
 * Checks what the schema cannot (live supplier; each product live, of that supplier, and active unless the line already
 * had it; existing line ids belong to the order; no received line removed, re-targeted or cut below what was received),
 * then fills in what the server decides: each line's currency (its product's), where its price came from (the price in
 * force on the order date, compared exactly), and the order currency (the first line's).
 */
async function prepared(q: Queryable, o: PurchaseOrderFields, orderId: number | null) {
  if (!(await sql.supplierIsLive(q, o.supplier_id)))
    throw new AppError(400, 'SUPPLIER_NOT_FOUND', msg.supplierUnknown, { id: o.supplier_id });
  const current = orderId === null ? [] : await sql.lineState(q, orderId);
  const byId = new Map(current.map((l) => [l.id, l]));
  const products = await sql.productsFor(q, [...new Set(o.items.map((i) => i.product_id))]);
  const prices = await sql.pricesOnDay(q, o.supplier_id, [...products.keys()], o.order_date);
  const lines = o.items.map((item, n) => {
    const product = products.get(item.product_id);
    if (!product) throw new AppError(400, 'PRODUCT_NOT_FOUND', msg.productUnknown, { id: item.product_id });
    if (product.supplier_id !== null && product.supplier_id !== o.supplier_id) {
      throw new AppError(400, 'PRODUCT_OF_OTHER_SUPPLIER', msg.productOfOtherSupplier, { code: product.code });
    }
    const before = item.id === null ? undefined : byId.get(item.id);
    if (item.id !== null && !before) throw new AppError(400, 'ITEM_NOT_IN_ORDER', msg.itemUnknown, { id: item.id });
    if (product.status !== 'active' && before?.product_id !== item.product_id) {
      throw new AppError(400, 'PRODUCT_INACTIVE', msg.productInactive, { code: product.code });
    }
    if (before?.has_receipts) {
      if (before.product_id !== item.product_id)
        throw new AppError(409, 'ITEM_HAS_RECEIPTS', msg.receivedLineRemoved, { code: before.product_code });
      if (compareDecimals(item.quantity, before.received_quantity) < 0) {
        throw new AppError(409, 'ITEM_BELOW_RECEIVED', msg.belowReceived, {
          code: product.code,
          received: shown(before.received_quantity),
        });
      }
    }
    const inForce = prices.get(item.product_id);
    return {
      id: item.id,
      line_no: n + 1,
      product_id: item.product_id,
      quantity: item.quantity,
      unit_price: item.unit_price,
      currency: product.currency,
      price_source: inForce !== undefined && compareDecimals(inForce, item.unit_price) === 0 ? ('price' as const) : ('manual' as const),
    };
  });
  const kept = new Set(lines.map((l) => l.id));
  const dropped = current.find((l) => !kept.has(l.id) && l.has_receipts);
  if (dropped) throw new AppError(409, 'ITEM_HAS_RECEIPTS', msg.receivedLineRemoved, { code: dropped.product_code });
  const { items: _items, ...header } = o;
  return { header: { ...header, currency: lines[0].currency }, lines };
}

/**
 * Creates an order in the caller's transaction, with every check of the order form's POST (prepared), the server's
 * numbering and the activity log; returns the saved order. Also used by replenishment (issue 28) for its draft orders.
 */
export async function createOrder(q: Queryable, body: PurchaseOrderFields, userId: number) {
  const { header, lines } = await prepared(q, body, null);
  const id = await sql.insertOrder(q, header, userId);
  await sql.writeLines(q, id, lines);
  const saved = await found(q, id);
  await logActivity(q, {
    userId,
    action: 'create',
    entityType: 'purchase_order',
    entityId: id,
    details: {
      order_number: saved.order_number,
      supplier: saved.supplier_name,
      items: saved.item_count,
      total: saved.total_amount,
      currency: saved.currency,
    },
  });
  return saved;
}

/**
 * SPEC §7 purchase orders: list (server paging, search, status / supplier / date filters), CSV export, one, create,
 * update, delete (soft; 409 once goods were received). Every route needs the `purchaseOrders` permission (SPEC §6).
 * Totals, status and the order number are the server's: a client's are ignored.
 */
export const purchaseOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const tags = ['purchase-orders'];
  const config = { permission: 'purchaseOrders' as const };

  app.get(
    '/purchase-orders',
    {
      config,
      schema: {
        tags,
        summary:
          'Live orders, one page: q, status, supplier_id, date_from/date_to (order date), sort/order, limit/offset; total in X-Total-Count',
        querystring: listQs,
        response: { 200: z.array(purchaseOrderSummarySchema) },
      },
    },
    async (request, reply) => sendPage(reply, await sql.listOrders(db, request.query)),
  );

  app.get(
    '/purchase-orders/export.csv',
    { config, schema: { tags, summary: 'The filtered list as CSV (UTF-8 BOM, ";", decimal comma), newest first', querystring: exportQs } },
    async (request, reply) => {
      const lang = requestLang(request);
      const h = CSV_HEADERS[lang];
      type Summary = z.infer<typeof purchaseOrderSummarySchema>;
      const value: Array<(o: Summary) => string | null> = [
        (o) => o.order_number,
        (o) => csvDate(o.order_date),
        (o) => csvDate(o.requested_arrival_date),
        (o) => (o.confirmed_arrival_date ? csvDate(o.confirmed_arrival_date) : null),
        (o) => o.supplier_name,
        (o) => STATUS_WORDS[lang][o.status],
        (o) => String(o.item_count),
        (o) => o.totals.map((t) => csvDecimal(t.amount)).join(' + ') || csvDecimal('0'),
        (o) => o.totals.map((t) => t.currency).join(' + ') || o.currency,
        (o) => o.notes,
      ];
      return sendCsv(reply, {
        filename: `ordini-fornitori-${companyToday()}.csv`,
        columns: h.map((header, i) => ({ header, value: value[i] })),
        rows: keysetBatches<Summary>((after) => sql.exportBatch(db, request.query, after, 1000), 1000),
      });
    },
  );

  app.get(
    '/purchase-orders/:id',
    { config, schema: { tags, summary: 'One live order with its lines', params: idParams, response: { 200: purchaseOrderViewSchema } } },
    async (request) => found(db, request.params.id),
  );

  app.post(
    '/purchase-orders',
    {
      config,
      schema: {
        tags,
        summary: 'Create an order: the server numbers it (PO-yyyy-nnnnn), prices each line source and computes every total',
        body: purchaseOrderSchema,
        response: { 201: purchaseOrderViewSchema },
      },
    },
    async (request, reply) => {
      const order = await db.tx((q) => createOrder(q, request.body, request.user.id));
      return reply.code(201).send(order);
    },
  );

  app.put(
    '/purchase-orders/:id',
    {
      config,
      schema: {
        tags,
        summary:
          'Update an order and its lines (lines keep their id; 409 if a received line would be removed or cut below what was received)',
        params: idParams,
        body: purchaseOrderSchema,
        response: { 200: purchaseOrderViewSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      return db.tx(async (q) => {
        const locked = await sql.lockPurchaseOrder(q, id);
        if (!locked) throw new AppError(404, 'ORDER_NOT_FOUND', msg.orderNotFound);
        const before = await found(q, id);
        assertUnchanged(request, before);
        const { header, lines } = await prepared(q, request.body, id);
        await sql.updateOrder(q, id, header, request.user.id);
        await sql.writeLines(q, id, lines);
        const after = await found(q, id);
        const changes: Record<string, string> = {};
        for (const k of [
          'order_date',
          'requested_arrival_date',
          'confirmed_arrival_date',
          'supplier_name',
          'notes',
          'item_count',
          'total_amount',
        ] as const) {
          if (String(before[k] ?? '—') !== String(after[k] ?? '—')) changes[k] = `${before[k] ?? '—'} → ${after[k] ?? '—'}`;
        }
        await logActivity(q, {
          userId: request.user.id,
          action: 'update',
          entityType: 'purchase_order',
          entityId: id,
          details: { order_number: after.order_number, ...changes },
        });
        return after;
      });
    },
  );

  app.delete(
    '/purchase-orders/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Soft-delete an order; 409 once goods were received against it',
        params: idParams,
        response: { 200: deletedSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      await db.tx(async (q) => {
        const locked = await sql.lockPurchaseOrder(q, id);
        if (!locked) throw new AppError(404, 'ORDER_NOT_FOUND', msg.orderNotFound);
        if (await sql.hasReceipts(q, id)) throw new AppError(409, 'ORDER_HAS_RECEIPTS', msg.hasReceipts, { number: locked.order_number });
        await sql.softDeleteOrder(q, id, request.user.id);
        await logActivity(q, {
          userId: request.user.id,
          action: 'delete',
          entityType: 'purchase_order',
          entityId: id,
          details: { order_number: locked.order_number },
        });
      });
      return { message: render(msg.orderDeleted, requestLang(request)), id };
    },
  );
};
