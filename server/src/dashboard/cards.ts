import type { Db } from '../db';
import { cardsVersions, dashboardCounts, expiredValues, type CountsRow, type CountsWanted, type ExpiredValues } from './sql';

/** Versions kept at once (one per combination of cards the roles ask for, a few days at most). */
const KEEP = 16;

/** A small map of promises by key: a computation is shared by concurrent callers, a failed one is forgotten. */
class Kept<T> {
  private readonly map = new Map<string, Promise<T>>();

  get(key: string, compute: () => Promise<T>): Promise<T> {
    let hit = this.map.get(key);
    if (!hit) {
      hit = compute();
      this.map.set(key, hit);
      hit.catch(() => this.map.delete(key));
      while (this.map.size > KEEP) this.map.delete(this.map.keys().next().value as string);
    }
    return hit;
  }
}

/**
 * The cards' counts, computed once per version of what they read and kept in this process (issue 28: "precomputed where
 * needed, kept exact by the same transactions that change stock"). Every statement that writes stock, orders, limits,
 * settings, prices, the registry, transfers or counts bumps `dashboard_changes` in its own transaction (migration 021).
 * The versions are read first and the counts computed after: what is filed under a version is never older than it, and
 * any later commit changes the version, so the next request computes again — never a stale count. Concurrent requests
 * for the same version share one computation. Several app servers each keep their own copy.
 *
 * What a recount costs after a posting is small because the expensive parts are kept by the database (migration 024):
 * "below minimum" is an index range over stock_limit_levels, which the writing transaction keeps; the expired batches'
 * value (a price lookup per product) is kept here under its own version — today, prices, products and
 * dashboard_expired_changes, which only a change of an expired (or about to expire) balance bumps — so a posting of
 * goods in date does not value the expired batches again.
 */
export class DashboardCards {
  private readonly counts = new Kept<Omit<CountsRow, 'expired_values'>>();
  private readonly values = new Kept<ExpiredValues>();

  constructor(private readonly db: Db) {}

  async get(today: string, expiryUntil: string, weekEnd: string, wanted: CountsWanted): Promise<CountsRow> {
    const v = await cardsVersions(this.db);
    const key = `${v.cards}|${today}|${expiryUntil}|${weekEnd}|${JSON.stringify(wanted)}`;
    const [c, values] = await Promise.all([
      this.counts.get(key, () => dashboardCounts(this.db, today, expiryUntil, weekEnd, wanted)),
      wanted.expiredValue ? this.values.get(`${v.expired}|${today}`, () => expiredValues(this.db, today)) : Promise.resolve(null),
    ]);
    return { ...c, expired_values: values };
  }
}
