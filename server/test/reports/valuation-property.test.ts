/**
 * Property test of the valuation: random ledgers (loads, unloads, transfers, reversals, back-dated movements) posted
 * through the ledger, then the report at random dates, warehouses and groupings against a brute-force replay of the
 * stored ledger rows (every row with movement_date ≤ D, effects applied one by one) and of the price table — exact to the
 * last digit, per currency; a zero quantity never carries a value.
 *
 * Seeded PRNG: a failure prints its seed (REPORT_SEED=<n> reruns exactly that case).
 */
import { ledgerMatchesBalances, reverseMovement, postMovement } from '../../src/stock/ledger';
import { closeMonths } from '../../src/reports/closings';
import { makeTestApp, type TestApp } from '../helpers';
import { makeProduct, makeUserId, makeWarehouse } from '../stock/fixtures';
import { addPrice, makeSupplier, supplyProduct, units } from './kit';

function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)],
  };
}

const DAY0 = Date.UTC(2025, 0, 1);
const day = (n: number) => new Date(DAY0 + n * 86_400_000).toISOString().slice(0, 10);
const SPAN = 90;

interface Ledger {
  id: number;
  movement_type: 'C' | 'S' | 'T';
  product_id: number;
  warehouse_id: number;
  destination_warehouse_id: number | null;
  batch_number: string;
  quantity: string;
  movement_date: string;
}

let t: TestApp;
let headers: Record<string, string>;

// A database of its own per seed, so the totals of the whole report are this ledger's alone.
beforeEach(async () => {
  t = await makeTestApp();
  ({ headers } = await t.signIn('administration'));
});
afterEach(() => t.close());

// At least one seed must have closed months, or the closings path was not tested.
let closedAny = false;
afterAll(() => expect(closedAny).toBe(true));

const RUNS = Number(process.env.REPORT_RUNS ?? 6);
const seeds = process.env.REPORT_SEED ? [Number(process.env.REPORT_SEED)] : Array.from({ length: RUNS }, (_, i) => 1000 + i * 7919);

describe.each(seeds)('valuation = brute-force replay (seed %i)', (seed) => {
  it('for random dates, warehouses, groupings and zero-price settings', async () => {
    const r = prng(seed);
    const { db } = t;
    const user = { id: await makeUserId(db) };
    // Registry: 4 products (two with batches), 3 warehouses, 2 suppliers; prices in EUR and USD with windows; one product
    // without supplier (never a price), one whose price starts late.
    const warehouses = [await makeWarehouse(db), await makeWarehouse(db), await makeWarehouse(db)].map((w) => w.id);
    const s1 = await makeSupplier(db);
    const s2 = await makeSupplier(db);
    const products = [
      { ...(await makeProduct(db)), batch: false, supplier: s1, currency: 'EUR' },
      { ...(await makeProduct(db, { hasBatch: true })), batch: true, supplier: s2, currency: 'USD' },
      { ...(await makeProduct(db, { hasBatch: true })), batch: true, supplier: s1, currency: 'USD' },
      { ...(await makeProduct(db)), batch: false, supplier: null, currency: 'EUR' },
    ];
    for (const p of products) await supplyProduct(db, p.id, p.supplier, p.currency);
    const prices: { productId: number; supplierId: number; price: string; currency: string; start: string; end: string | null }[] = [];
    for (const p of products) {
      if (!p.supplier) continue;
      let start = r.int(0, 20);
      while (start < SPAN) {
        const end = r.next() < 0.3 ? null : Math.min(SPAN + 30, start + r.int(5, 40));
        const price = `${r.int(0, 250)}.${String(r.int(0, 99999)).padStart(5, '0')}`;
        const row = {
          productId: p.id,
          supplierId: p.supplier,
          price,
          currency: p.currency,
          start: day(start),
          end: end === null ? null : day(end),
        };
        await addPrice(db, row);
        prices.push(row);
        if (end === null) break;
        start = end + r.int(1, 6); // sometimes a gap: no price in force
      }
      // A price of the product with another supplier and a deleted one never count.
      await addPrice(db, { productId: p.id, supplierId: p.supplier === s1 ? s2 : s1, price: '999', currency: 'EUR', start: day(0) });
      await addPrice(db, { productId: p.id, supplierId: p.supplier, price: '777', currency: p.currency, start: day(200), deleted: true });
    }

    // Random ledger through the ledger itself (refusals — shortage, goods already gone — are part of the game).
    const posted: number[] = [];
    // Months are closed (migration 011) at a random moment: later movements, back-dated ones too, must keep them exact.
    const closeAt = r.int(5, 40);
    for (let i = 0; i < 45; i++) {
      if (i === closeAt) await closeMonths(db, day(r.int(0, SPAN + 31)));
      const p = r.pick(products);
      const batch = p.batch ? r.pick(['L1', 'L2']) : null;
      const kind = r.next();
      const date = day(r.int(0, SPAN));
      const quantity = `${r.int(1, 40)}.${String(r.int(0, 999)).padStart(3, '0')}`;
      try {
        await db.tx(async (q) => {
          if (kind < 0.12 && posted.length) {
            await reverseMovement(q, r.pick(posted), user);
          } else {
            const type = kind < 0.55 ? 'C' : kind < 0.8 ? 'S' : 'T';
            const wh = r.pick(warehouses);
            const row = await postMovement(
              q,
              {
                movementType: type,
                productId: p.id,
                warehouseId: wh,
                destinationWarehouseId: type === 'T' ? r.pick(warehouses.filter((w) => w !== wh)) : null,
                batchNumber: batch,
                quantity: type === 'C' ? quantity : `${r.int(1, 12)}`,
                movementDate: date,
              },
              user,
            );
            posted.push(row.id);
          }
        });
      } catch (err) {
        if ((err as { statusCode?: number }).statusCode !== 409) throw err;
      }
    }

    const check = await ledgerMatchesBalances(db);
    expect({
      ok: check.ok,
      totalsOff: check.derivedTotalsOff,
      monthsOff: check.derivedMonthsOff,
      closingsOff: check.derivedClosingsOff,
    }).toEqual({ ok: true, totalsOff: 0, monthsOff: 0, closingsOff: 0 });
    const { rows: closedMonths } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM stock_closing_months');
    closedAny ||= closedMonths[0].n > 0;
    const ids = products.map((p) => p.id);
    const { rows: ledger } = await db.query<Ledger>(
      `SELECT id, movement_type, product_id, warehouse_id, destination_warehouse_id, batch_number, quantity::text AS quantity,
              to_char(movement_date, 'YYYY-MM-DD') AS movement_date
         FROM stock_movements WHERE product_id = ANY($1::bigint[]) ORDER BY id`,
      [ids],
    );
    expect(ledger.length).toBeGreaterThan(10);

    for (let k = 0; k < 6; k++) {
      const end = r.int(-3, SPAN + 3);
      const start = end - r.int(0, 30);
      const endDate = day(end);
      const startDate = day(start);
      const warehouse = r.next() < 0.5 ? null : r.pick(warehouses);
      const group = r.next() < 0.5;
      const zero = r.next() < 0.5;

      // Brute force: replay every ledger row dated ≤ D.
      const at = (d: string) => {
        const q = new Map<string, bigint>();
        const add = (key: string, v: bigint) => q.set(key, (q.get(key) ?? 0n) + v);
        for (const m of ledger) {
          if (m.movement_date > d) continue;
          const u = units(m.quantity, 3);
          const b = group ? '' : m.batch_number;
          const eff: [number, bigint][] = [[m.warehouse_id, m.movement_type === 'C' ? u : -u]];
          if (m.movement_type === 'T') eff.push([m.destination_warehouse_id!, u]);
          for (const [w, v] of eff) if (warehouse === null || w === warehouse) add(`${m.product_id}|${w}|${b}`, v);
        }
        return q;
      };
      const priceOf = (productId: number) => {
        const p = products.find((x) => x.id === productId)!;
        const inForce = prices.find(
          (x) => x.productId === productId && x.supplierId === p.supplier && x.start <= endDate && (x.end === null || x.end >= endDate),
        );
        return { price: inForce ? units(inForce.price, 5) : 0n, currency: inForce?.currency ?? p.currency };
      };
      const expected = new Map<string, { quantity: bigint; value: bigint; currency: string }>();
      const totals = new Map<string, bigint>();
      const closing = at(endDate);
      // The documented rule: a product whose quantity sums to zero over the warehouses in scope is not listed.
      const productSum = (id: string) => [...closing].filter(([k]) => k.startsWith(`${id}|`)).reduce((a, [, v]) => a + v, 0n);
      for (const [key, quantity] of closing) {
        if (quantity === 0n || productSum(key.split('|')[0]) === 0n) continue;
        const { price, currency } = priceOf(Number(key.split('|')[0]));
        if (price === 0n && !zero) continue;
        expected.set(key, { quantity, value: quantity * price, currency });
        totals.set(currency, (totals.get(currency) ?? 0n) + quantity * price);
      }

      const qs = new URLSearchParams({
        startDate,
        endDate,
        warehouseId: warehouse === null ? 'all' : String(warehouse),
        groupByProduct: String(group),
        showZeroPrices: String(zero),
        limit: '1000',
      });
      const res = await t.app.inject({ method: 'GET', url: `/api/stock/valuation?${qs}`, headers });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      const mine = body.items;
      expect(body.total_products).toBeLessThanOrEqual(products.length);
      const got = new Map<string, { quantity: bigint; value: bigint; currency: string }>();
      for (const i of mine) {
        got.set(`${i.product_id}|${i.warehouse_id}|${i.batch_number ?? ''}`, {
          quantity: units(i.quantity, 3),
          value: units(i.value, 8),
          currency: i.currency,
        });
        if (units(i.quantity, 3) === 0n) throw new Error('a zero quantity row was listed');
        expect(units(i.value, 8)).toBe(units(i.quantity, 3) * units(i.unit_price, 5));
      }
      const ctx = `seed ${seed}, end ${endDate}, warehouse ${warehouse}, group ${group}, zero ${zero}`;
      expect({ ctx, rows: Object.fromEntries(got) }).toEqual({ ctx, rows: Object.fromEntries(expected) });
      // Totals per currency, exact (a currency whose rows are all zero-priced totals 0).
      const gotTotals = Object.fromEntries(
        body.totals
          .map((x: { currency: string; value: string }) => [x.currency, units(x.value, 8)])
          .filter(([, v]: [string, bigint]) => v !== 0n),
      );
      expect({ ctx, totals: gotTotals }).toEqual({ ctx, totals: Object.fromEntries([...totals].filter(([, v]) => v !== 0n)) });

      // Movements of the period: opening + loads − unloads = closing = Σ rows of the product.
      const open = at(day(start - 1));
      for (const mv of body.movements.filter((x: { product_id: number }) => ids.includes(x.product_id))) {
        const sum = (q: Map<string, bigint>) => [...q].filter(([k]) => k.startsWith(`${mv.product_id}|`)).reduce((a, [, v]) => a + v, 0n);
        expect({ ctx, id: mv.product_id, opening: units(mv.opening, 3), closing: units(mv.closing, 3) }).toEqual({
          ctx,
          id: mv.product_id,
          opening: sum(open),
          closing: sum(at(endDate)),
        });
        expect(units(mv.opening, 3) + units(mv.loads, 3) - units(mv.unloads, 3)).toBe(units(mv.closing, 3));
      }
    }
  });
});
