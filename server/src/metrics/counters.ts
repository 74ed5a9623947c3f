import { Counter, Registry } from 'prom-client';
import type { Queryable } from '../db';
import { REMOTES } from '../web/serve';

/**
 * Counters of domain events, kept by the modules where the events happen (the ledger, idempotency, the sign-in throttle)
 * and served by /metrics (plugin.ts). They live in this module, so they count per process: one app server is one
 * process, and each instance is scraped on its own (Prometheus adds them up). Counting is one increment, always on,
 * whether /metrics is served or not.
 */
export const domainRegistry = new Registry();

/** Ledger rows appended, by movement type (C load, S unload, T transfer) and what appended them. */
const postings = new Counter({
  name: 'wms_stock_postings_total',
  help: 'Stock ledger rows committed, by movement type (C load, S unload, T transfer) and operation (post, reverse, correct)',
  labelNames: ['movement_type', 'operation'] as const,
  registers: [domainRegistry],
});

const replays = new Counter({
  name: 'wms_idempotent_replays_total',
  help: 'Writes answered from a stored Idempotency-Key answer instead of being done again, by operation',
  labelNames: ['scope'] as const,
  registers: [domainRegistry],
});

const throttleRefusals = new Counter({
  name: 'wms_sign_in_throttled_total',
  help: 'Sign-ins refused by the throttle (429), by code: TOO_MANY_ATTEMPTS_FROM_ADDRESS, TOO_MANY_ATTEMPTS or TOO_MANY_ATTEMPTS_ON_ACCOUNT',
  labelNames: ['code'] as const,
  registers: [domainRegistry],
});

const clientRemoteFailures = new Counter({
  name: 'wms_client_remote_failures_total',
  help: 'Remotes a browser refused to load and reported (POST /api/client-events), by kind and remote (other: a name not in remotes.config.json)',
  labelNames: ['kind', 'remote'] as const,
  registers: [domainRegistry],
});

/** Runs `fn` when `q`'s transaction commits; at once for a statement outside a transaction (committed already). */
function afterCommit(q: Queryable, fn: () => void): void {
  if (q.afterCommit) q.afterCommit(fn);
  else fn();
}

/** A ledger row written on `q`: counted once its transaction commits, never for a rolled-back one. No SQL. */
export function countPosting(q: Queryable, movementType: 'C' | 'S' | 'T', operation: 'post' | 'reverse' | 'correct'): void {
  afterCommit(q, () => postings.inc({ movement_type: movementType, operation }));
}

/** An exactly-once write replayed (its transaction has ended: only a read of the stored answer). */
export function countReplay(scope: string): void {
  replays.inc({ scope });
}

export function countThrottleRefusal(code: string): void {
  throttleRefusals.inc({ code });
}

/** A remote failure a browser reported, once it is stored. The remote label is one of the table's names or 'other'. */
export function countClientRemoteFailure(kind: string, remote: string): void {
  clientRemoteFailures.inc({ kind, remote: REMOTES.includes(remote) ? remote : 'other' });
}
