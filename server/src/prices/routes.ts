import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addDays,
  companyToday,
  PRICE_SORTS,
  PRICE_STATUSES,
  priceCountsSchema,
  priceFromTodayResultSchema,
  priceFromTodaySchema,
  priceInForceSchema,
  priceSchema,
  priceViewSchema,
  type Currency,
  type Price,
  type PriceFields,
  type PriceFromTodayResult,
} from '@wms/shared-api';
import { describeChanges } from '../activity/changes';
import { logActivity } from '../activity/log';
import type { Queryable } from '../db';
import { AppError, render } from '../http/errors';
import { requestLang } from '../http/lang';
import { sendPage } from '../http/page';
import { assertUnchanged } from '../http/versions';
import { dayField } from '@wms/shared-api';
import { listQuery } from '@wms/shared-api';
import { deletedSchema, idParams } from '../http/schemas';
import { planPriceFromToday } from './from-today';
import { priceInForce } from './in-force';
import { priceMessages as msg } from './messages';
import * as sql from './sql';

const ref = idParams.shape.id;
const filters = {
  status: z.enum(PRICE_STATUSES, { error: 'invalidOption' }).optional(),
  product_id: ref.optional(),
  supplier_id: ref.optional(),
};
const listQs = listQuery(PRICE_SORTS, filters);
const countsQs = z.object({ q: listQs.shape.q, product_id: ref.optional(), supplier_id: ref.optional() });
const inForceQs = z.object({
  product_id: ref,
  supplier_id: ref,
  date: dayField.optional().describe("'yyyy-MM-dd' or dd/MM/yyyy; default: the company's today"),
});
const productParams = z.object({ productId: ref });

/** PostgreSQL's exclusion_violation (23P01) on the no-overlap constraint. */
function isOverlap(err: unknown): boolean {
  const e = err as { code?: string; constraint?: string } | null;
  return e?.code === '23P01' && e.constraint === 'prices_no_overlap';
}

async function found(q: Queryable, id: number) {
  const price = await sql.getPrice(q, id, companyToday());
  if (!price) throw new AppError(404, 'PRICE_NOT_FOUND', msg.priceNotFound);
  return price;
}

/**
 * The checks the schema cannot make: live product and supplier, the product belongs to that supplier (a product with no
 * supplier may be priced by any). Returns the fields with the currency filled in (the product's when not given).
 */
async function checked<P extends Pick<PriceFields, 'product_id' | 'supplier_id' | 'currency'>>(
  q: Queryable,
  p: P,
  lock = false,
): Promise<P & { currency: Currency }> {
  const product = await sql.productForPrice(q, p.product_id, lock);
  if (!product) throw new AppError(400, 'PRODUCT_NOT_FOUND', msg.productUnknown, { id: p.product_id });
  if (!(await sql.supplierIsLive(q, p.supplier_id)))
    throw new AppError(400, 'SUPPLIER_NOT_FOUND', msg.supplierUnknown, { id: p.supplier_id });
  if (product.supplier_id !== null && product.supplier_id !== p.supplier_id) {
    throw new AppError(400, 'PRODUCT_OF_OTHER_SUPPLIER', msg.productOfOtherSupplier, { code: product.code });
  }
  return { ...p, currency: p.currency ?? (product.currency as Currency) };
}

type CheckedPrice = PriceFields & { currency: Currency };

/** Inserts a checked price and logs its creation (POST /prices and "price from today"); the price as read back. */
async function createPrice(q: Queryable, p: CheckedPrice, userId: number): Promise<Price> {
  const id = await sql.insertPrice(q, p, userId);
  const { product_id, supplier_id, price, currency, start_date, end_date } = p;
  const details = { product_id, supplier_id, price, currency, start_date, end_date };
  await logActivity(q, { userId, action: 'create', entityType: 'price', entityId: id, details });
  return found(q, id);
}

/** Rewrites the price `before` with `p` and logs what changed (PUT /prices/{id} and "price from today"); the price after. */
async function rewritePrice(q: Queryable, before: Price, p: CheckedPrice, userId: number): Promise<Price> {
  if (!(await sql.updatePrice(q, before.id, p, userId))) throw new AppError(404, 'PRICE_NOT_FOUND', msg.priceNotFound);
  const after = await found(q, before.id);
  const changed = describeChanges(before, after, ['product_id', 'supplier_id', 'price', 'currency', 'start_date', 'end_date']);
  const details = { product_code: after.product_code, ...changed };
  await logActivity(q, { userId, action: 'update', entityType: 'price', entityId: before.id, details });
  return after;
}

/** Runs a write; the database's exclusion constraint turns an overlapping window into 409 (also when saves race). */
async function noOverlap<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isOverlap(err)) throw new AppError(409, 'PRICE_OVERLAP', msg.overlap);
    throw err;
  }
}

/**
 * SPEC §7 prices: list (server paging, search, status filter), counters, one, a product's prices, the price in force, create,
 * update, delete (soft), and an order line's "price from today" (issue 22: close the old price and open the new one in one
 * transaction, planned by from-today.ts). Every route needs the `prices` permission (SPEC §6; every purchase-order role
 * holds it too).
 */
export const priceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const tags = ['prices'];
  const config = { permission: 'prices' as const };

  app.get(
    '/prices',
    {
      config,
      schema: {
        tags,
        summary:
          'Live prices, one page: q (every word, any shown field), status, product_id, supplier_id, sort/order, limit/offset; total in X-Total-Count',
        querystring: listQs,
        response: { 200: z.array(priceViewSchema) },
      },
    },
    async (request, reply) => sendPage(reply, await sql.listPrices(db, request.query, companyToday())),
  );

  app.get(
    '/prices/counts',
    {
      config,
      schema: {
        tags,
        summary: 'Counters of the filtered list: total, active, inactive, upcoming',
        querystring: countsQs,
        response: { 200: priceCountsSchema },
      },
    },
    async (request) => sql.countPrices(db, request.query, companyToday()),
  );

  app.get(
    '/prices/in-force',
    {
      config,
      schema: {
        tags,
        summary: 'The price in force for a product and supplier on a day (null when none)',
        querystring: inForceQs,
        response: { 200: priceInForceSchema.nullable() },
      },
    },
    async (request) => {
      const { product_id, supplier_id, date } = request.query;
      return priceInForce(db, product_id, supplier_id, date ?? companyToday());
    },
  );

  app.get(
    '/prices/product/:productId',
    {
      config,
      schema: {
        tags,
        summary: "A product's live prices, newest first",
        params: productParams,
        response: { 200: z.array(priceViewSchema) },
      },
    },
    async (request) => sql.productPrices(db, request.params.productId, companyToday()),
  );

  app.get(
    '/prices/:id',
    { config, schema: { tags, summary: 'One live price', params: idParams, response: { 200: priceViewSchema } } },
    async (request) => found(db, request.params.id),
  );

  app.post(
    '/prices',
    {
      config,
      schema: {
        tags,
        summary:
          'Create a price; 409 "Esiste già un prezzo valido per questo periodo" when it overlaps a price of the same product and supplier',
        body: priceSchema,
        response: { 201: priceViewSchema },
      },
    },
    async (request, reply) => {
      const price = await noOverlap(() =>
        db.tx(async (q) => {
          const p = await checked(q, request.body, true);
          return createPrice(q, p, request.user.id);
        }),
      );
      return reply.code(201).send(price);
    },
  );

  app.post(
    '/prices/from-today',
    {
      config,
      schema: {
        tags,
        summary:
          "Make a price the supplier's price of a product from today (the company's day, Europe/Rome), in one transaction: " +
          'the price in force until now ends yesterday and a new one starts today, up to the day before the next price ' +
          '(201, outcome created); a price in force that started today changes its amount (200, updated); the same amount ' +
          'and currency already in force writes nothing (200, unchanged: a repeated call is harmless). Calls for one product ' +
          'queue on its row',
        body: priceFromTodaySchema,
        response: { 200: priceFromTodayResultSchema, 201: priceFromTodayResultSchema },
      },
    },
    async (request, reply) => {
      const userId = request.user.id;
      const today = companyToday();
      const result = await noOverlap(() =>
        db.tx(async (q): Promise<PriceFromTodayResult> => {
          const p = await checked(q, request.body, true);
          const prices = await sql.lockSupplierPrices(q, p.product_id, p.supplier_id, today);
          const plan = planPriceFromToday(prices, p, today);
          if (plan.kind === 'unchanged') return { outcome: 'unchanged', price: await found(q, plan.current.id), closed: null };
          /** An existing price rewritten as PUT /prices/{id} does, its changes logged. */
          const rewrite = (before: Price, change: Partial<Pick<Price, 'price' | 'currency' | 'end_date'>>) =>
            rewritePrice(q, before, { ...before, ...change, currency: (change.currency ?? before.currency) as Currency }, userId);
          if (plan.kind === 'update') {
            const price = await rewrite(plan.current, { price: p.price, currency: p.currency });
            return { outcome: 'updated', price, closed: null };
          }
          const closed = plan.close ? await rewrite(plan.close, { end_date: addDays(today, -1) }) : null;
          const price = await createPrice(q, { ...p, start_date: plan.start_date, end_date: plan.end_date }, userId);
          return { outcome: 'created', price, closed };
        }),
      );
      return reply.code(result.outcome === 'created' ? 201 : 200).send(result);
    },
  );

  app.put(
    '/prices/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Update a price; 409 when the new window overlaps another price',
        params: idParams,
        body: priceSchema,
        response: { 200: priceViewSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      return noOverlap(() =>
        db.tx(async (q) => {
          await found(q, id); // 404 first
          // The product first, then the price: every write of a product's prices in that order (no deadlock between them).
          const p = await checked(q, request.body, true);
          if (!(await sql.lockPrice(q, id))) throw new AppError(404, 'PRICE_NOT_FOUND', msg.priceNotFound);
          const before = await found(q, id);
          assertUnchanged(request, before);
          return rewritePrice(q, before, p, request.user.id);
        }),
      );
    },
  );

  app.delete(
    '/prices/:id',
    { config, schema: { tags, summary: 'Soft-delete a price', params: idParams, response: { 200: deletedSchema } } },
    async (request) => {
      const { id } = request.params;
      await db.tx(async (q) => {
        const before = await sql.getPrice(q, id, companyToday());
        if (!before || !(await sql.softDeletePrice(q, id, request.user.id))) throw new AppError(404, 'PRICE_NOT_FOUND', msg.priceNotFound);
        await logActivity(q, {
          userId: request.user.id,
          action: 'delete',
          entityType: 'price',
          entityId: id,
          details: { product_code: before.product_code, supplier_name: before.supplier_name, price: before.price },
        });
      });
      return { message: render(msg.priceDeleted, requestLang(request)), id };
    },
  );
};
