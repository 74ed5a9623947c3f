/**
 * Sign-in throttling (issue 13 §4), two layers, counted in the database (table sign_in_throttle, migration 015) so that
 * every app server on it shares the counters: N servers allow what one allows (issue 23).
 *
 * 1. Per address: at most `ADDRESS_MAX_FAILURES` failed sign-ins per `WINDOW_MS` from one address (IPv6: its /64). Past
 *    that, every sign-in from the address is refused with 429 and the time to wait, until the window ends. Counted with
 *    @fastify/rate-limit (routes.ts: `createRateLimit`) on the store of `SignInThrottle.asPluginStore`: each attempt is
 *    counted when it starts, by one atomic upsert (so parallel guesses, on any server, cannot slip past the limit), and a
 *    successful one is given back.
 * 2. Per (address, user): `FREE_FAILURES` free failures, then each further attempt must wait a growing delay (1 s, 2 s,
 *    4 s … at most `MAX_DELAY_MS`) after the previous failure. The user is the identity the database matched — the user's
 *    id, or for an unknown name the name as PostgreSQL lower-cases it — so letter-case variants (`mİmi` for `mimi`) share
 *    one counter. No account is ever locked for everyone: someone guessing from elsewhere slows down only themselves. The
 *    pair's row is locked while an attempt is decided, so two servers never both let a delayed attempt through.
 *
 * 3. Per account (issue 23): `ACCOUNT_FREE_FAILURES` failed sign-ins of one user identity per `WINDOW_MS` from any
 *    addresses, then growing delays (1 s, 2 s, 4 s … `MAX_DELAY_MS`) for the whole account — 429
 *    `TOO_MANY_ATTEMPTS_ON_ACCOUNT` — so guessing one account from many addresses is slowed too. Skipped for the
 *    addresses the user signed in from before (table sign_in_known_addresses, migration 023, kept
 *    `KNOWN_ADDRESS_DAYS`): the guesser cannot lock the owner out of them. An unknown name has its own counter and never
 *    a known address, so it behaves exactly like an account (no user enumeration). The counter is the row
 *    (`ACCOUNT_ADDRESS`, identity) of sign_in_throttle, counted up front and locked while an attempt is decided; a success,
 *    or an attempt the pair's delay refused, gives its count back.
 *
 * Rows whose time is over are deleted at most once a minute per server. A live row is never dropped; the table grows at
 * most by the pairs of the addresses still under their limit (31 attempts per address and window) and one row per
 * identity tried.
 */
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Db } from '../db';
import {
  clearPairFailures,
  countAddressAttempt,
  giveBackAccountAttempt,
  giveBackAddressAttempt,
  isKnownAddress,
  lockPairFailures,
  pruneKnownAddresses,
  pruneSignInThrottle,
  readAddressAttempts,
  rememberAddress,
  savePairFailures,
} from './queries';

export const WINDOW_MS = 15 * 60 * 1000;
export const ADDRESS_MAX_FAILURES = 30;
export const FREE_FAILURES = 5;
export const MAX_DELAY_MS = 15 * 60 * 1000;
/** Failed sign-ins of one account, from addresses it never signed in from, evaluated at full speed per window. */
export const ACCOUNT_FREE_FAILURES = 10;
/** The sentinel address of the account-wide counters in sign_in_throttle (no client address is '*'). */
export const ACCOUNT_ADDRESS = '*';
/** An address the user signed in from stays known (skips the account counter) this long after the last success there. */
export const KNOWN_ADDRESS_DAYS = 90;
const KNOWN_ADDRESS_MS = KNOWN_ADDRESS_DAYS * 24 * 60 * 60 * 1000;
/** Expired counters are deleted at most this often per server. */
const PRUNE_EVERY_MS = 60 * 1000;

export type Clock = () => number;

/** The delay imposed after `failures` consecutive failures of one (address, user). */
export function delayAfter(failures: number): number {
  return growingDelay(failures, FREE_FAILURES);
}

/** The delay imposed on a whole account after `failures` failures from addresses it never signed in from. */
export function accountDelayAfter(failures: number): number {
  return growingDelay(failures, ACCOUNT_FREE_FAILURES);
}

/** None for the first `free - 1` failures, then 1 s, doubling with each failure, at most MAX_DELAY_MS. */
function growingDelay(failures: number, free: number): number {
  if (failures < free) return 0;
  return Math.min(MAX_DELAY_MS, 1000 * 2 ** (failures - free));
}

/** The store's answer, as @fastify/rate-limit expects it. */
interface StoreResult {
  current: number;
  ttl: number;
}
type Callback = (err: Error | null, result: StoreResult) => void;

export class SignInThrottle {
  private prunedAt = -Infinity;

  constructor(
    private readonly db: Db,
    private readonly now: Clock = Date.now,
  ) {}

  /** A class the plugin can instantiate (`new Store(params)`): a fixed-window counter per address, in the database. */
  asPluginStore(): FastifyRateLimitStoreCtor {
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    const self = this;
    return class implements FastifyRateLimitStore {
      incr(key: string, cb: Callback, timeWindow: number): void {
        countAddressAttempt(self.db, key, self.now(), timeWindow).then(
          (r) => cb(null, { current: r.count, ttl: Number(r.ttl) }),
          (err: Error) => cb(err, { current: 0, ttl: 0 }),
        );
      }
      read(key: string, cb: Callback): void {
        readAddressAttempts(self.db, key, self.now()).then(
          (r) => cb(null, { current: r.count, ttl: Number(r.ttl) }),
          (err: Error) => cb(err, { current: 0, ttl: 0 }),
        );
      }
      child(): FastifyRateLimitStore {
        return this;
      }
    };
  }

  /** A successful sign-in does not count: its attempt, counted when it started, is given back. */
  async giveBack(address: string): Promise<void> {
    await giveBackAddressAttempt(this.db, address, this.now());
  }

  /**
   * Starts an attempt of (address, user identity): the milliseconds to wait (refused, nothing counted), or 0 — then the
   * attempt is counted as a failure up front (so parallel guesses meet the delay too) until `succeeded` clears it.
   */
  async begin(address: string, identity: string): Promise<number> {
    this.prune();
    return this.countFailure(address, identity, delayAfter);
  }

  /**
   * Starts an attempt on the whole account of `identity` from `address`: 0 when the attempt may go on — at once for an
   * address the user signed in from before (`userId`; nothing counted), else counted up front on the account — or the
   * milliseconds to wait (refused, nothing counted). An attempt let through here that the pair refuses, or that
   * succeeds, is given back with `accountAttemptDone`.
   */
  async beginAccount(address: string, identity: string, userId: number | null): Promise<{ wait: number; counted: boolean }> {
    if (userId != null && (await isKnownAddress(this.db, userId, address, this.now() - KNOWN_ADDRESS_MS))) {
      return { wait: 0, counted: false };
    }
    const wait = await this.countFailure(ACCOUNT_ADDRESS, identity, accountDelayAfter);
    return { wait, counted: wait === 0 };
  }

  /** An attempt counted on the account that was not a failure after all (it succeeded, or the pair refused it). */
  async accountAttemptDone(identity: string): Promise<void> {
    await giveBackAccountAttempt(this.db, ACCOUNT_ADDRESS, identity, this.now());
  }

  /** A success: the pair's failures are forgotten, and the address becomes one the user signed in from. */
  async succeeded(address: string, identity: string, userId?: number): Promise<void> {
    await clearPairFailures(this.db, address, identity);
    if (userId != null) await rememberAddress(this.db, userId, address, this.now());
  }

  /** One failure of the row (address, identity) counted up front, or the time its delay still runs (nothing counted). */
  private countFailure(address: string, identity: string, delay: (failures: number) => number): Promise<number> {
    return this.db.tx(async (q) => {
      const now = this.now();
      const row = await lockPairFailures(q, address, identity);
      const live = Number(row.expires_ms) > now;
      const nextAllowedAt = live ? Number(row.next_allowed_ms) : 0;
      if (nextAllowedAt > now) return nextAllowedAt - now;
      const failures = (live ? row.count : 0) + 1;
      const next = now + delay(failures);
      // Forgotten WINDOW_MS after the last failure, never before its delay is over.
      await savePairFailures(q, address, identity, { count: failures, nextAllowedMs: next, expiresMs: Math.max(next, now + WINDOW_MS) });
      return 0;
    });
  }

  /** Deletes expired counters, at most once a minute, without making the sign-in wait for it. */
  private prune(): void {
    const now = this.now();
    if (now - this.prunedAt < PRUNE_EVERY_MS && now >= this.prunedAt) return;
    this.prunedAt = now;
    pruneSignInThrottle(this.db, now).catch(() => undefined);
    pruneKnownAddresses(this.db, now - KNOWN_ADDRESS_MS).catch(() => undefined);
  }
}
