/**
 * The rate limit of POST /client-events (issue 24), counted in the database (table client_event_rate, migration 022) the
 * way the sign-in throttle counts addresses (auth/throttle.ts): @fastify/rate-limit decides, its store is one atomic
 * upsert per event, so every app server on the database shares the counters and parallel reports cannot slip past.
 * Expired windows are deleted at most once a minute per server.
 */
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Db } from '../db';
import { countClientEvent, pruneClientEventRate, readClientEventCount } from './sql';

/** Each signed-in user may report this many events per window. */
export const CLIENT_EVENTS_MAX = 20;
export const CLIENT_EVENTS_WINDOW_MS = 10 * 60 * 1000;
const PRUNE_EVERY_MS = 60 * 1000;

interface StoreResult {
  current: number;
  ttl: number;
}
type Callback = (err: Error | null, result: StoreResult) => void;

/** A store class for @fastify/rate-limit (`new Store(params)`): a fixed window per key, in the database. */
export function databaseRateStore(db: Db, now: () => number): FastifyRateLimitStoreCtor {
  let prunedAt = -Infinity;
  const prune = () => {
    const t = now();
    if (t - prunedAt < PRUNE_EVERY_MS && t >= prunedAt) return;
    prunedAt = t;
    pruneClientEventRate(db, t).catch(() => undefined);
  };
  return class implements FastifyRateLimitStore {
    incr(key: string, cb: Callback, timeWindow: number): void {
      prune();
      countClientEvent(db, key, now(), timeWindow).then(
        (r) => cb(null, { current: r.count, ttl: Number(r.ttl) }),
        (err: Error) => cb(err, { current: 0, ttl: 0 }),
      );
    }
    child(): FastifyRateLimitStore {
      return this;
    }
    read(key: string, cb: Callback): void {
      readClientEventCount(db, key, now()).then(
        (r) => cb(null, { current: r.count, ttl: Number(r.ttl) }),
        (err: Error) => cb(err, { current: 0, ttl: 0 }),
      );
    }
  };
}
