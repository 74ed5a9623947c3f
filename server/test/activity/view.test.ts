import type { Queryable } from '../../src/db';
import { activityViews, type ActivityRow } from '../../src/activity/view';
import { makeTestApp, type TestApp } from '../helpers';
import { makeWarehouse } from '../stock/fixtures';

/** Rows that name nothing by id: the view must not need the database for them. */
const noDatabase = {
  query: () => {
    throw new Error('no query expected');
  },
} as unknown as Queryable;

const row = (entity_type: string, action: string, details: unknown): ActivityRow => ({
  id: 1,
  action,
  entity_type,
  entity_id: '7',
  details: JSON.stringify(details),
  created_at: new Date('2026-11-28T08:00:00Z'),
});

describe('activityViews: every detail a domain logs has a label and a kind (never an English column name)', () => {
  it("a transfer's number and received status, a count's lines and adjustments", async () => {
    const [received, created, applied] = await activityViews(noDatabase, [
      row('transfer', 'receive', { number: 'TR-2026-00002', status: 'partially_received' }),
      row('inventory_count', 'create', { lines: 42 }),
      row('inventory_count', 'apply', { adjustments: 3 }),
    ]);
    expect(received.fields).toEqual([
      { field: 'number', kind: 'code', value: 'TR-2026-00002' },
      { field: 'status', kind: 'productStatus', value: 'partially_received' },
    ]);
    expect(created.fields).toEqual([{ field: 'lines', kind: 'integer', value: '42' }]);
    expect(applied.fields).toEqual([{ field: 'adjustments', kind: 'integer', value: '3' }]);
  });
});

describe("a product's stock limits in the log", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp();
  });
  afterAll(() => t.close());

  it('each warehouse by its name, its minimum and maximum as decimals the client writes in the reader’s language', async () => {
    const w = await makeWarehouse(t.db, { name: 'Cella Refrigerata' });
    const [view] = await activityViews(t.db, [
      row('stock_limits', 'update', { code: 'VT-M10', limits: [{ warehouse_id: w.id, min: '1000', max: '2000.5' }] }),
    ]);
    expect(view.fields).toEqual([
      { field: 'code', kind: 'code', value: 'VT-M10' },
      { field: 'minimum', kind: 'decimal', value: '1000', of: 'Cella Refrigerata' },
      { field: 'maximum', kind: 'decimal', value: '2000.5', of: 'Cella Refrigerata' },
    ]);
  });
});
