/**
 * Sign-in throttling, per username (case-insensitive), in memory.
 *
 * Rule: after `maxFailures` failed sign-ins for one username within `windowMs`, further attempts for that username are
 * refused with 429 TOO_MANY_ATTEMPTS (and Retry-After) until the oldest failure of the window ages out — even with the right
 * password, otherwise the lock would not slow down guessing. A successful sign-in clears the username's failures.
 *
 * In memory on purpose: one server process serves the portal; a restart forgets the failures, which is acceptable for a
 * brake on password guessing. Several instances behind a balancer would each count on their own (a shared store would be
 * needed then). The map is bounded: expired entries are pruned, and past `maxTracked` usernames the oldest are dropped.
 */
export interface ThrottleOptions {
  maxFailures: number;
  windowMs: number;
  maxTracked: number;
  now: () => number;
}

export const DEFAULT_THROTTLE: ThrottleOptions = {
  maxFailures: 5,
  windowMs: 15 * 60 * 1000,
  maxTracked: 10_000,
  now: () => Date.now(),
};

export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();
  private readonly opts: ThrottleOptions;

  constructor(opts: Partial<ThrottleOptions> = {}) {
    this.opts = { ...DEFAULT_THROTTLE, ...opts };
  }

  private key(username: string): string {
    return username.trim().toLowerCase();
  }

  private recent(key: string): number[] {
    const since = this.opts.now() - this.opts.windowMs;
    const list = (this.failures.get(key) ?? []).filter((t) => t > since);
    if (list.length) this.failures.set(key, list);
    else this.failures.delete(key);
    return list;
  }

  /** Seconds to wait before the next attempt, or 0 when the username may try now. */
  retryAfterSeconds(username: string): number {
    const list = this.recent(this.key(username));
    if (list.length < this.opts.maxFailures) return 0;
    const unlockAt = list[list.length - this.opts.maxFailures] + this.opts.windowMs;
    return Math.max(1, Math.ceil((unlockAt - this.opts.now()) / 1000));
  }

  recordFailure(username: string): void {
    const key = this.key(username);
    const list = this.recent(key);
    list.push(this.opts.now());
    this.failures.delete(key); // re-insert: Map order becomes "least recently failed first"
    this.failures.set(key, list.slice(-this.opts.maxFailures));
    while (this.failures.size > this.opts.maxTracked) {
      const oldest = this.failures.keys().next().value;
      if (oldest === undefined) break;
      this.failures.delete(oldest);
    }
  }

  recordSuccess(username: string): void {
    this.failures.delete(this.key(username));
  }
}
