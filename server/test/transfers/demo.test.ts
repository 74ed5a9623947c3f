/** The demo transfers (issue 26): one received, one in transit, one draft, through the ledger; seeding twice adds nothing. */
import { ledgerMatchesBalances } from '../../src/stock/ledger';
import { seedDemo } from '../../src/seed/seed-demo';
import { makeTestApp, type TestApp } from '../helpers';

jest.setTimeout(180_000);

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
  await t.createUser('admin');
});
afterAll(async () => {
  await t.close();
});

it('seeds a received, an in-transit and a draft transfer, once', async () => {
  await seedDemo(t.db);
  await seedDemo(t.db);
  const { rows } = await t.db.query<{ status: string; lines: number }>(
    `SELECT t.status, (SELECT count(*)::int FROM transfer_lines l WHERE l.transfer_id = t.id) AS lines FROM transfers t ORDER BY t.id`,
  );
  expect(rows.map((r) => r.status)).toEqual(['received', 'in_transit', 'draft']);
  expect(rows.every((r) => r.lines > 0)).toBe(true);
  const transit = await t.db.query<{ q: string }>(
    `SELECT coalesce(sum(b.quantity), 0)::text AS q FROM stock_balances b JOIN warehouses w ON w.id = b.warehouse_id WHERE w.is_transit`,
  );
  expect(Number(transit.rows[0].q)).toBe(2 * rows[1].lines);
  expect((await ledgerMatchesBalances(t.db)).ok).toBe(true);
});
