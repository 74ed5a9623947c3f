import type { Queryable } from '../../src/db';
import { activityViews, type ActivityRow } from '../../src/activity/view';

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
