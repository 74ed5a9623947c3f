/**
 * Sign-in throttling (issue 13 §4), in memory, two layers:
 *
 * 1. Per address: at most `ADDRESS_MAX_FAILURES` failed sign-ins per `WINDOW_MS` from one address (IPv6: its /64). Past
 *    that, every sign-in from the address is refused with 429 and the time to wait, until the window ends. Counted with
 *    @fastify/rate-limit (routes.ts: `createRateLimit`) on the `AddressFailures` store below: each attempt is counted
 *    when it starts (so parallel guesses cannot slip past the limit) and a successful one is given back.
 * 2. Per (address, user): `FREE_FAILURES` free failures, then each further attempt must wait a growing delay (1 s, 2 s,
 *    4 s … at most `MAX_DELAY_MS`) after the previous failure. The user is the identity the database matched — the user's
 *    id, or for an unknown name the name as PostgreSQL lower-cases it — so letter-case variants (`mİmi` for `mimi`) share
 *    one counter. No account is ever locked for everyone: someone guessing from elsewhere slows down only themselves.
 *
 * Memory: both tables are bounded, and a live entry (its window or delay not over) is never dropped to make room — not
 * even when an attacker sprays millions of names or addresses. Expired entries are pruned; when a table is full of live
 * entries, a new key is refused (429) until the oldest live entry expires. In memory on purpose: one server process
 * serves the portal; a restart forgets the counters, acceptable for a brake on guessing (several instances would need a
 * shared store).
 */
export const WINDOW_MS = 15 * 60 * 1000;
export const ADDRESS_MAX_FAILURES = 30;
export const FREE_FAILURES = 5;
export const MAX_DELAY_MS = 15 * 60 * 1000;
export const MAX_TRACKED = 100_000;

import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';

export type Clock = () => number;

/** The delay imposed after `failures` consecutive failures of one (address, user). */
export function delayAfter(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(MAX_DELAY_MS, 1000 * 2 ** (failures - FREE_FAILURES));
}

/**
 * A map whose entries expire at their own time and are dropped only then: Map order is insertion order and every
 * entry is re-inserted when its expiry moves later, so the first entries are the ones to prune.
 */
class ExpiringTable<V extends { expiresAt: number }> {
  private readonly map = new Map<string, V>();
  /** When the table was last found full, and the earliest expiry then: a full table is walked at most once a second. */
  private prunedAt = -Infinity;
  private soonest = Infinity;

  constructor(
    private readonly maxTracked: number,
    private readonly now: Clock,
  ) {}

  get size(): number {
    return this.map.size;
  }

  get(key: string): V | undefined {
    const v = this.map.get(key);
    if (v && v.expiresAt <= this.now()) {
      this.map.delete(key);
      return undefined;
    }
    return v;
  }

  /** Stores `value` under `key`; false (nothing stored) when the table is full of live entries. */
  set(key: string, value: V): boolean {
    this.map.delete(key);
    if (this.map.size >= this.maxTracked) this.prune();
    if (this.map.size >= this.maxTracked) return false;
    this.map.set(key, value);
    return true;
  }

  delete(key: string): void {
    this.map.delete(key);
  }

  /** Milliseconds until some live entry expires (room for a new key), at least 1 s. */
  msUntilRoom(): number {
    return Math.max(1000, this.soonest - this.now());
  }

  private prune(): void {
    const now = this.now();
    if (now - this.prunedAt < 1000 && now < this.soonest) return;
    this.prunedAt = now;
    this.soonest = Infinity;
    // Expiries are not in insertion order in general: walk everything (only when the table is full, at most once a second).
    for (const [k, v] of this.map) {
      if (v.expiresAt <= now) this.map.delete(k);
      else this.soonest = Math.min(this.soonest, v.expiresAt);
    }
  }
}

interface WindowEntry {
  count: number;
  expiresAt: number;
}

/** The store's answer, as @fastify/rate-limit expects it. */
interface StoreResult {
  current: number;
  ttl: number;
}
type Callback = (err: Error | null, result: StoreResult) => void;

/**
 * A fixed-window counter per address for @fastify/rate-limit (`store` option), plus `giveBack` for a successful sign-in.
 * Unlike the plugin's LocalStore (an LRU of 5 000 keys), it never evicts a live window; when full of live windows, a new
 * address is answered as over the limit until room frees up.
 */
export class AddressFailures {
  private readonly table: ExpiringTable<WindowEntry>;

  constructor(
    maxTracked = MAX_TRACKED,
    private readonly now: Clock = Date.now,
  ) {
    this.table = new ExpiringTable(maxTracked, now);
  }

  /** A class the plugin can instantiate (`new Store(params)`): every instance is this one table. */
  asPluginStore(): FastifyRateLimitStoreCtor {
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    const self = this;
    return class implements FastifyRateLimitStore {
      incr(key: string, cb: Callback, timeWindow: number, max: number): void {
        cb(null, self.incr(key, timeWindow, max));
      }
      read(key: string, cb: Callback): void {
        cb(null, self.read(key));
      }
      child(): FastifyRateLimitStore {
        return this;
      }
    };
  }

  incr(key: string, timeWindow: number, max: number): StoreResult {
    const now = this.now();
    const entry = this.table.get(key);
    if (entry) {
      entry.count += 1;
      return { current: entry.count, ttl: entry.expiresAt - now };
    }
    const fresh = { count: 1, expiresAt: now + timeWindow };
    if (!this.table.set(key, fresh)) return { current: max + 1, ttl: this.table.msUntilRoom() };
    return { current: 1, ttl: timeWindow };
  }

  read(key: string): StoreResult {
    const entry = this.table.get(key);
    return entry ? { current: entry.count, ttl: entry.expiresAt - this.now() } : { current: 0, ttl: 0 };
  }

  /** A successful sign-in does not count: its attempt, counted when it started, is given back. */
  giveBack(key: string): void {
    const entry = this.table.get(key);
    if (!entry) return;
    entry.count -= 1;
    if (entry.count <= 0) this.table.delete(key);
  }
}

interface PairEntry {
  failures: number;
  /** No new attempt before this time (ms). */
  nextAllowedAt: number;
  expiresAt: number;
}

/** Growing delays per (address, user identity). */
export class SignInDelays {
  private readonly table: ExpiringTable<PairEntry>;

  constructor(
    maxTracked = MAX_TRACKED,
    private readonly now: Clock = Date.now,
  ) {
    this.table = new ExpiringTable(maxTracked, now);
  }

  private static key(address: string, identity: string): string {
    return `${address}\u0000${identity}`;
  }

  /**
   * Starts an attempt: the milliseconds to wait (refused, nothing counted), or 0 — then the attempt is counted as a
   * failure up front (so parallel guesses meet the delay too) until `succeeded` clears it.
   */
  begin(address: string, identity: string): number {
    const key = SignInDelays.key(address, identity);
    const now = this.now();
    const entry = this.table.get(key);
    if (entry && entry.nextAllowedAt > now) return entry.nextAllowedAt - now;
    const failures = (entry?.failures ?? 0) + 1;
    const nextAllowedAt = now + delayAfter(failures);
    // Forgotten WINDOW_MS after the last failure, never before its delay is over.
    const next = { failures, nextAllowedAt, expiresAt: Math.max(nextAllowedAt, now + WINDOW_MS) };
    if (!this.table.set(key, next)) return this.table.msUntilRoom();
    return 0;
  }

  succeeded(address: string, identity: string): void {
    this.table.delete(SignInDelays.key(address, identity));
  }

  get size(): number {
    return this.table.size;
  }
}
