import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db, Queryable } from '../db';
import { scheduleJob } from '../db/jobs';
import { countReplay } from '../metrics/counters';
import { AppError, type Bilingual } from './errors';

/**
 * Exactly-once writes (sales, goods receipts): ONE mechanism for every route that needs it.
 *
 * The client sends `Idempotency-Key: <any printable text ≤ 200 chars>` (a UUID per user action: a double click, a retry
 * after a timeout, a replayed request all carry the same key). The write then runs in ONE transaction that starts by
 * inserting the key row (`INSERT … ON CONFLICT DO NOTHING`):
 * - inserted → this request does the write; its answer (status + JSON body) is stored in the key row in the same
 *   transaction, so the write and "it was done" commit or roll back together;
 * - already there → the key was used: a concurrent request with the same key blocks on the primary key until the first
 *   commits (and then sees its row) or rolls back (and then inserts it and does the write itself). The stored answer is
 *   replayed — same status, same body, header `Idempotency-Replayed: true` — when the request is the same (method, path,
 *   validated body); the same key with another request is refused with 422 IDEMPOTENCY_KEY_REUSED.
 * A refused write (any thrown error) rolls back with its key, so the caller may fix and retry with the same key.
 * Keys are scoped per route (`scope`) and per user. Without the header the write simply runs in its transaction.
 *
 * In a route:
 *   async (request, reply) => idempotentReply(db, request, reply, 'sales.create', async (q) => ({ status: 201, body: await createSale(q, …) }))
 */

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_REPLAYED_HEADER = 'idempotency-replayed';
export const MAX_IDEMPOTENCY_KEY_LENGTH = 200;

export const idempotencyMessages = {
  invalidKey: {
    it: 'Intestazione Idempotency-Key non valida: da 1 a 200 caratteri stampabili',
    fr: 'En-tête Idempotency-Key non valide : de 1 à 200 caractères imprimables',
  },
  keyReused: {
    it: "Questa Idempotency-Key è già stata usata per un'altra richiesta: usa una chiave nuova per ogni operazione",
    fr: 'Cette Idempotency-Key a déjà servi pour une autre requête : utilisez une nouvelle clé pour chaque opération',
  },
} satisfies Record<string, Bilingual>;

/** The answer a guarded write gives, stored and replayed as is. `body` must be JSON-serialisable. */
export interface IdempotentAnswer<T = unknown> {
  status: number;
  body: T;
}

export interface IdempotencyContext {
  /** The operation, e.g. 'sales.create', 'goods-receipts.receive'. */
  scope: string;
  userId: number;
  key: string;
  /** What makes two requests "the same" (idempotencyFingerprint). */
  fingerprint: string;
}

/** Printable ASCII (space to tilde), 1 to 200 characters. */
const KEY_PATTERN = /^[\x20-\x7e]{1,200}$/;

/** The request's Idempotency-Key, null when absent; 400 IDEMPOTENCY_KEY_INVALID when present but not 1–200 printable chars. */
export function idempotencyKeyOf(request: FastifyRequest): string | null {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return null;
  const value = Array.isArray(raw) ? null : raw.trim();
  if (!value || !KEY_PATTERN.test(value)) throw new AppError(400, 'IDEMPOTENCY_KEY_INVALID', idempotencyMessages.invalidKey);
  return value;
}

/** JSON with sorted object keys (bigint as text), so equal bodies written in another key order give the same fingerprint. */
function canonicalJson(value: unknown): string {
  if (value === undefined) return 'null';
  if (typeof value === 'bigint') return JSON.stringify(value.toString());
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** sha256 of method, path (without query) and the body: what "the same request" means for a key. */
export function idempotencyFingerprint(method: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method.toUpperCase()} ${path.split('?')[0]}\n${canonicalJson(body)}`)
    .digest('hex');
}

interface KeyRow {
  fingerprint: string;
  status_code: number | null;
  body: unknown;
}

/**
 * Runs `write` exactly once per key (see the top of this file): in one transaction with the key row, storing its answer;
 * or replays the stored answer. Without a context (no key sent) it just runs `write` in a transaction.
 */
export async function runIdempotent<T>(
  db: Db,
  ctx: IdempotencyContext | null,
  write: (q: Queryable) => Promise<IdempotentAnswer<T>>,
): Promise<IdempotentAnswer<T> & { replayed: boolean }> {
  if (!ctx) return { ...(await db.tx(write)), replayed: false };
  return db.tx(async (q) => {
    const claimed = await q.query(
      `INSERT INTO idempotency_keys (scope, user_id, key, fingerprint) VALUES ($1, $2, $3, $4)
       ON CONFLICT (scope, user_id, key) DO NOTHING RETURNING 1`,
      [ctx.scope, ctx.userId, ctx.key, ctx.fingerprint],
    );
    if (claimed.rowCount === 0) {
      // Another transaction holds or held this key and has committed (READ COMMITTED: this statement sees it).
      const { rows } = await q.query<KeyRow>(
        'SELECT fingerprint, status_code, body FROM idempotency_keys WHERE scope = $1 AND user_id = $2 AND key = $3',
        [ctx.scope, ctx.userId, ctx.key],
      );
      const row = rows[0];
      if (!row || row.status_code === null) {
        // Cannot happen (the row gets its answer before it commits); refuse rather than write twice.
        throw new AppError(409, 'IDEMPOTENCY_KEY_REUSED', idempotencyMessages.keyReused);
      }
      if (row.fingerprint !== ctx.fingerprint) throw new AppError(422, 'IDEMPOTENCY_KEY_REUSED', idempotencyMessages.keyReused);
      return { status: row.status_code, body: (typeof row.body === 'string' ? JSON.parse(row.body) : row.body) as T, replayed: true };
    }
    const answer = await write(q);
    await q.query('UPDATE idempotency_keys SET status_code = $4, body = $5::json WHERE scope = $1 AND user_id = $2 AND key = $3', [
      ctx.scope,
      ctx.userId,
      ctx.key,
      answer.status,
      JSON.stringify(answer.body ?? null),
    ]);
    return { ...answer, replayed: false };
  });
}

/** The context of a request: its key (if any), the signed-in user, and its fingerprint over the validated body. */
export function idempotencyContextOf(request: FastifyRequest, scope: string): IdempotencyContext | null {
  const key = idempotencyKeyOf(request);
  if (key === null) return null;
  return { scope, userId: request.user.id, key, fingerprint: idempotencyFingerprint(request.method, request.url, request.body) };
}

/**
 * A route's exactly-once write: reads the Idempotency-Key, runs or replays `write`, and sends the answer (with
 * `Idempotency-Replayed: true` on a replay). Return its result from the handler.
 */
export async function idempotentReply<T>(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  scope: string,
  write: (q: Queryable) => Promise<IdempotentAnswer<T>>,
): Promise<FastifyReply> {
  const answer = await runIdempotent(db, idempotencyContextOf(request, scope), write);
  if (answer.replayed) {
    reply.header(IDEMPOTENCY_REPLAYED_HEADER, 'true');
    countReplay(scope);
  }
  return reply.code(answer.status).send(answer.body);
}

/**
 * How long a key is remembered: 24 hours. A retry of a user action (a double click, a timeout, a reconnecting client) comes
 * seconds or minutes later, so within a day every retry is still exactly-once; after that the key is forgotten and the
 * table holds about one day of guarded writes.
 */
export const IDEMPOTENCY_KEY_MAX_AGE_HOURS = 24;
/** How often the server prunes (the first prune runs a minute after start, so a restart does not postpone it by an hour). */
export const IDEMPOTENCY_PRUNE_INTERVAL_MS = 60 * 60 * 1000;
const FIRST_PRUNE_DELAY_MS = 60 * 1000;

/** Forgets keys older than `maxAgeHours` (default IDEMPOTENCY_KEY_MAX_AGE_HOURS). Returns how many were removed. */
export async function pruneIdempotencyKeys(q: Queryable, maxAgeHours = IDEMPOTENCY_KEY_MAX_AGE_HOURS): Promise<number> {
  const r = await q.query(`DELETE FROM idempotency_keys WHERE created_at < now() - make_interval(hours => $1)`, [maxAgeHours]);
  return r.rowCount;
}

export interface PruningOptions {
  intervalMs?: number;
  firstDelayMs?: number;
  maxAgeHours?: number;
}

/**
 * Prunes the keys on a timer while `app` runs (db/jobs.ts: once across every app server sharing the database): started
 * when the app is ready, stopped (and an in-flight prune awaited) when it closes; the timers are unref'd.
 */
export function scheduleIdempotencyKeyPruning(app: FastifyInstance, db: Db, opts: PruningOptions = {}): void {
  const { intervalMs = IDEMPOTENCY_PRUNE_INTERVAL_MS, firstDelayMs = FIRST_PRUNE_DELAY_MS, maxAgeHours } = opts;
  scheduleJob(app, db, { name: 'idempotency-prune', firstDelayMs, intervalMs, work: (q) => pruneIdempotencyKeys(q, maxAgeHours) });
}
