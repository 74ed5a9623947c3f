import type { Warehouse, WarehouseFields } from '@wms/shared-api';
import type { Queryable } from '../../db';
import { containsPattern, direction, isoTimestamp, page, searchWords, Where } from '../../http/list';

/** The warehouses table seen from the API (SPEC §3 Warehouse). Deleted warehouses are invisible here. */

const SELECT = `w.id, w.name, w.description, w.is_active, w.address, w.city, w.province, w.zip_code, w.country, cu.username AS created_by, mu.username AS modified_by,
  ${isoTimestamp('w.created_at')}, ${isoTimestamp('w.updated_at')}`;
const FROM = `FROM warehouses w LEFT JOIN users cu ON cu.id = w.created_by LEFT JOIN users mu ON mu.id = w.modified_by`;

export const WAREHOUSE_ORDER = { name: 'lower(w.name)', description: 'lower(w.description)', is_active: 'w.is_active' } as const;

// Timestamps arrive as ISO text (isoTimestamp): a row is the API's view as it is.
type Row = Warehouse;

/** The tables a warehouses page reads (data_versions, migration 013). */
const CACHED_BY = ['warehouses', 'users'] as const;

export interface WarehouseFilter {
  q?: string;
  sort?: keyof typeof WAREHOUSE_ORDER;
  order?: 'asc' | 'desc';
  active?: boolean;
  limit: number;
  offset: number;
}

export async function listWarehouses(q: Queryable, f: WarehouseFilter): Promise<{ rows: Warehouse[]; total: number }> {
  // The transit location (migration 019, stock/transit.ts) is a system row: never listed, shown, edited or deleted here.
  const where = new Where('w.deleted_at IS NULL', 'NOT w.is_transit');
  for (const word of searchWords(f.q)) {
    where.add("lower(w.name || ' ' || coalesce(w.description, '')) LIKE lower(?)", containsPattern(word));
  }
  if (f.active !== undefined) where.add('w.is_active = ?', f.active);
  const dir = direction(f.order);
  const orderBy = `${WAREHOUSE_ORDER[f.sort ?? 'name']} ${dir} NULLS LAST, w.id ${dir}`;
  // Text, booleans and ids only: one JSON value, kept by the page cache while warehouses and usernames are unchanged.
  return page<Warehouse>(q, { select: SELECT, from: FROM, where, orderBy }, f.limit, f.offset, { asJson: true, cachedBy: CACHED_BY });
}

export async function getWarehouse(q: Queryable, id: number): Promise<Warehouse | null> {
  const { rows } = await q.query<Row>(`SELECT ${SELECT} ${FROM} WHERE w.id = $1 AND w.deleted_at IS NULL AND NOT w.is_transit`, [id]);
  return rows[0] ?? null;
}

export async function insertWarehouse(q: Queryable, w: WarehouseFields, userId: number): Promise<number> {
  const { rows } = await q.query<{ id: number }>(
    `INSERT INTO warehouses (name, description, is_active, address, city, province, zip_code, country, created_by, modified_by)
     VALUES ($1, $2, $3, $5, $6, $7, $8, $9, $4, $4) RETURNING id`,
    [w.name, w.description, w.is_active, userId, w.address, w.city, w.province, w.zip_code, w.country],
  );
  return rows[0].id;
}

/** False when there is no live warehouse with that id. */
export async function updateWarehouse(q: Queryable, id: number, w: WarehouseFields, userId: number): Promise<boolean> {
  const { rowCount } = await q.query(
    `UPDATE warehouses SET name = $1, description = $2, is_active = $3, modified_by = $4, updated_at = now(),
            address = $6, city = $7, province = $8, zip_code = $9, country = $10
      WHERE id = $5 AND deleted_at IS NULL AND NOT is_transit`,
    [w.name, w.description, w.is_active, userId, id, w.address, w.city, w.province, w.zip_code, w.country],
  );
  return rowCount > 0;
}

/** The live warehouse's name, locked until the transaction ends; null when there is none. */
export async function lockWarehouse(q: Queryable, id: number): Promise<string | null> {
  const { rows } = await q.query<{ name: string }>(
    'SELECT name FROM warehouses WHERE id = $1 AND deleted_at IS NULL AND NOT is_transit FOR UPDATE',
    [id],
  );
  return rows[0]?.name ?? null;
}

export async function softDeleteWarehouse(q: Queryable, id: number, userId: number): Promise<void> {
  await q.query('UPDATE warehouses SET deleted_at = now(), deleted_by = $1, updated_at = now() WHERE id = $2', [userId, id]);
}
