import type { Queryable } from '../db';
import type { MovementSort, MovementView } from '@wms/shared-api';
import { MOVEMENT_COLUMNS } from './ledger-rows';
import { quantityView } from './quantity';
import type { MovementRecord, MovementSource, MovementType } from './types';
import { isoDay, matchingProductIds, productFilterSql } from './sql';

export type { MovementView } from '@wms/shared-api';

export interface MovementFilter {
  movementType?: MovementType;
  sourceType?: MovementSource;
  /** Case-insensitive "contains" on the product code. */
  productCode?: string;
  productId?: number;
  /** Source or destination. */
  warehouseId?: number;
  /** 'yyyy-MM-dd', inclusive. */
  dateFrom?: string;
  dateTo?: string;
  /** Also reversed rows and reversal rows (the whole ledger); default: live movements only. */
  includeHistory?: boolean;
  /** Movements of one kind of document (PO, SO, MAN) and / or of one document line (source_line_id, migration 005). */
  documentType?: MovementSource;
  lineId?: number;
  sort?: MovementSort;
  order?: 'asc' | 'desc';
  limit: number;
  offset: number;
}

export interface MovementViewRow {
  id: number;
  movement_type: MovementType;
  source_type: MovementSource;
  movement_date: string;
  product_id: number;
  product_code: string;
  product_name: string | null;
  warehouse_id: number;
  warehouse_name: string;
  destination_warehouse_id: number | null;
  destination_warehouse: string | null;
  quantity: string;
  unit_of_measure: string | null;
  batch_number: string;
  production_date: string | null;
  expiry_date: string | null;
  notes: string | null;
  source_document_type: MovementSource | null;
  source_document_id: number | null;
  source_document_number: string | null;
  source_line_id: number | null;
  created_by: string | null;
  modified_by: string | null;
  created_at: Date;
  reverses_id: number | null;
  reversed_by_id: number | null;
  replaces_id: number | null;
}

const VIEW_COLUMNS = `
  SELECT m.id, m.movement_type, m.source_type, to_char(m.movement_date, 'DD/MM/YYYY') AS movement_date,
         m.product_id, p.code AS product_code, p.name AS product_name,
         m.warehouse_id, w.name AS warehouse_name, m.destination_warehouse_id, d.name AS destination_warehouse,
         m.quantity, p.unit_of_measure, m.batch_number, ${isoDay('m.production_date')}, ${isoDay('m.expiry_date')}, m.notes,
         m.source_document_type, m.source_document_id, m.source_document_number, m.source_line_id,
         cu.username AS created_by, mu.username AS modified_by, m.created_at,
         m.reverses_id, m.reversed_by_id, m.replaces_id`;

const VIEW_JOINS = `
    JOIN products p ON p.id = m.product_id
    JOIN warehouses w ON w.id = m.warehouse_id
    LEFT JOIN warehouses d ON d.id = m.destination_warehouse_id
    LEFT JOIN users cu ON cu.id = m.created_by
    LEFT JOIN users mu ON mu.id = m.modified_by`;

const SELECT_VIEW = `${VIEW_COLUMNS} FROM stock_movements m ${VIEW_JOINS}`;

/**
 * The view's SELECT over another source of ledger rows with the table's columns — the posting statement's `posted` CTE
 * (the INSERT's RETURNING *), so the answer of a posting comes back from the statement that writes it. Read the rows
 * with `movementViewOf`.
 */
export const viewSelectOver = (source: string, extraColumns = ''): string =>
  `${VIEW_COLUMNS}${extraColumns} FROM ${source} m ${VIEW_JOINS}`;

/** The API id of a movement: manual ones end in "-manual" (SPEC §3). */
export function movementApiId(id: number, sourceType: MovementSource): string {
  return sourceType === 'MAN' ? `${id}-manual` : String(id);
}

/** A row of SELECT_VIEW / viewSelectOver → the API's view. */
export function movementViewOf(r: MovementViewRow): MovementView {
  return {
    id: movementApiId(r.id, r.source_type),
    movement_type: r.movement_type,
    source_type: r.source_type,
    movement_date: r.movement_date,
    product_id: r.product_id,
    product_code: r.product_code,
    product_name: r.product_name,
    warehouse_id: r.warehouse_id,
    warehouse_name: r.warehouse_name,
    destination_warehouse_id: r.destination_warehouse_id,
    destination_warehouse: r.destination_warehouse,
    quantity: quantityView(r.quantity),
    unit_of_measure: r.unit_of_measure,
    batch_number: r.batch_number === '' ? null : r.batch_number,
    production_date: r.production_date,
    expiry_date: r.expiry_date,
    notes: r.notes,
    source_document: {
      type: r.source_document_type ?? r.source_type,
      id: r.source_document_id,
      number: r.source_document_number,
      line_id: r.source_line_id,
    },
    created_by: r.created_by,
    modified_by: r.modified_by,
    created_at: r.created_at.toISOString(),
    status: r.reverses_id !== null ? 'reversal' : r.reversed_by_id !== null ? 'reversed' : 'active',
    reverses_id: r.reverses_id,
    reversed_by_id: r.reversed_by_id,
    replaces_id: r.replaces_id,
  };
}

/** Any ledger row by id (live or not), or null. */
export async function getMovementView(q: Queryable, id: number): Promise<MovementView | null> {
  const { rows } = await q.query<MovementViewRow>(`${SELECT_VIEW} WHERE m.id = $1`, [id]);
  return rows[0] ? movementViewOf(rows[0]) : null;
}

/** Where a movement comes from (its source and document number), or null when there is no such row. */
export async function movementSource(
  q: Queryable,
  id: number,
): Promise<{ source_type: MovementSource; source_document_number: string | null } | null> {
  const { rows } = await q.query<{ source_type: MovementSource; source_document_number: string | null }>(
    'SELECT source_type, source_document_number FROM stock_movements WHERE id = $1',
    [id],
  );
  return rows[0] ?? null;
}

/**
 * WHERE clause on stock_movements m only (no joins), shared by the page and its count. `productIds`: the products whose
 * code matched, resolved once beforehand (null: too many, filter by subquery).
 */
function whereOf(
  f: MovementFilter,
  productIds: number[] | null,
  params: unknown[],
  warehouseSide: 'either' | 'source' | 'destination' = 'either',
): string {
  const where: string[] = [];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  if (!f.includeHistory) where.push('m.reverses_id IS NULL AND m.reversed_by_id IS NULL');
  if (f.movementType) where.push(`m.movement_type = ${p(f.movementType)}`);
  if (f.sourceType) where.push(`m.source_type = ${p(f.sourceType)}`);
  if (f.productId) where.push(`m.product_id = ${p(f.productId)}`);
  if (f.productCode) {
    where.push(
      productIds
        ? `m.product_id = ANY(${p(productIds)}::bigint[])`
        : `m.product_id IN (SELECT id FROM products WHERE ${productFilterSql({ code: f.productCode }, params)})`,
    );
  }
  if (f.warehouseId) {
    const w = p(f.warehouseId);
    if (warehouseSide === 'either') where.push(`(m.warehouse_id = ${w} OR m.destination_warehouse_id = ${w})`);
    else if (warehouseSide === 'source') where.push(`m.warehouse_id = ${w}`);
    else where.push(`m.destination_warehouse_id = ${w}`);
  }
  if (f.documentType) where.push(`m.source_document_type = ${p(f.documentType)}`);
  if (f.lineId) where.push(`m.source_line_id = ${p(f.lineId)}`);
  if (f.dateFrom) where.push(`m.movement_date >= ${p(f.dateFrom)}::date`);
  if (f.dateTo) where.push(`m.movement_date <= ${p(f.dateTo)}::date`);
  return where.length ? `WHERE ${where.join(' AND ')}` : '';
}

/**
 * `byProduct`: the filter already narrows to a few products, whose movements are best fetched by product and sorted
 * (`movement_date + 0` hides the date index, which the planner would otherwise walk and filter, far longer).
 */
function orderOf(sort: MovementSort, order: 'asc' | 'desc', byProduct: boolean): string {
  const dir = order === 'asc' ? 'ASC' : 'DESC';
  // Ties always fall back to newest first, so paging is stable.
  const newest = 'm.movement_date DESC, m.id DESC';
  switch (sort) {
    case 'date':
      return byProduct ? `m.movement_date + 0 ${dir}, m.id ${dir}` : `m.movement_date ${dir}, m.id ${dir}`;
    case 'type':
      return `m.movement_type ${dir}, m.source_type ${dir}, ${newest}`;
    case 'product_code':
      return `p.code ${dir}, ${newest}`;
    case 'quantity':
      return `m.quantity ${dir}, ${newest}`;
    case 'warehouse':
      return `w.name ${dir}, ${newest}`;
    case 'destination_warehouse':
      return `d.name ${dir} NULLS LAST, ${newest}`;
  }
}

/** One page of movements and the number of all that match. */
export async function listMovements(q: Queryable, f: MovementFilter): Promise<{ rows: MovementView[]; total: number }> {
  const productIds = f.productCode ? await matchingProductIds(q, { code: f.productCode }) : null;
  if (productIds?.length === 0) return { rows: [], total: 0 };
  const params: unknown[] = [];
  const where = whereOf(f, productIds, params);
  const sort = f.sort ?? 'date';
  const order = f.order ?? (sort === 'date' ? 'desc' : 'asc');
  const byProduct = Boolean(f.productId || productIds);
  const orderBy = orderOf(sort, order, byProduct);
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  let sql: string;
  if (sort === 'date' || sort === 'type' || sort === 'quantity') {
    // Ordered by the ledger's own columns: pick the page's rows first, THEN join names for those rows only. Joining
    // before the sort looked up product, warehouses and users for every match (1 000 movements of a product code: 5 400
    // buffers, 24 ms) to keep 50.
    let rows: string;
    if (f.warehouseId) {
      // Either side of a movement: each side walks its own index in page order — (warehouse_id | destination_warehouse_id,
      // movement_date DESC, id DESC), live rows — and stops after offset + limit; a transfer never has one warehouse on
      // both sides, so the two lists never share a row. The OR walked the whole date index filtering (931 rows read for 50).
      params.length = 0; // the sides carry their own conditions: `where` (the OR form) is not used
      const upto = p(f.offset + f.limit);
      const side = (s: 'source' | 'destination') =>
        `(SELECT m.* FROM stock_movements m ${whereOf(f, productIds, params, s)} ORDER BY ${orderBy} LIMIT ${upto})`;
      rows = `SELECT m.* FROM (${side('source')} UNION ALL ${side('destination')}) m`;
    } else {
      rows = `SELECT m.* FROM stock_movements m ${where}`;
    }
    sql = `${VIEW_COLUMNS} FROM (${rows} ORDER BY ${orderBy} LIMIT ${p(f.limit)} OFFSET ${p(f.offset)}) m ${VIEW_JOINS} ORDER BY ${orderBy}`;
  } else {
    // Ordered by a joined name (product code, warehouse): the join comes first.
    sql = `${SELECT_VIEW} ${where} ORDER BY ${orderBy} LIMIT ${p(f.limit)} OFFSET ${p(f.offset)}`;
  }
  if (countedByCounters(f)) {
    const page = await q.query<MovementViewRow>(sql, params);
    return { rows: page.rows.map(movementViewOf), total: await countMovements(q, f, productIds) };
  }
  // The count rides in the page's statement (one round trip): scalar subqueries, each with its own plan, beside the
  // page, like http/list.ts `page`. An empty page still answers one row carrying the total.
  const counts = countSides(f).map((side) => `(SELECT count(*) FROM stock_movements m ${whereOf(f, productIds, params, side)})`);
  const { rows } = await q.query<MovementViewRow & { __total: number | string; __row: boolean | null }>(
    `SELECT __t.__total, __v.* FROM (SELECT ${counts.join(' + ')} AS __total) __t
       LEFT JOIN LATERAL (SELECT true AS __row, __s.* FROM (${sql}) __s) __v ON true`,
    params,
  );
  return { rows: rows.filter((r) => r.__row).map(movementViewOf), total: rows.length ? Number(rows[0].__total) : 0 };
}

/** A warehouse filter counts its two sides separately (see countMovements); any other filter counts once. */
function countSides(f: MovementFilter): ReadonlyArray<'either' | 'source' | 'destination'> {
  return f.warehouseId ? ['source', 'destination'] : ['either'];
}

/** Live list filtered at most by type and source: its total is in the counters. */
function countedByCounters(f: MovementFilter): boolean {
  return !f.includeHistory && !f.productId && !f.productCode && !f.warehouseId && !f.dateFrom && !f.dateTo && !f.lineId && !f.documentType;
}

/**
 * The live list filtered by nothing but type/source counts from the trigger-kept counters (migration 003); any other
 * filter counts the matching rows. A warehouse filter counts its two sides separately (a transfer never has the same
 * warehouse on both): two index-only counts instead of one OR that must visit the table.
 */
async function countMovements(q: Queryable, f: MovementFilter, productIds: number[] | null): Promise<number> {
  if (countedByCounters(f)) {
    const { rows } = await q.query<{ total: number }>(
      `SELECT coalesce(sum(live), 0)::int AS total FROM stock_movement_live_counts
        WHERE ($1::text IS NULL OR movement_type = $1) AND ($2::text IS NULL OR source_type = $2)`,
      [f.movementType ?? null, f.sourceType ?? null],
    );
    return rows[0].total;
  }
  let total = 0;
  for (const side of countSides(f)) {
    const params: unknown[] = [];
    const where = whereOf(f, productIds, params, side);
    const { rows } = await q.query<{ total: number }>(`SELECT count(*)::int AS total FROM stock_movements m ${where}`, params);
    total += rows[0].total;
  }
  return total;
}

// ------------------------------------------------------------------------------------------------------- document lines

/**
 * The ledger rows of one document line, oldest first, reversals included: a receipt's order item (`'PO'`, the
 * purchase_order_items id) or a sale (`'SO'`, the sale id). One index lookup (stock_movements_document_line), no guessing
 * by product or date.
 */
export async function documentLineMovements(q: Queryable, documentType: MovementSource, lineId: number): Promise<MovementRecord[]> {
  const { rows } = await q.query<MovementRecord>(
    `SELECT ${MOVEMENT_COLUMNS} FROM stock_movements WHERE source_document_type = $1 AND source_line_id = $2 ORDER BY id`,
    [documentType, lineId],
  );
  return rows;
}

/**
 * What one document line did to the stock, net of its reversals, as exact numeric text: loads count +, unloads −,
 * transfers 0 (they only move goods). For a receipt's order item this is what the ledger says was received.
 */
export async function documentLineNet(q: Queryable, documentType: MovementSource, lineId: number): Promise<string> {
  const { rows } = await q.query<{ net: string }>(
    `SELECT coalesce(sum(CASE movement_type WHEN 'C' THEN quantity WHEN 'S' THEN -quantity ELSE 0 END), 0)::numeric(15, 3)::text AS net
       FROM stock_movements WHERE source_document_type = $1 AND source_line_id = $2`,
    [documentType, lineId],
  );
  return rows[0].net;
}
