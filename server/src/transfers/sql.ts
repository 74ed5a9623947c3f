import type { ShortfallReason, Transfer, TransferFields, TransferLine, TransferListRow, TransferStatus } from '@wms/shared-api';
import type { Queryable } from '../db';
import { containsPattern, direction, isoTimestamp, page, searchWords, Where, type Page } from '../http/list';
import { isoDay } from '../stock/sql';
import { quantityView } from '../stock/quantity';

/** The transfers tables (migration 019) seen from the API: every SQL of the transfers domain lives here. */

/**
 * The next number, TR-<company year>-<sequence, at least 5 digits> (migration 019's transfer_number): unique, race-safe
 * (a sequence), never reused — the purchase orders' way (purchase-orders/sql.ts NEXT_ORDER_NUMBER_SQL).
 */
const NEXT_TRANSFER_NUMBER_SQL = `transfer_number(extract(year FROM company_today())::int, nextval('transfer_number_seq'))`;

const HEAD = `t.id, t.number, t.status, t.from_warehouse_id, fw.name AS from_warehouse_name, t.to_warehouse_id,
  tw.name AS to_warehouse_name, ${isoDay('t.transfer_date')}, t.carrier, t.packages, t.gross_weight::text AS gross_weight, t.notes,
  ${isoTimestamp('t.shipped_at')}, ${isoTimestamp('t.received_at')}, ${isoTimestamp('t.closed_at')},
  cu.username AS created_by, ${isoTimestamp('t.created_at')}`;
const FROM = `FROM transfers t JOIN warehouses fw ON fw.id = t.from_warehouse_id JOIN warehouses tw ON tw.id = t.to_warehouse_id
  LEFT JOIN users cu ON cu.id = t.created_by`;

export const TRANSFER_ORDER = {
  date: 't.transfer_date',
  number: 'length(t.number), t.number',
  status: 't.status',
} as const;

export interface TransferFilter {
  q?: string;
  sort?: keyof typeof TRANSFER_ORDER;
  order?: 'asc' | 'desc';
  status?: TransferStatus;
  warehouse_id?: number;
  from_warehouse_id?: number;
  to_warehouse_id?: number;
  date_from?: string;
  date_to?: string;
  limit: number;
  offset: number;
}

type ListDbRow = Omit<TransferListRow, 'total_quantity' | 'gross_weight' | 'quantities'> & {
  total_quantity: string;
  gross_weight: string | null;
  quantities: string;
};

const decimalOrNull = (v: string | null) => (v === null ? null : quantityView(v));

/** A page of transfers, newest first by default: status, warehouse (either side), from / to, date range, search. */
export async function listTransfers(q: Queryable, f: TransferFilter): Promise<Page<TransferListRow>> {
  const where = new Where();
  for (const word of searchWords(f.q)) {
    // Number, carrier, notes, warehouse names, and the lines' product codes and batches.
    where.add(
      `(lower(t.number || ' ' || coalesce(t.carrier, '') || ' ' || coalesce(t.notes, '') || ' ' || fw.name || ' ' || tw.name) LIKE lower(?)
        OR EXISTS (SELECT 1 FROM transfer_lines l JOIN products p ON p.id = l.product_id
                    WHERE l.transfer_id = t.id AND lower(p.code || ' ' || l.batch_number) LIKE lower(?)))`,
      containsPattern(word),
      containsPattern(word),
    );
  }
  if (f.status) where.add('t.status = ?', f.status);
  if (f.warehouse_id) where.add('(t.from_warehouse_id = ? OR t.to_warehouse_id = ?)', f.warehouse_id, f.warehouse_id);
  if (f.from_warehouse_id) where.add('t.from_warehouse_id = ?', f.from_warehouse_id);
  if (f.to_warehouse_id) where.add('t.to_warehouse_id = ?', f.to_warehouse_id);
  if (f.date_from) where.add('t.transfer_date >= ?::date', f.date_from);
  if (f.date_to) where.add('t.transfer_date <= ?::date', f.date_to);
  const dir = direction(f.sort ? f.order : 'desc');
  const orderBy = `${TRANSFER_ORDER[f.sort ?? 'date']
    .split(', ')
    .map((c) => `${c} ${dir}`)
    .join(', ')}, t.id ${dir}`;
  const select = `${HEAD}, s.line_count, s.total_quantity::text AS total_quantity, u.quantities`;
  // Per unit of measure, first line first: the list never adds litres to pieces (issue 21).
  const from = `${FROM} CROSS JOIN LATERAL (SELECT count(*)::int AS line_count, coalesce(sum(l.quantity), 0) AS total_quantity
                                             FROM transfer_lines l WHERE l.transfer_id = t.id) s
    CROSS JOIN LATERAL (SELECT coalesce(json_agg(json_build_object('unit_of_measure', x.unit, 'quantity', x.quantity::text)
                                                 ORDER BY x.first_line), '[]')::text AS quantities
                          FROM (SELECT p.unit_of_measure AS unit, sum(l.quantity) AS quantity, min(l.line_no) AS first_line
                                  FROM transfer_lines l JOIN products p ON p.id = l.product_id
                                 WHERE l.transfer_id = t.id GROUP BY p.unit_of_measure) x) u`;
  const p = await page<ListDbRow>(q, { select, from, where, orderBy }, f.limit, f.offset);
  return {
    total: p.total,
    rows: p.rows.map((r) => ({
      ...r,
      total_quantity: quantityView(r.total_quantity),
      gross_weight: decimalOrNull(r.gross_weight),
      quantities: (JSON.parse(r.quantities) as { unit_of_measure: string | null; quantity: string }[]).map((u) => ({
        ...u,
        quantity: quantityView(u.quantity),
      })),
    })),
  };
}

type LineDbRow = Omit<TransferLine, 'batch_number'> & { batch_number: string };

export async function transferLines(q: Queryable, transferId: number): Promise<TransferLine[]> {
  const { rows } = await q.query<LineDbRow>(
    `SELECT l.id, l.line_no, l.product_id, p.code AS product_code, p.description AS product_description, p.unit_of_measure,
            l.batch_number, l.quantity::text AS quantity, ${isoDay('l.production_date')}, ${isoDay('l.expiry_date')},
            l.received_quantity::text AS received_quantity, l.shortfall_reason
       FROM transfer_lines l JOIN products p ON p.id = l.product_id
      WHERE l.transfer_id = $1 ORDER BY l.line_no`,
    [transferId],
  );
  return rows.map((r) => ({
    ...r,
    batch_number: r.batch_number === '' ? null : r.batch_number,
    quantity: quantityView(r.quantity),
    received_quantity: decimalOrNull(r.received_quantity),
  }));
}

export async function getTransfer(q: Queryable, id: number): Promise<Transfer | null> {
  const { rows } = await q.query<Omit<Transfer, 'lines'>>(`SELECT ${HEAD} ${FROM} WHERE t.id = $1`, [id]);
  if (!rows[0]) return null;
  return { ...rows[0], gross_weight: decimalOrNull(rows[0].gross_weight), lines: await transferLines(q, id) };
}

/** The transfer row locked until the transaction ends (FOR UPDATE): one ship / receive / cancel / reverse at a time. */
export async function lockTransfer(
  q: Queryable,
  id: number,
): Promise<{ id: number; number: string; status: TransferStatus; from_warehouse_id: number; to_warehouse_id: number } | null> {
  const { rows } = await q.query<{
    id: number;
    number: string;
    status: TransferStatus;
    from_warehouse_id: number;
    to_warehouse_id: number;
  }>('SELECT id, number, status, from_warehouse_id, to_warehouse_id FROM transfers WHERE id = $1 FOR UPDATE', [id]);
  return rows[0] ?? null;
}

/** A line as the postings need it (batch '' when none), in product and batch order: every transfer locks stock in that order. */
export interface PostingLine {
  id: number;
  product_id: number;
  batch_number: string;
  quantity: string;
  ship_movement_id: number | null;
}

export async function postingLines(q: Queryable, transferId: number): Promise<PostingLine[]> {
  const { rows } = await q.query<PostingLine>(
    `SELECT id, product_id, batch_number, quantity::text AS quantity, ship_movement_id
       FROM transfer_lines WHERE transfer_id = $1 ORDER BY product_id, batch_number, id`,
    [transferId],
  );
  return rows;
}

/** The numbers of the open transfers (a draft, or goods in transit) from or to the warehouse, oldest first. */
export async function openTransfersOf(q: Queryable, warehouseId: number): Promise<string[]> {
  const { rows } = await q.query<{ number: string }>(
    `SELECT number FROM transfers WHERE (from_warehouse_id = $1 OR to_warehouse_id = $1) AND status IN ('draft', 'in_transit') ORDER BY id`,
    [warehouseId],
  );
  return rows.map((r) => r.number);
}

/**
 * Live, active, ordinary warehouses among `ids` (the transit location is never a transfer's end), read FOR KEY SHARE: a
 * delete of one of them in progress is waited for, and the row read again once it commits (it is then not live).
 */
export async function usableWarehouses(q: Queryable, ids: number[]): Promise<{ id: number; name: string; is_active: boolean }[]> {
  const { rows } = await q.query<{ id: number; name: string; is_active: boolean }>(
    'SELECT id, name, is_active FROM warehouses WHERE id = ANY($1::bigint[]) AND deleted_at IS NULL AND NOT is_transit ORDER BY id FOR KEY SHARE',
    [ids],
  );
  return rows;
}

/** Live products among `ids` with their batch flag. */
export async function liveProducts(q: Queryable, ids: number[]): Promise<{ id: number; code: string; has_batch: boolean }[]> {
  const { rows } = await q.query<{ id: number; code: string; has_batch: boolean }>(
    'SELECT id, code, has_batch FROM products WHERE id = ANY($1::bigint[]) AND deleted_at IS NULL',
    [ids],
  );
  return rows;
}

export async function insertTransfer(q: Queryable, t: TransferFields, userId: number): Promise<number> {
  const { rows } = await q.query<{ id: number }>(
    `INSERT INTO transfers (number, from_warehouse_id, to_warehouse_id, transfer_date, carrier, packages, gross_weight, notes,
                            created_by, modified_by)
     VALUES (${NEXT_TRANSFER_NUMBER_SQL}, $1, $2, $3, $4, $5, $6, $7, $8, $8) RETURNING id`,
    [t.from_warehouse_id, t.to_warehouse_id, t.transfer_date, t.carrier, t.packages, t.gross_weight, t.notes, userId],
  );
  return rows[0].id;
}

export async function updateTransferHead(q: Queryable, id: number, t: TransferFields, userId: number): Promise<void> {
  await q.query(
    `UPDATE transfers SET from_warehouse_id = $1, to_warehouse_id = $2, transfer_date = $3, carrier = $4, packages = $5,
            gross_weight = $6, notes = $7, modified_by = $8, updated_at = now()
      WHERE id = $9`,
    [t.from_warehouse_id, t.to_warehouse_id, t.transfer_date, t.carrier, t.packages, t.gross_weight, t.notes, userId, id],
  );
}

/** Replaces a draft's lines (one multi-row statement). Batches are '' for products without batches. */
export async function replaceLines(
  q: Queryable,
  transferId: number,
  lines: { product_id: number; batch_number: string; quantity: string }[],
): Promise<void> {
  await q.query('DELETE FROM transfer_lines WHERE transfer_id = $1', [transferId]);
  await q.query(
    `INSERT INTO transfer_lines (transfer_id, line_no, product_id, batch_number, quantity)
     SELECT $1, n, product_id, batch_number, quantity
       FROM unnest($2::bigint[], $3::text[], $4::numeric[]) WITH ORDINALITY AS l(product_id, batch_number, quantity, n)`,
    [transferId, lines.map((l) => l.product_id), lines.map((l) => l.batch_number), lines.map((l) => l.quantity)],
  );
}

/** After shipping a line: its ledger movement and the stock's dates. */
export async function markLineShipped(
  q: Queryable,
  lineId: number,
  movementId: number,
  dates: { production_date: string | null; expiry_date: string | null },
): Promise<void> {
  await q.query('UPDATE transfer_lines SET ship_movement_id = $1, production_date = $2, expiry_date = $3 WHERE id = $4', [
    movementId,
    dates.production_date,
    dates.expiry_date,
    lineId,
  ]);
}

export async function markLineReceived(q: Queryable, lineId: number, received: string, reason: ShortfallReason | null): Promise<void> {
  await q.query('UPDATE transfer_lines SET received_quantity = $1, shortfall_reason = $2 WHERE id = $3', [received, reason, lineId]);
}

export async function setShipped(q: Queryable, id: number, userId: number): Promise<void> {
  await q.query(
    `UPDATE transfers SET status = 'in_transit', shipped_at = now(), shipped_by = $1, modified_by = $1, updated_at = now() WHERE id = $2`,
    [userId, id],
  );
}

export async function setReceived(q: Queryable, id: number, status: 'received' | 'partially_received', userId: number): Promise<void> {
  await q.query(
    `UPDATE transfers SET status = $1, received_at = now(), received_by = $2, modified_by = $2, updated_at = now() WHERE id = $3`,
    [status, userId, id],
  );
}

export async function setClosed(q: Queryable, id: number, status: 'cancelled' | 'reversed', userId: number): Promise<void> {
  await q.query(`UPDATE transfers SET status = $1, closed_at = now(), closed_by = $2, modified_by = $2, updated_at = now() WHERE id = $3`, [
    status,
    userId,
    id,
  ]);
}

/** The company's today ('yyyy-MM-dd', migration 014): the day goods leave or arrive. */
export async function companyToday(q: Queryable): Promise<string> {
  const { rows } = await q.query<{ d: string }>(`SELECT to_char(company_today(), 'YYYY-MM-DD') AS d`);
  return rows[0].d;
}
