import type { Queryable } from '../db';

/**
 * The system's transit location (migration 019): one warehouses row flagged is_transit, where goods shipped by a
 * transfer wait until they are received. Created by the first shipment — race-safe: two first shipments at once both run
 * the INSERT, the unique index warehouses_one_transit makes the second wait for the first and then do nothing — so a
 * database that never ships has no such row. Only the ledger's TR postings may use it (references.ts checkWarehouses).
 */
export const TRANSIT_NAME = 'In transito';

export async function transitWarehouseId(q: Queryable): Promise<number> {
  const found = await q.query<{ id: number }>('SELECT id FROM warehouses WHERE is_transit');
  if (found.rows[0]) return found.rows[0].id;
  await q.query(
    `INSERT INTO warehouses (name, description, is_active, is_transit)
     SELECT CASE WHEN EXISTS (SELECT 1 FROM warehouses WHERE lower(name) = lower($1) AND deleted_at IS NULL)
                 THEN $1 || ' (sistema)' ELSE $1 END,
            'Merce in viaggio tra magazzini · Marchandises en transit entre entrepôts', true, true
     ON CONFLICT ((true)) WHERE is_transit DO NOTHING`,
    [TRANSIT_NAME],
  );
  const { rows } = await q.query<{ id: number }>('SELECT id FROM warehouses WHERE is_transit');
  return rows[0].id;
}
