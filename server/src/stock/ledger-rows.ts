import type { Queryable } from '../db';
import { AppError } from '../http/errors';
import { stockMessages as msg } from './messages';
import type { CheckedMovement } from './input';
import { milliToDecimal } from './quantity';
import { isoDay } from './sql';
import type { MovementRecord, MovementSource, MovementType } from './types';

/** The stock_movements columns, in the order of MovementRecord. */
export const MOVEMENT_COLUMNS = `id, movement_type, source_type, source_document_type, source_document_id, source_document_number,
  source_line_id, product_id, warehouse_id, destination_warehouse_id, batch_number, ${isoDay('production_date')}, ${isoDay('expiry_date')},
  quantity, ${isoDay('movement_date')}, notes, reverses_id, reversed_by_id, replaces_id, created_by, modified_by, created_at`;

/** A row about to be appended: a checked movement plus its place in the history and its authors. */
export interface NewMovementRow extends CheckedMovement {
  reversesId: number | null;
  replacesId: number | null;
  createdBy: number | null;
  modifiedBy: number | null;
}

/** The INSERT of one ledger row (the only INSERT into stock_movements), its parameters numbered from `$first`. */
export function appendMovementSql(first = 1): string {
  const cols = Array.from({ length: 19 }, (_, i) => `$${first + i}`).join(', ');
  return `INSERT INTO stock_movements (movement_type, source_type, source_document_type, source_document_id,
       source_document_number, product_id, warehouse_id, destination_warehouse_id, batch_number, production_date,
       expiry_date, quantity, movement_date, notes, reverses_id, replaces_id, created_by, modified_by, source_line_id)
     VALUES (${cols})`;
}

/** appendMovementSql's parameters, in its order. */
export function appendMovementParams(r: NewMovementRow): unknown[] {
  return [
    r.movementType,
    r.sourceType,
    r.sourceDocumentType,
    r.sourceDocumentId,
    r.sourceDocumentNumber,
    r.productId,
    r.warehouseId,
    r.destinationWarehouseId,
    r.batchNumber,
    r.productionDate,
    r.expiryDate,
    milliToDecimal(r.quantity),
    r.movementDate,
    r.notes,
    r.reversesId,
    r.replacesId,
    r.createdBy,
    r.modifiedBy,
    r.sourceLineId,
  ];
}

/** Appends one ledger row alone (reversals, corrections; a posting appends it in one statement with its balances). */
export async function appendMovement(q: Queryable, r: NewMovementRow): Promise<MovementRecord> {
  const { rows } = await q.query<MovementRecord>(`${appendMovementSql()} RETURNING ${MOVEMENT_COLUMNS}`, appendMovementParams(r), {
    prepare: true,
  });
  return rows[0];
}

/**
 * A live movement, locked for update until the transaction ends: two deletes (or a delete and an edit) of the same
 * movement queue up and the second finds it already reversed. 404 unknown, 409 already reversed or itself a reversal.
 */
export async function lockLiveMovement(q: Queryable, id: number): Promise<MovementRecord> {
  const { rows } = await q.query<MovementRecord>(`SELECT ${MOVEMENT_COLUMNS} FROM stock_movements WHERE id = $1 FOR UPDATE`, [id]);
  const row = rows[0];
  if (!row) throw new AppError(404, 'MOVEMENT_NOT_FOUND', msg.movementNotFound);
  if (row.reverses_id !== null) throw new AppError(409, 'REVERSAL_IMMUTABLE', msg.reversalImmutable);
  if (row.reversed_by_id !== null) throw new AppError(409, 'MOVEMENT_ALREADY_REVERSED', msg.alreadyReversed);
  return row;
}

/** Records on the cancelled row which row reversed it: the one UPDATE the append-only trigger allows. */
export async function markReversed(q: Queryable, id: number, reversalId: number): Promise<void> {
  await q.query('UPDATE stock_movements SET reversed_by_id = $2 WHERE id = $1 AND reversed_by_id IS NULL', [id, reversalId]);
}

/**
 * Locks (creating them at 0 if needed) this backend's live-count rows of the given type/source pairs in key order. A
 * correction that changes a movement's type touches two counters through the triggers of migration 003; taking both here
 * first, in order, keeps two such corrections from waiting on each other in opposite orders.
 */
export async function lockLiveCounters(
  q: Queryable,
  keys: Array<{ movementType: MovementType; sourceType: MovementSource }>,
): Promise<void> {
  const unique = [...new Map(keys.map((k) => [`${k.movementType}|${k.sourceType}`, k])).values()];
  if (unique.length < 2) return; // one counter: nothing to order
  // The statement's ORDER BY sets the lock order, the same as the triggers' (movement_type, source_type).
  await q.query(
    `INSERT INTO stock_movement_live_counts AS c (shard, movement_type, source_type, live)
     SELECT pg_backend_pid() % 64, t, s, 0 FROM unnest($1::text[], $2::text[]) AS k(t, s) ORDER BY t, s
     ON CONFLICT (shard, movement_type, source_type) DO UPDATE SET live = c.live`,
    [unique.map((k) => k.movementType), unique.map((k) => k.sourceType)],
  );
}
