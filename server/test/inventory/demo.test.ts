/** Demo inventory counts (SEED_DEMO=1): one applied with a loss and a gain through the ledger, one open half counted. */
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

it('an applied count with a gain and a loss (INV movements), an open one half counted; idempotent', async () => {
  const { headers } = await t.signIn('direction');
  const list = (await t.app.inject({ method: 'GET', url: '/api/inventory-counts', headers })).json() as {
    id: number;
    status: string;
    line_count: number;
    counted_count: number;
  }[];
  expect(list.map((c) => c.status).sort()).toEqual(['applied', 'open']);
  const open = list.find((c) => c.status === 'open');
  expect(open?.counted_count).toBeGreaterThan(0);
  expect(open?.counted_count).toBeLessThan(open?.line_count ?? 0);
  const applied = list.find((c) => c.status === 'applied');
  const { rows } = await t.db.query<{ movement_type: string }>(
    `SELECT movement_type FROM stock_movements WHERE source_type = 'INV' AND source_document_id = $1 ORDER BY movement_type`,
    [applied?.id],
  );
  expect(rows.map((r) => r.movement_type)).toEqual(['C', 'S']);
  const review = (await t.app.inject({ method: 'GET', url: `/api/inventory-counts/${applied?.id}`, headers })).json();
  expect(review.totals.length).toBeGreaterThan(0);
  expect((await ledgerMatchesBalances(t.db)).ok).toBe(true);
  await seedDemo(t.db);
  expect((await t.db.query('SELECT 1 FROM inventory_counts')).rows).toHaveLength(2);
});
