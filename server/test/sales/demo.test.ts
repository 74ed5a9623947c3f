/** Demo sales (SEED_DEMO=1): weeks of sales through the ledger, one cancelled, one edited; idempotent. */
import { seedDemo } from '../../src/seed/seed-demo';
import { ledgerMatchesBalances } from '../../src/stock/ledger';
import { makeTestApp, type TestApp } from '../helpers';

jest.setTimeout(120_000);

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
  await seedDemo(t.db);
});
afterAll(async () => {
  await t.close();
});

it('four weeks of sales, each with its unload; one cancelled, one edited; Σ ledger = balances', async () => {
  const { rows } = await t.db.query<{ status: string; n: number; days: number }>(
    `SELECT status, count(*)::int AS n, (max(sale_date) - min(sale_date))::int AS days FROM sales GROUP BY status ORDER BY status`,
  );
  const active = rows.find((r) => r.status === 'active');
  expect(active?.n).toBeGreaterThanOrEqual(20);
  expect(active?.days).toBeGreaterThanOrEqual(21);
  expect(rows.find((r) => r.status === 'cancelled')?.n).toBe(2); // the cancelled one and the edited one's old version
  const unposted = await t.db.query(`SELECT 1 FROM sales s JOIN stock_movements m ON m.id = s.movement_id
    WHERE m.source_type <> 'SO' OR m.source_document_id <> s.id`);
  expect(unposted.rowCount).toBe(0);
  expect((await t.db.query('SELECT 1 FROM sales WHERE movement_id IS NULL')).rowCount).toBe(0);
  expect((await ledgerMatchesBalances(t.db)).ok).toBe(true);
});

it('the FEFO list of the demo sealant shows an expired batch first, marked', async () => {
  const { headers } = await t.signIn('sales');
  const id = (await t.db.query<{ id: number }>(`SELECT id FROM products WHERE code = 'SIL-NEU-300'`)).rows[0].id;
  const rows = (await t.app.inject({ method: 'GET', url: `/api/sales/stock/${id}`, headers })).json() as {
    batch_number: string;
    expired: boolean;
  }[];
  expect(rows[0]).toMatchObject({ batch_number: 'SN-2401', expired: true });
  expect(rows.slice(1).every((r) => !r.expired)).toBe(true);
  const list = await t.app.inject({ method: 'GET', url: '/api/sales?limit=5', headers });
  expect(Number(list.headers['x-total-count'])).toBeGreaterThanOrEqual(20);
});

it('a second run adds nothing', async () => {
  const count = async () => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM sales')).rows[0].n;
  const before = await count();
  await seedDemo(t.db);
  expect(await count()).toBe(before);
});
