import type { Queryable } from '../db';

export interface ActivityEntry {
  /** Who did it; null for the system (e.g. first-start bootstrap). */
  userId: number | null;
  /** What was done, a stable verb: 'login', 'logout', 'create', 'update', 'delete', 'cancel', … */
  action: string;
  /** What it was done to: 'auth', 'user', 'product', 'warehouse', … */
  entityType: string;
  entityId?: string | number | null;
  /** Free text, or an object stored as JSON text. */
  details?: string | Record<string, unknown> | null;
}

/**
 * The INSERT of one activity_log row as SQL text and parameters, numbered from `$first`: logActivity runs it alone; a
 * hot write may run it as a data-modifying CTE of its own statement to save a round trip — the row is written all the
 * same, in the same transaction. `entityFrom`: the entity id is the `id` of the one row of that CTE (e.g. the posting's
 * `posted`), for a row that does not exist before the statement.
 */
export function activityInsert(entry: ActivityEntry, first = 1, entityFrom?: string): { sql: string; params: unknown[] } {
  const details =
    entry.details === undefined || entry.details === null
      ? null
      : typeof entry.details === 'string'
        ? entry.details
        : JSON.stringify(entry.details);
  const n = (i: number) => `$${first + i}`;
  const into = 'INSERT INTO activity_log (user_id, action, entity_type, entity_id, details)';
  if (entityFrom) {
    return {
      sql: `${into} SELECT ${n(0)}::bigint, ${n(1)}::text, ${n(2)}::text, ${entityFrom}.id::text, ${n(3)}::text FROM ${entityFrom}`,
      params: [entry.userId, entry.action, entry.entityType, details],
    };
  }
  return {
    sql: `${into} VALUES (${n(0)}, ${n(1)}, ${n(2)}, ${n(3)}, ${n(4)})`,
    params: [entry.userId, entry.action, entry.entityType, entry.entityId == null ? null : String(entry.entityId), details],
  };
}

/**
 * Appends one row to activity_log. Call it with the transaction's `q` inside the write it describes, so the log and the
 * change commit or roll back together.
 */
export async function logActivity(q: Queryable, entry: ActivityEntry): Promise<void> {
  const { sql, params } = activityInsert(entry);
  await q.query(sql, params);
}
