import type { Db } from '../db';
import { cardsVersion, dashboardCounts, type CountsRow, type CountsWanted } from './sql';

/** Versions kept at once (one per combination of cards the roles ask for, a few days at most). */
const KEEP = 16;

/**
 * The cards' counts, computed once per version of what they read and kept in this process (issue 28: "precomputed where
 * needed, kept exact by the same transactions that change stock"). Every statement that writes stock, orders, limits,
 * settings, prices, the registry, transfers or counts bumps `dashboard_changes` in its own transaction (migration 021).
 * The version is read first and the counts computed after: what is filed under a version is never older than it, and any
 * later commit changes the version, so the next request computes again — never a stale count. Concurrent requests for
 * the same version share one computation. Several app servers each keep their own copy.
 */
export class DashboardCards {
  private readonly cache = new Map<string, Promise<CountsRow>>();

  constructor(private readonly db: Db) {}

  async get(today: string, expiryUntil: string, weekEnd: string, wanted: CountsWanted): Promise<CountsRow> {
    const key = `${await cardsVersion(this.db)}|${today}|${expiryUntil}|${weekEnd}|${JSON.stringify(wanted)}`;
    let hit = this.cache.get(key);
    if (!hit) {
      hit = dashboardCounts(this.db, today, expiryUntil, weekEnd, wanted);
      this.cache.set(key, hit);
      hit.catch(() => this.cache.delete(key));
      while (this.cache.size > KEEP) this.cache.delete(this.cache.keys().next().value as string);
    }
    return hit;
  }
}
