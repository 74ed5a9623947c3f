import { addDays, companyToday, multiplyDecimals, PRICE_DECIMALS, sumDecimals, type Currency } from '@wms/shared-api';
import type { Queryable } from '../db';
import * as orders from '../purchase-orders/sql';

/**
 * Demo buying (issue #9): prices for every demo product — each with a past price, the one in force today and, for most, an
 * upcoming one (so the price list shows all three statuses) — and a dozen open purchase orders priced from the price in
 * force on their order date. Written through the purchase-order query module (numbers, totals and status come from the
 * database as for any order). Idempotent: prices only when there are none, orders only when there are none. Needs the
 * registry demo first.
 */

/** A stable pseudo-random whole number in [0, 10 000) from a text (the same demo on every machine). */
function draw(text: string): number {
  let h = 2166136261;
  for (const c of text) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return (h >>> 0) % 10_000;
}

/** A stable pseudo-random number in [0, 1) from a text: for choices and counts, never for an amount. */
function unit(text: string): number {
  return draw(text) / 10_000;
}

/** `base` × `factor` as a price with 5 decimals, exact (rounded half away from zero on the digits, no float). */
const money = (base: string, factor = '1') => multiplyDecimals(base, factor, PRICE_DECIMALS);

interface DemoProduct {
  id: number;
  code: string;
  supplier_id: number | null;
  currency: Currency;
  status: string;
}

async function seedPrices(q: Queryable, products: DemoProduct[], fallbackSupplier: number, by: number | null): Promise<number> {
  const { rows } = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM prices');
  if (rows[0].n > 0) return 0;
  const today = companyToday();
  const values: unknown[] = [];
  const tuples: string[] = [];
  const add = (p: DemoProduct, price: string, start: string, end: string | null) => {
    const i = values.length;
    values.push(p.id, p.supplier_id ?? fallbackSupplier, price, p.currency, start, end, by);
    tuples.push(
      `($${i + 1}::bigint, $${i + 2}::bigint, $${i + 3}::numeric, $${i + 4}, $${i + 5}::date, $${i + 6}::date, $${i + 7}::bigint, $${i + 7}::bigint)`,
    );
  };
  for (const p of products) {
    // 0.5 + [0, 1) × 120, exactly: 0.5 + draw × 0.012.
    const base = sumDecimals(['0.5', multiplyDecimals(draw(p.code), '0.012', 3)]);
    add(p, money(base, '0.94'), addDays(today, -400), addDays(today, -91));
    const upcoming = unit(`${p.code}/next`) < 0.7;
    add(p, money(base), addDays(today, -90), upcoming ? addDays(today, 29) : null);
    if (upcoming) add(p, money(base, '1.04'), addDays(today, 30), null);
  }
  await q.query(
    `INSERT INTO prices (product_id, supplier_id, price, currency, start_date, end_date, created_by, modified_by) VALUES ${tuples.join(', ')}`,
    values,
  );
  return tuples.length;
}

const NOTES = [
  'Consegna al magazzino centrale',
  'Consegna su bancale, avvisare 24 ore prima',
  null,
  'Urgente: scorta in esaurimento',
  null,
  'Conferma data di arrivo via email',
];

async function seedOrders(q: Queryable, products: DemoProduct[], by: number | null): Promise<number> {
  const { rows } = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM purchase_orders');
  if (rows[0].n > 0) return 0;
  const bySupplier = new Map<number, DemoProduct[]>();
  for (const p of products)
    if (p.supplier_id !== null && p.status === 'active') bySupplier.set(p.supplier_id, [...(bySupplier.get(p.supplier_id) ?? []), p]);
  const suppliers = [...bySupplier.keys()].sort((a, b) => a - b);
  if (!suppliers.length) return 0;
  const today = companyToday();
  let made = 0;
  for (let n = 0; n < 12; n++) {
    const supplierId = suppliers[n % suppliers.length];
    const own = bySupplier.get(supplierId) ?? [];
    const orderDate = addDays(today, -2 - n * 3);
    const picked = own.filter((_, i) => (i + n) % 3 !== 0).slice(0, 2 + (n % 3));
    if (!picked.length) continue;
    const prices = await orders.pricesOnDay(
      q,
      supplierId,
      picked.map((p) => p.id),
      orderDate,
    );
    const lines = picked.map((p, i) => ({
      id: null,
      line_no: i + 1,
      product_id: p.id,
      quantity: String(5 * (1 + Math.floor(draw(`${p.code}/${n}`) / 250))), // 5 to 200, whole
      unit_price: prices.get(p.id) ?? '1',
      currency: p.currency,
      price_source: prices.has(p.id) ? ('price' as const) : ('manual' as const),
    }));
    const id = await orders.insertOrder(
      q,
      {
        order_date: orderDate,
        requested_arrival_date: addDays(orderDate, 10 + (n % 4) * 5),
        confirmed_arrival_date: n % 3 === 0 ? addDays(orderDate, 12 + (n % 4) * 5) : null,
        supplier_id: supplierId,
        notes: NOTES[n % NOTES.length],
        currency: lines[0].currency,
      },
      by,
    );
    await orders.writeLines(q, id, lines);
    made += 1;
  }
  return made;
}

/** Prices, then orders. Returns how many of each were added. */
export async function seedBuyingDemo(q: Queryable, by: number | null): Promise<{ prices: number; orders: number }> {
  const { rows: products } = await q.query<DemoProduct>(
    "SELECT id, code, supplier_id, currency, status FROM products WHERE deleted_at IS NULL AND code NOT LIKE 'BENCH-%' ORDER BY id LIMIT 500",
  );
  const { rows: firstSupplier } = await q.query<{ id: number }>('SELECT id FROM suppliers WHERE deleted_at IS NULL ORDER BY id LIMIT 1');
  if (!products.length || !firstSupplier[0]) return { prices: 0, orders: 0 };
  const prices = await seedPrices(q, products, firstSupplier[0].id, by);
  return { prices, orders: await seedOrders(q, products, by) };
}
