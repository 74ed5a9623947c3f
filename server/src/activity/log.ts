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
 * Appends one row to activity_log. Call it with the transaction's `q` inside the write it describes, so the log and the
 * change commit or roll back together.
 */
export async function logActivity(q: Queryable, entry: ActivityEntry): Promise<void> {
  const details =
    entry.details === undefined || entry.details === null
      ? null
      : typeof entry.details === 'string'
        ? entry.details
        : JSON.stringify(entry.details);
  await q.query('INSERT INTO activity_log (user_id, action, entity_type, entity_id, details) VALUES ($1, $2, $3, $4, $5)', [
    entry.userId,
    entry.action,
    entry.entityType,
    entry.entityId == null ? null : String(entry.entityId),
    details,
  ]);
}
