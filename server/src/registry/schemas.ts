import { z } from 'zod';

/**
 * Route schemas shared by the registry's lists and single-row calls. The bodies themselves are the shared-api schemas the
 * forms use (productSchema, warehouseSchema, partySchema).
 *
 * Paging contract (every registry list): the answer is a JSON array; `q` filters (case-insensitive, every word must
 * match), `sort` names a column and `order` is asc | desc, `limit` (default 100, at most 1000) and `offset` choose the
 * page, and the X-Total-Count header carries how many rows match in all.
 */
export const DEFAULT_LIMIT = 100;
export const MAX_LIMIT = 1000;
/** Words of `q` beyond this many are ignored (each one is a scan condition). */
export const MAX_SEARCH_WORDS = 8;

const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

const count = (min: number, max: number) =>
  z.coerce.number({ error: 'invalidType' }).int({ error: 'invalidType' }).min(min, { error: 'invalidType' }).max(max, { error: 'invalidType' });

/** The list query of one registry: its sortable columns and any extra filters. */
export function listQuery<S extends readonly [string, ...string[]], E extends z.ZodRawShape = Record<never, never>>(sorts: S, extra?: E) {
  return z.object({
    q: z.preprocess(blank, z.string().trim().max(200, { error: 'tooLong' }).optional()).describe('Free text: every word must appear in some field'),
    sort: z.preprocess(blank, z.enum(sorts, { error: 'invalidOption' }).optional()),
    order: z.preprocess(blank, z.enum(['asc', 'desc'], { error: 'invalidOption' }).default('asc')),
    limit: z.preprocess(blank, count(1, MAX_LIMIT).default(DEFAULT_LIMIT)),
    offset: z.preprocess(blank, count(0, 100_000_000).default(0)),
    ...(extra ?? ({} as E)),
  });
}

/** A yes/no query filter ("true" / "false"). */
export const queryFlag = z.preprocess(blank, z.enum(['true', 'false'], { error: 'invalidOption' }).optional().transform((v) => (v === undefined ? undefined : v === 'true')));

export const idParams = z.object({
  id: z.coerce.number({ error: 'invalidType' }).int({ error: 'invalidType' }).positive({ error: 'invalidType' }).max(Number.MAX_SAFE_INTEGER, { error: 'invalidType' }),
});

export const deletedSchema = z.object({ message: z.string(), id: z.number() });
