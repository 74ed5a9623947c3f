/**
 * Issue 21, the database's side of "one rule":
 * - client and SQL agree on rounding: PostgreSQL's round(x::numeric, 4) and the order lines' generated total
 *   (round(quantity × unit_price, 4), migration 006) give exactly what shared-api's round4 / multiplyDecimals(…, 4) give,
 *   on a table of half-way cases (half away from zero, negative values included);
 * - "today" is the company day (Europe/Rome) in SQL too: company_day(instant) and company_today() (migration 014), used by
 *   every date column default, whatever the session's TimeZone.
 * Runs on PGlite and on PostgreSQL (DATABASE_URL) alike.
 */
import { companyDay, LINE_TOTAL_DECIMALS, multiplyDecimals, round4, toFixedDecimal } from '@wms/shared-api';
import type { Db } from '../src/db';
import { openTestDb, type TestDb } from './helpers';
import { makeOrder, makeProduct } from './goods-receipts/kit';

let t: TestDb;
let db: Db;
beforeAll(async () => {
  t = await openTestDb();
  db = t.db;
});
afterAll(() => t.drop());

/** A decimal as the database writes a numeric of scale 4: exactly 4 decimals. */
const at4 = (text: string) => toFixedDecimal(text, LINE_TOTAL_DECIMALS);

describe('client and SQL agree on the 4-decimal rounding (round4 = round(numeric, 4))', () => {
  const HALF_WAY = [
    '0.00005',
    '1.00005',
    '2.50025',
    '-1.23455',
    '0.12345',
    '999999999.99995',
    '-0.00005',
    '-999999999.99995',
    '0.00004999',
    '0.000050001',
    '12.34565',
    '7.99995',
    '-7.99995',
    '0.5',
    '3',
    '0',
  ];

  it.each(HALF_WAY)('round(%s, 4)', async (x) => {
    const { rows } = await db.query<{ r: string }>('SELECT round($1::numeric, 4)::text AS r', [x]);
    expect({ x, sql: rows[0].r }).toEqual({ x, sql: at4(round4(x)) });
  });

  // quantity (3 decimals) × unit price (4 decimals): products whose 5th decimal is exactly 5, and their neighbours.
  const LINES: Array<[string, string]> = [
    ['0.5', '0.0001'], // 0.00005 → 0.0001
    ['2.5', '0.0001'], // 0.00025 → 0.0003
    ['0.125', '0.0004'], // 0.00005 → 0.0001
    ['1.001', '0.0005'], // 0.0005005 → 0.0005
    ['12.345', '0.0013'], // 0.0160485 → 0.0160
    ['3.333', '1.5'], // 4.9995
    ['0.001', '0.0001'], // 0.0000001 → 0
    ['1.5', '0.0003'], // 0.00045 → 0.0005
    ['7.5', '2.6667'], // 20.00025 → 20.0003
    ['999999.999', '9999.9999'], // a large line
    ['0.333', '0.3335'], // 0.1110555 → 0.1111
  ];

  it('the generated line total equals multiplyDecimals(quantity, unit price, 4) on every line', async () => {
    const product = await makeProduct(db);
    const order = await makeOrder(db, []);
    for (const [i, [quantity, unitPrice]] of LINES.entries()) {
      await db.query(
        `INSERT INTO purchase_order_items (order_id, line_no, product_id, quantity, unit_price, currency) VALUES ($1, $2, $3, $4, $5, 'EUR')`,
        [order.id, i + 1, product.id, quantity, unitPrice],
      );
    }
    const { rows } = await db.query<{ quantity: string; unit_price: string; total: string }>(
      'SELECT quantity::text, unit_price::text, total::text FROM purchase_order_items WHERE order_id = $1 ORDER BY line_no',
      [order.id],
    );
    expect(rows.map((r) => [r.quantity, r.unit_price, r.total])).toEqual(
      LINES.map(([q, p]) => [toFixedDecimal(q, 3), toFixedDecimal(p, 4), at4(multiplyDecimals(q, p, LINE_TOTAL_DECIMALS))]),
    );
    // And the same as round4 of the exact product (what the form shows before saving).
    for (const r of rows) expect(r.total).toBe(at4(round4(multiplyDecimals(r.quantity, r.unit_price, 7))));
  });
});

describe("the company day in SQL (Europe/Rome): company_day(instant), company_today(), the columns' defaults", () => {
  it('company_day gives the day in Rome of an instant, whatever the session time zone', async () => {
    const cases: Array<[string, string]> = [
      ['2026-03-10T23:30:00Z', '2026-03-11'], // 00:30 in Rome (UTC+1): already the next day
      ['2026-03-10T22:59:59Z', '2026-03-10'],
      ['2026-07-10T22:30:00Z', '2026-07-11'], // summer time, UTC+2
      ['2026-07-10T21:59:59Z', '2026-07-10'],
      ['2026-12-31T23:00:00Z', '2027-01-01'], // the new year starts in Rome first
    ];
    for (const zone of ['UTC', 'America/Los_Angeles', 'Pacific/Kiritimati']) {
      const got = await db.tx(async (q) => {
        await q.query(`SET LOCAL timezone = '${zone}'`);
        const out: Array<[string, string]> = [];
        for (const [instant] of cases) {
          const { rows } = await q.query<{ d: string }>(`SELECT to_char(company_day($1::timestamptz), 'YYYY-MM-DD') AS d`, [instant]);
          out.push([instant, rows[0].d]);
        }
        return out;
      });
      expect({ zone, got }).toEqual({ zone, got: cases });
      // The TypeScript twin (shared-api companyDay) says the same.
      for (const [instant, day] of cases) expect(companyDay(new Date(instant))).toBe(day);
    }
  });

  it("a receipt's default date is the company day, not the session's current_date (UTC+14 and UTC-11 sessions alike)", async () => {
    const order = await makeOrder(db, []);
    for (const zone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago', 'UTC']) {
      const before = companyDay();
      const row = await db.tx(async (q) => {
        await q.query(`SET LOCAL timezone = '${zone}'`);
        const { rows } = await q.query<{ receipt_date: string; today: string; session_day: string }>(
          `INSERT INTO goods_receipts (order_id, document_number, document_date) VALUES ($1, $2, '2026-01-01')
           RETURNING to_char(receipt_date, 'YYYY-MM-DD') AS receipt_date, to_char(company_today(), 'YYYY-MM-DD') AS today,
                     to_char(current_date, 'YYYY-MM-DD') AS session_day`,
          [order.id, `DDT-${zone}`],
        );
        return rows[0];
      });
      const after = companyDay();
      expect(row.receipt_date).toBe(row.today);
      expect([before, after]).toContain(row.receipt_date);
      // In a session 14 hours ahead of or 11 behind UTC, current_date is (almost always) another day than Rome's.
      if (zone !== 'UTC' && before === after && row.session_day !== before) expect(row.receipt_date).not.toBe(row.session_day);
    }
  });

  it("every date column's default is company_today(): no current_date, no now()::date", async () => {
    const { rows } = await db.query<{ table_name: string; column_name: string; column_default: string }>(
      `SELECT table_name, column_name, column_default FROM information_schema.columns
        WHERE table_schema = current_schema() AND data_type = 'date' AND column_default IS NOT NULL ORDER BY 1, 2`,
    );
    expect(rows.map((r) => `${r.table_name}.${r.column_name}`)).toContain('goods_receipts.receipt_date');
    for (const r of rows)
      expect({ column: `${r.table_name}.${r.column_name}`, default: r.column_default }).toEqual({
        column: `${r.table_name}.${r.column_name}`,
        default: 'company_today()',
      });
  });

  it("SQL names the company's time zone once: only company_day's body says 'Europe/Rome'", async () => {
    const { rows } = await db.query<{ name: string }>(
      `SELECT p.proname AS name FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
        WHERE n.nspname = current_schema() AND p.prosrc LIKE '%Europe/Rome%' ORDER BY 1`,
    );
    expect(rows.map((r) => r.name)).toEqual(['company_day']);
  });
});
