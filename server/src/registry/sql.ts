import type { Queryable } from '../db';

/** SQL helpers of the registry lists. Every value travels as a parameter; only whitelisted column names are spliced. */

/** `%word%` for LIKE, with LIKE's own wildcards in the word taken literally. */
export function containsPattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The words of a free-text search ("vite  inox" → ['vite', 'inox']), at most `max`. */
export function searchWords(q: string | undefined, max: number): string[] {
  return (q ?? '').trim().split(/\s+/).filter(Boolean).slice(0, max);
}

/** Collects WHERE conditions and their parameters: `where.add('p.status = ?', status)`. */
export class Where {
  readonly params: unknown[] = [];
  private readonly parts: string[] = [];

  constructor(...always: string[]) {
    this.parts.push(...always);
  }

  /** The next parameter placeholder for `value` ($n). */
  param(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  /** Adds a condition; each `?` in it becomes a placeholder for the next value. */
  add(condition: string, ...values: unknown[]): this {
    let i = 0;
    this.parts.push(condition.replace(/\?/g, () => this.param(values[i++])));
    return this;
  }

  toString(): string {
    return this.parts.length ? `WHERE ${this.parts.join(' AND ')}` : '';
  }
}

/** One page of a list and its total, in two queries (a count(*) OVER () would make the database sort every match). */
export async function page<T>(
  q: Queryable,
  sql: { select: string; from: string; where: Where; orderBy: string },
  limit: number,
  offset: number,
): Promise<{ rows: T[]; total: number }> {
  const { rows: counted } = await q.query<{ total: number }>(`SELECT count(*) AS total ${sql.from} ${sql.where}`, sql.where.params);
  const total = Number(counted[0].total);
  if (total === 0 || offset >= total) return { rows: [], total };
  const n = sql.where.params.length;
  const { rows } = await q.query<T>(
    `SELECT ${sql.select} ${sql.from} ${sql.where} ORDER BY ${sql.orderBy} LIMIT $${n + 1} OFFSET $${n + 2}`,
    [...sql.where.params, limit, offset],
  );
  return { rows, total };
}

/** Timestamps leave the database as Date; the API speaks ISO strings. */
export function iso(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}
