import type {
  InventoryCountingLine,
  InventoryCountingView,
  InventoryCountLineFields,
  InventoryCountLineView,
  InventoryCountScope,
  InventoryCountStatus,
  InventoryCountSummary,
  InventoryCountView,
  InventorySavedLine,
  InventoryTotal,
  ReviewFilter,
  UncountedChoice,
} from '@wms/shared-api';
import { activityInsert, type ActivityEntry } from '../activity/log';
import type { Queryable } from '../db';
import { isoTimestamp, page, Where } from '../http/list';

/**
 * The SQL of the inventory counts (issue 25). Reads answer JSON built by the database (numeric as text, so quantities
 * stay exact and 20 000 lines cross the driver as one value); writes are set-wise (unnest), one statement per step.
 */

export interface CountHead {
  id: number;
  warehouse_id: number;
  status: InventoryCountStatus;
  scope: InventoryCountScope;
  snapshot_day: string;
}

const HEAD = `c.id, c.warehouse_id, c.status, c.scope, to_char(c.snapshot_day, 'YYYY-MM-DD') AS snapshot_day`;

/** The count, locked until the transaction ends: FOR SHARE while counting (many counters), FOR UPDATE to apply or cancel. */
export async function lockCount(q: Queryable, id: number, mode: 'share' | 'update'): Promise<CountHead | null> {
  const { rows } = await q.query<CountHead>(
    `SELECT ${HEAD} FROM inventory_counts c WHERE c.id = $1 FOR ${mode === 'share' ? 'SHARE' : 'UPDATE'}`,
    [id],
  );
  return rows[0] ?? null;
}

/**
 * Serialises the starts of counts of one warehouse across app servers (transaction-scoped advisory lock): the overlap
 * check that follows then sees every count committed before it, so two concurrent starts give one count and one 409.
 */
export async function lockWarehouseCounts(q: Queryable, warehouseId: number): Promise<void> {
  await q.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`inventory-count:${warehouseId}`]);
}

/** True for a live warehouse one can count (not the transit location of transfers, migration 019: nothing sits there). */
export async function warehouseExists(q: Queryable, id: number): Promise<boolean> {
  const { rows } = await q.query('SELECT 1 FROM warehouses WHERE id = $1 AND deleted_at IS NULL AND NOT is_transit', [id]);
  return rows.length > 0;
}

/** Of `ids`, those that are not live products. */
export async function missingProducts(q: Queryable, ids: number[]): Promise<number[]> {
  const { rows } = await q.query<{ id: number }>(
    `SELECT i.id FROM unnest($1::bigint[]) AS i(id)
      WHERE NOT EXISTS (SELECT 1 FROM products p WHERE p.id = i.id AND p.deleted_at IS NULL) ORDER BY i.id`,
    [ids],
  );
  return rows.map((r) => r.id);
}

/**
 * An open count of the warehouse whose scope meets this one (an 'all' count meets everything; two lists meet when they
 * share a product; a family is the family's live products), or null.
 */
export async function overlappingOpenCount(
  q: Queryable,
  warehouseId: number,
  scope: { family: string | null; productIds: number[] | null },
): Promise<number | null> {
  const { rows } = await q.query<{ id: number }>(
    `WITH mine AS (
       SELECT id AS product_id FROM products WHERE deleted_at IS NULL AND category = $2
       UNION SELECT unnest($3::bigint[])
     )
     SELECT c.id FROM inventory_counts c
      WHERE c.warehouse_id = $1 AND c.status = 'open'
        AND (c.scope = 'all' OR ($2::text IS NULL AND $3::bigint[] IS NULL)
             OR EXISTS (SELECT 1 FROM inventory_count_products cp JOIN mine m ON m.product_id = cp.product_id WHERE cp.count_id = c.id))
      ORDER BY c.id LIMIT 1`,
    [warehouseId, scope.family, scope.productIds],
  );
  return rows[0]?.id ?? null;
}

export interface NewCount {
  warehouseId: number;
  family: string | null;
  productIds: number[] | null;
  notes: string | null;
  day: string;
  userId: number | null;
}

/** Inserts the count and its scope's products; returns its id. */
export async function insertCount(q: Queryable, c: NewCount): Promise<number> {
  const scope: InventoryCountScope = c.family ? 'family' : c.productIds ? 'products' : 'all';
  const { rows } = await q.query<{ id: number }>(
    `WITH ins AS (
       INSERT INTO inventory_counts (warehouse_id, scope, family, notes, snapshot_day, created_by)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id
     ), scope AS (
       INSERT INTO inventory_count_products (count_id, product_id)
       SELECT ins.id, p.id FROM ins, products p
        WHERE p.deleted_at IS NULL AND (p.category = $3 OR p.id = ANY ($7::bigint[]))
     )
     SELECT id FROM ins`,
    [c.warehouseId, scope, c.family, c.notes, c.day, c.userId, c.productIds ?? []],
  );
  return rows[0].id;
}

/** How many products a family or list count covers (0 means an empty family). */
export async function scopeSize(q: Queryable, countId: number): Promise<number> {
  const { rows } = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM inventory_count_products WHERE count_id = $1', [countId]);
  return rows[0].n;
}

/**
 * THE SNAPSHOT: one statement reads the warehouse's balances (a consistent MVCC snapshot: every posting changes its
 * balance and its ledger row in one transaction, so each balance read is exactly the sum of the ledger rows committed
 * before this statement) and writes them as the count's lines with their book quantity. An 'all' count takes every
 * balance row of the warehouse (every product with stock or ever moved there; zero rows of deleted products left out);
 * a family or list count its products' rows, plus a batch-less line at 0 for a product without batches and without a
 * row. Returns the number of lines.
 */
export async function snapshotLines(q: Queryable, countId: number, warehouseId: number, scope: InventoryCountScope): Promise<number> {
  const all = `SELECT $1::bigint, b.product_id, b.batch_number, true, b.quantity, b.production_date, b.expiry_date
                 FROM stock_balances b JOIN products p ON p.id = b.product_id
                WHERE b.warehouse_id = $2 AND (b.quantity > 0 OR p.deleted_at IS NULL)`;
  const scoped = `SELECT $1::bigint, b.product_id, b.batch_number, true, b.quantity, b.production_date, b.expiry_date
                    FROM inventory_count_products cp JOIN stock_balances b ON b.product_id = cp.product_id AND b.warehouse_id = $2
                   WHERE cp.count_id = $1
                  UNION ALL
                  SELECT $1::bigint, p.id, '', true, 0, NULL::date, NULL::date
                    FROM inventory_count_products cp JOIN products p ON p.id = cp.product_id
                   WHERE cp.count_id = $1 AND NOT p.has_batch
                     AND NOT EXISTS (SELECT 1 FROM stock_balances b WHERE b.product_id = p.id AND b.warehouse_id = $2)`;
  const r = await q.query(
    `INSERT INTO inventory_count_lines (count_id, product_id, batch_number, in_snapshot, book_quantity, production_date, expiry_date)
     ${scope === 'all' ? all : scoped}`,
    [countId, warehouseId],
  );
  return r.rowCount;
}

/** A snapshot of at least this many lines refreshes the lines' planner statistics (refreshLineStatistics). */
export const ANALYZE_AFTER_LINES = 1000;

/**
 * ANALYZE of the count lines, after a large snapshot has committed. Without it the planner knows nothing of the new
 * count's 20 000 lines for a while (PostgreSQL's autovacuum comes within a minute or so; PGlite has no autovacuum, so
 * never) and plans the review page as for a few lines: on PGlite its statement took 49 ms instead of 24 ms (p50,
 * without other clients; bench/README.md "Inventory counts"). ANALYZE reads a bounded sample (≤ 30 000 rows), changes no data and
 * takes only a lock that ordinary reads and writes ignore; a failure (e.g. a role that does not own the table, or a
 * VACUUM holding the lock until cancelled) is logged, never the request's failure: the count is already saved.
 */
export async function refreshLineStatistics(q: Queryable, log: { warn(obj: object, msg: string): void }): Promise<void> {
  try {
    await q.query('ANALYZE inventory_count_lines');
  } catch (err) {
    log.warn({ err }, 'inventory: ANALYZE of the count lines failed');
  }
}

// ------------------------------------------------------------------------------------------------------------ counting

/** What the PUT needs to know of each product it names. */
export interface CountedProduct {
  id: number;
  code: string;
  deleted: boolean;
  in_scope: boolean;
  has_batch: boolean;
  has_expiry_date: boolean;
  has_production_date: boolean;
}

/** A count locked for counting, with what the PUT needs to check its lines. */
export interface CountingCheck {
  head: CountHead | null;
  products: Map<number, CountedProduct>;
  /** `product\u0000batch` of the keys asked that are known: a line of the count, or a balance row anywhere (its dates known). */
  known: Set<string>;
}

/**
 * One statement (one round trip) for a save's checks: the count locked FOR SHARE (many counters at once; apply and cancel
 * lock it FOR UPDATE), the products the lines name (state, batch and date rules, in the count's scope) and which of the
 * (product, batch) keys asked are known. The products and keys are read once the lock is held (sub-selects of the
 * locking row); a lock that waited waited for an apply or a cancel, and the count is then closed (409) whatever they say.
 */
export async function lockCountForCounting(
  q: Queryable,
  countId: number,
  productIds: number[],
  keys: { productId: number; batch: string }[],
): Promise<CountingCheck> {
  const { rows } = await q.query<CountHead & { products: string; known: string }>(
    `SELECT ${HEAD},
            (SELECT coalesce(json_agg(json_build_object('id', p.id, 'code', p.code, 'deleted', p.deleted_at IS NOT NULL,
                      'has_batch', p.has_batch, 'has_expiry_date', p.has_expiry_date, 'has_production_date', p.has_production_date,
                      'in_scope', c.scope = 'all' OR EXISTS (SELECT 1 FROM inventory_count_products cp WHERE cp.count_id = c.id AND cp.product_id = p.id))), '[]')::text
               FROM products p WHERE p.id = ANY ($2::bigint[])) AS products,
            (SELECT coalesce(json_agg(json_build_array(k.product_id, k.batch_number)), '[]')::text
               FROM unnest($3::bigint[], $4::text[]) AS k(product_id, batch_number)
              WHERE EXISTS (SELECT 1 FROM inventory_count_lines l WHERE l.count_id = c.id AND l.product_id = k.product_id AND l.batch_number = k.batch_number)
                 OR EXISTS (SELECT 1 FROM stock_balances b WHERE b.product_id = k.product_id AND b.batch_number = k.batch_number)) AS known
       FROM inventory_counts c WHERE c.id = $1 FOR SHARE OF c`,
    [countId, productIds, keys.map((k) => k.productId), keys.map((k) => k.batch)],
  );
  const row = rows[0];
  if (!row) return { head: null, products: new Map(), known: new Set() };
  const { products, known, ...head } = row;
  return {
    head,
    products: new Map((JSON.parse(products) as CountedProduct[]).map((p) => [p.id, p])),
    known: new Set((JSON.parse(known) as [number, string][]).map(([id, batch]) => `${id}\u0000${batch}`)),
  };
}

/**
 * Saves counted quantities in one statement: each line keeps the latest count (a line met for the first time is added
 * with book 0: its balance row did not exist at the snapshot, or the snapshot would hold it), every count is kept in
 * the line's history. Returns the lines written (as PUT …/lines answers them). `activity`: the activity_log row of the
 * save, written by the same statement (a data-modifying CTE: one round trip less; same row, same transaction).
 */
export async function saveCounts(
  q: Queryable,
  countId: number,
  lines: InventoryCountLineFields[],
  userId: number | null,
  activity?: ActivityEntry,
): Promise<InventorySavedLine[]> {
  const log = activity ? activityInsert(activity, 8) : null;
  const { rows } = await q.query<InventorySavedLine>(
    `WITH input AS (
       SELECT * FROM unnest($2::bigint[], $3::text[], $4::numeric[], $5::date[], $6::date[])
         AS t(product_id, batch_number, counted, expiry_date, production_date)
     ), up AS (
       INSERT INTO inventory_count_lines AS l (count_id, product_id, batch_number, in_snapshot, book_quantity, counted_quantity,
                                              expiry_date, production_date, counted_by, counted_at)
       SELECT $1, product_id, batch_number, false, 0, counted, expiry_date, production_date, $7, now() FROM input
       ON CONFLICT (count_id, product_id, batch_number) DO UPDATE
          SET counted_quantity = EXCLUDED.counted_quantity, counted_by = EXCLUDED.counted_by, counted_at = EXCLUDED.counted_at,
              expiry_date = coalesce(l.expiry_date, EXCLUDED.expiry_date),
              production_date = coalesce(l.production_date, EXCLUDED.production_date)
       RETURNING l.id, l.product_id, l.batch_number, l.counted_quantity, l.counted_at
     ), hist AS (
       INSERT INTO inventory_count_entries (line_id, counted_quantity, counted_by) SELECT id, counted_quantity, $7 FROM up
     )${log ? `, logged AS (${log.sql})` : ''}
     SELECT id AS line_id, product_id, batch_number, counted_quantity::text AS counted_quantity,
            to_char(counted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS counted_at
       FROM up ORDER BY id`,
    [
      countId,
      lines.map((l) => l.product_id),
      lines.map((l) => l.batch_number),
      lines.map((l) => l.counted_quantity),
      lines.map((l) => l.expiry_date ?? null),
      lines.map((l) => l.production_date ?? null),
      userId,
      ...(log ? log.params : []),
    ],
  );
  return rows;
}

// --------------------------------------------------------------------------------------------------------------- reads

const SUMMARY_HEAD = `c.id, c.warehouse_id, w.name AS warehouse_name, c.status, c.scope, c.family, c.notes,
  ${isoTimestamp('c.snapshot_at')}, to_char(c.snapshot_day, 'YYYY-MM-DD') AS snapshot_day, c.uncounted,
  cu.username AS created_by, xu.username AS closed_by,
  ${isoTimestamp('c.closed_at')}`;
const SUMMARY = `${SUMMARY_HEAD},
  (SELECT count(*)::int FROM inventory_count_lines l WHERE l.count_id = c.id) AS line_count,
  (SELECT count(*)::int FROM inventory_count_lines l WHERE l.count_id = c.id AND l.counted_quantity IS NOT NULL) AS counted_count`;
const SUMMARY_FROM = `FROM inventory_counts c JOIN warehouses w ON w.id = c.warehouse_id
  LEFT JOIN users cu ON cu.id = c.created_by LEFT JOIN users xu ON xu.id = c.closed_by`;

export async function listCounts(
  q: Queryable,
  f: { warehouseId?: number; status?: InventoryCountStatus; limit: number; offset: number },
): Promise<{ rows: InventoryCountSummary[]; total: number }> {
  const where = new Where();
  if (f.warehouseId !== undefined) where.add('c.warehouse_id = ?', f.warehouseId);
  if (f.status !== undefined) where.add('c.status = ?', f.status);
  return page<InventoryCountSummary>(
    q,
    { select: SUMMARY, from: SUMMARY_FROM, where, orderBy: 'c.created_at DESC, c.id DESC' },
    f.limit,
    f.offset,
    {
      asJson: true,
    },
  );
}

export async function countSummary(q: Queryable, id: number): Promise<InventoryCountSummary | null> {
  const { rows } = await q.query<InventoryCountSummary>(`SELECT ${SUMMARY} ${SUMMARY_FROM} WHERE c.id = $1`, [id]);
  return rows[0] ?? null;
}

/** The counters' fields of a line (blind: no book quantity), as json_build_object arguments over `l`, `p`, `h`. */
const COUNTING_FIELDS = `'line_id', l.id, 'product_id', l.product_id, 'product_code', p.code, 'product_name', coalesce(p.name, p.description),
  'unit_of_measure', p.unit_of_measure, 'has_batch', p.has_batch, 'has_expiry_date', p.has_expiry_date,
  'batch_number', l.batch_number, 'counted_quantity', l.counted_quantity::text,
  'expiry_date', to_char(l.expiry_date, 'YYYY-MM-DD'), 'counted_by', u.username,
  'counted_at', to_char(l.counted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  'history', coalesce(h.history, '[]'::json)`;

const HISTORY = `LEFT JOIN (
    SELECT e.line_id, json_agg(json_build_object('counted_quantity', e.counted_quantity::text, 'counted_by', eu.username,
             'counted_at', to_char(e.counted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) ORDER BY e.id) AS history
      FROM inventory_count_entries e JOIN inventory_count_lines el ON el.id = e.line_id LEFT JOIN users eu ON eu.id = e.counted_by
     WHERE el.count_id = $1 %LINES%
     GROUP BY e.line_id
  ) h ON h.line_id = l.id`;

/** The counters' lines (all, or those of `lineIds`), by product code and batch. */
export async function countingLines(q: Queryable, countId: number, lineIds?: number[]): Promise<InventoryCountingLine[]> {
  const only = lineIds ? 'AND el.id = ANY ($2::bigint[])' : '';
  const { rows } = await q.query<{ lines: string }>(
    `SELECT coalesce(json_agg(json_build_object(${COUNTING_FIELDS}) ORDER BY p.code, l.batch_number), '[]')::text AS lines
       FROM inventory_count_lines l JOIN products p ON p.id = l.product_id LEFT JOIN users u ON u.id = l.counted_by
       ${HISTORY.replace('%LINES%', only)}
      WHERE l.count_id = $1 ${lineIds ? 'AND l.id = ANY ($2::bigint[])' : ''}`,
    lineIds ? [countId, lineIds] : [countId],
  );
  return JSON.parse(rows[0].lines) as InventoryCountingLine[];
}

export async function countingView(q: Queryable, id: number): Promise<InventoryCountingView | null> {
  const summary = await countSummary(q, id);
  if (!summary) return null;
  return { ...summary, lines: await countingLines(q, id) };
}

export interface ReviewPage {
  filter: ReviewFilter;
  minValue?: string;
  limit: number;
  offset: number;
}

/**
 * The review in ONE statement (one round trip, one snapshot): the count's summary, one page of the reviewers' lines,
 * how many lines the filter selects, and the totals per currency of the valued differences over the whole count.
 *
 * Per line: book at the snapshot, counted, difference, moved since the snapshot (today's balance minus the book: exact,
 * since balances are the sum of the ledger and the book was the balance at the snapshot; read for the page's rows only),
 * the value of the difference at the price in force on the count day for the product's supplier, and what apply posted.
 * Filters: differences only, uncounted, |value| ≥ min_value. The line counts (all, counted, matching) come from one scan
 * of the count's lines; only the value filter needs the price of every line. Totals: exact numerics, rounded per line
 * to 4 decimals as the page shows them. Null when the count does not exist.
 */
export async function reviewView(q: Queryable, countId: number, f: ReviewPage): Promise<InventoryCountView | null> {
  const filter: string[] = [];
  if (f.filter === 'differences') filter.push('l.counted_quantity IS NOT NULL AND l.counted_quantity <> l.book_quantity');
  if (f.filter === 'uncounted') filter.push('l.counted_quantity IS NULL');
  const valued = f.minValue !== undefined;
  if (valued) filter.push('abs(round((l.counted_quantity - l.book_quantity) * pf.price, 4)) >= $4::numeric');
  const where = ['l.count_id = $1', ...filter].join(' AND ');
  // The value filter needs the price of every line; the others read the lines alone and join the page's rows only.
  const from = `FROM inventory_count_lines l JOIN products p ON p.id = l.product_id
    ${valued ? 'JOIN inventory_counts vc ON vc.id = l.count_id LEFT JOIN price_in_force(vc.snapshot_day) pf ON pf.product_id = p.id AND pf.supplier_id = p.supplier_id' : ''}
    WHERE ${where}`;
  const matching = valued ? `(SELECT count(*)::int ${from})` : filter.length > 0 ? `n.matching` : 'n.line_count';
  const { rows } = await q.query<InventoryCountSummary & { matching_lines: number; lines: string; totals: string }>(
    `WITH pg AS (
       SELECT l.id, l.product_id, l.batch_number, l.counted_quantity, l.book_quantity, l.expiry_date, l.counted_by, l.counted_at,
              l.adjustment, l.movement_id, p.code, coalesce(p.name, p.description) AS product_name, p.unit_of_measure, p.has_batch,
              p.has_expiry_date, p.supplier_id
         ${from} ORDER BY p.code, l.batch_number LIMIT $2 OFFSET $3
     )
     SELECT ${SUMMARY_HEAD}, n.line_count, n.counted_count, ${matching} AS matching_lines,
            (SELECT coalesce(json_agg(json_build_object(
              'line_id', pg.id, 'product_id', pg.product_id, 'product_code', pg.code, 'product_name', pg.product_name,
              'unit_of_measure', pg.unit_of_measure, 'has_batch', pg.has_batch, 'has_expiry_date', pg.has_expiry_date,
              'batch_number', pg.batch_number, 'counted_quantity', pg.counted_quantity::text,
              'expiry_date', to_char(pg.expiry_date, 'YYYY-MM-DD'), 'counted_by', u.username,
              'counted_at', to_char(pg.counted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
              'book_quantity', pg.book_quantity::text,
              'difference', (pg.counted_quantity - pg.book_quantity)::text,
              'moved_since', (CASE WHEN c.status = 'applied' THEN 0 ELSE coalesce(b.quantity, 0) - pg.book_quantity END)::text,
              'current_quantity', coalesce(b.quantity, 0)::text,
              'difference_value', round((pg.counted_quantity - pg.book_quantity) * pf.price, 4)::text,
              'currency', pf.currency,
              'adjustment', pg.adjustment::text,
              'movement_id', pg.movement_id) ORDER BY pg.code, pg.batch_number), '[]')::text
               FROM pg
               LEFT JOIN users u ON u.id = pg.counted_by
               LEFT JOIN stock_balances b ON b.product_id = pg.product_id AND b.warehouse_id = c.warehouse_id AND b.batch_number = pg.batch_number
               LEFT JOIN price_in_force(c.snapshot_day) pf ON pf.product_id = pg.product_id AND pf.supplier_id = pg.supplier_id) AS lines,
            (SELECT coalesce(json_agg(json_build_object('currency', t.currency, 'gains', t.gains, 'losses', t.losses, 'net', t.net,
                      'lines', t.lines) ORDER BY t.currency NULLS LAST), '[]')::text
               FROM (SELECT pf.currency,
                            coalesce(sum(round(d.diff * pf.price, 4)) FILTER (WHERE d.diff > 0), 0)::text AS gains,
                            coalesce(sum(round(-d.diff * pf.price, 4)) FILTER (WHERE d.diff < 0), 0)::text AS losses,
                            coalesce(sum(round(d.diff * pf.price, 4)), 0)::text AS net,
                            count(*)::int AS lines
                       FROM (SELECT l.product_id, l.counted_quantity - l.book_quantity AS diff
                               FROM inventory_count_lines l
                              WHERE l.count_id = $1 AND l.counted_quantity IS NOT NULL AND l.counted_quantity <> l.book_quantity) d
                       -- the differing lines' prices by index (at most one in force per product and supplier), not a hash of every product
                       LEFT JOIN LATERAL (
                         SELECT pf.price, pf.currency FROM products p
                           JOIN price_in_force(c.snapshot_day) pf ON pf.product_id = p.id AND pf.supplier_id = p.supplier_id
                          WHERE p.id = d.product_id
                       ) pf ON true
                      GROUP BY pf.currency) t) AS totals
       ${SUMMARY_FROM}
       CROSS JOIN (SELECT count(*)::int AS line_count, count(l.counted_quantity)::int AS counted_count,
                          count(*) FILTER (WHERE ${filter.length > 0 && !valued ? filter.join(' AND ') : 'true'})::int AS matching
                     FROM inventory_count_lines l WHERE l.count_id = $1) n
      WHERE c.id = $1`,
    [countId, f.limit, f.offset, ...(valued ? [f.minValue] : [])],
  );
  const row = rows[0];
  if (!row) return null;
  const { lines, totals: byCurrency, matching_lines, ...summary } = row;
  const sums = JSON.parse(byCurrency) as (InventoryTotal & { currency: string | null; lines: number })[];
  return {
    ...summary,
    lines: JSON.parse(lines) as InventoryCountLineView[],
    matching_lines,
    totals: sums
      .filter((r) => r.currency !== null)
      .map((r) => ({ currency: r.currency as string, gains: r.gains, losses: r.losses, net: r.net })),
    uncounted_count: summary.line_count - summary.counted_count,
    unpriced_count: sums.find((r) => r.currency === null)?.lines ?? 0,
  };
}

// --------------------------------------------------------------------------------------------------------------- apply

/** A line apply must post (its adjustment is not zero), with the balance row locked and the product's state. */
export interface PlannedLine {
  line_id: number;
  product_id: number;
  product_code: string;
  product_status: 'active' | 'inactive';
  product_deleted: boolean;
  has_batch: boolean;
  has_expiry_date: boolean;
  has_production_date: boolean;
  batch_number: string;
  book: string;
  counted: string;
  adjustment: string;
  current: string;
  /** current + adjustment (may be negative: a problem). */
  result: string;
  production_date: string | null;
  expiry_date: string | null;
}

/**
 * Locks, in the ledger's order (product, warehouse, batch), the balance rows of every line apply changes, and reads each
 * line's adjustment (counted − book; an uncounted line counts as zero when `uncounted` is 'zero', else it is left) and
 * what the balance would become. For a gain, the dates are the batch's as stock knows them (any warehouse), else the
 * count's. Exact numerics throughout.
 */
export async function planApply(q: Queryable, countId: number, warehouseId: number, uncounted: UncountedChoice): Promise<PlannedLine[]> {
  await q.query(
    `SELECT 1 FROM stock_balances b JOIN inventory_count_lines l ON l.product_id = b.product_id AND l.batch_number = b.batch_number
      WHERE l.count_id = $1 AND b.warehouse_id = $2
        AND (l.counted_quantity IS NOT NULL OR $3 = 'zero') AND coalesce(l.counted_quantity, 0) <> l.book_quantity
      ORDER BY b.product_id, b.warehouse_id, b.batch_number
      FOR UPDATE OF b`,
    [countId, warehouseId, uncounted],
  );
  const { rows } = await q.query<PlannedLine>(
    `SELECT l.id AS line_id, l.product_id, p.code AS product_code, p.status AS product_status, p.deleted_at IS NOT NULL AS product_deleted,
            p.has_batch, p.has_expiry_date, p.has_production_date, l.batch_number,
            l.book_quantity::text AS book, x.counted::text AS counted, (x.counted - l.book_quantity)::text AS adjustment,
            coalesce(b.quantity, 0)::text AS current, (coalesce(b.quantity, 0) + x.counted - l.book_quantity)::text AS result,
            to_char(coalesce(b.production_date, k.production_date, l.production_date), 'YYYY-MM-DD') AS production_date,
            to_char(coalesce(b.expiry_date, k.expiry_date, l.expiry_date), 'YYYY-MM-DD') AS expiry_date
       FROM inventory_count_lines l
       JOIN products p ON p.id = l.product_id
       CROSS JOIN LATERAL (SELECT coalesce(l.counted_quantity, 0) AS counted) x
       LEFT JOIN stock_balances b ON b.product_id = l.product_id AND b.warehouse_id = $2 AND b.batch_number = l.batch_number
       LEFT JOIN LATERAL (
         SELECT kb.production_date, kb.expiry_date FROM stock_balances kb
          WHERE kb.product_id = l.product_id AND kb.batch_number = l.batch_number AND kb.quantity > 0 AND l.batch_number <> ''
          ORDER BY kb.warehouse_id LIMIT 1
       ) k ON b.product_id IS NULL
      WHERE l.count_id = $1 AND (l.counted_quantity IS NOT NULL OR $3 = 'zero') AND x.counted <> l.book_quantity
      ORDER BY l.product_id, l.batch_number`,
    [countId, warehouseId, uncounted],
  );
  return rows;
}

/** Records what apply posted on each line, and closes the count. */
export async function markApplied(
  q: Queryable,
  countId: number,
  posted: { lineId: number; adjustment: string; movementId: number }[],
  uncounted: UncountedChoice,
  userId: number | null,
): Promise<void> {
  await q.query(
    `WITH p AS (SELECT * FROM unnest($2::bigint[], $3::numeric[], $4::bigint[]) AS t(line_id, adjustment, movement_id)),
     lines AS (UPDATE inventory_count_lines l SET adjustment = p.adjustment, movement_id = p.movement_id FROM p WHERE l.id = p.line_id)
     UPDATE inventory_counts SET status = 'applied', uncounted = $5, closed_by = $6, closed_at = now() WHERE id = $1`,
    [countId, posted.map((p) => p.lineId), posted.map((p) => p.adjustment), posted.map((p) => p.movementId), uncounted, userId],
  );
}

export async function markCancelled(q: Queryable, countId: number, userId: number): Promise<void> {
  await q.query(`UPDATE inventory_counts SET status = 'cancelled', closed_by = $2, closed_at = now() WHERE id = $1`, [countId, userId]);
}
