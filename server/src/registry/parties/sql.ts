import type { Party, PartyFields, PartyKind } from '@wms/shared-api';
import { PARTY_SORTS } from '@wms/shared-api';
import type { Queryable } from '../../db';
import { containsPattern, direction, isoTimestamp, page, searchWords, Where } from '../../http/list';

/**
 * The suppliers and customers tables (same columns, SPEC §3) seen from the API. `kind` is the table name, always one of
 * PARTY_KINDS (the routes are registered per kind, never from user input).
 */

const COLUMNS = [
  'business_name',
  'vat_number',
  'address',
  'city',
  'province',
  'zip_code',
  'country',
  'email',
  'phone',
  'contact_name',
  'contact_role',
  'contact_phone',
  'shipping_method',
  'notes',
  'is_active',
] as const satisfies readonly (keyof PartyFields)[];

const SELECT = `${COLUMNS.map((c) => `t.${c}`).join(', ')}, t.id, cu.username AS created_by, mu.username AS modified_by,
  ${isoTimestamp('t.created_at')}, ${isoTimestamp('t.updated_at')}`;
const from = (kind: PartyKind) => `FROM ${kind} t LEFT JOIN users cu ON cu.id = t.created_by LEFT JOIN users mu ON mu.id = t.modified_by`;

type PartySort = (typeof PARTY_SORTS)[number];
const ORDER: Record<PartySort, string> = {
  business_name: 'lower(t.business_name)',
  city: 'lower(t.city)',
  vat_number: 't.vat_number',
  email: 'lower(t.email)',
  phone: 't.phone',
};
const SEARCHED = `lower(t.business_name || ' ' || t.vat_number || ' ' || t.city || ' ' || t.province || ' ' || t.email || ' ' || t.phone
  || ' ' || coalesce(t.contact_name, ''))`;

// Timestamps arrive as ISO text (isoTimestamp): a row is the API's view as it is.
type Row = Party;

export interface PartyFilter {
  q?: string;
  sort?: PartySort;
  order?: 'asc' | 'desc';
  active?: boolean;
  limit: number;
  offset: number;
}

export async function listParties(q: Queryable, kind: PartyKind, f: PartyFilter): Promise<{ rows: Party[]; total: number }> {
  const where = new Where('t.deleted_at IS NULL');
  for (const word of searchWords(f.q)) where.add(`${SEARCHED} LIKE lower(?)`, containsPattern(word));
  if (f.active !== undefined) where.add('t.is_active = ?', f.active);
  const dir = direction(f.order);
  const orderBy = `${ORDER[f.sort ?? 'business_name']} ${dir}, t.id ${dir}`;
  // Text, booleans and ids only: one JSON value, kept by the page cache while the table and usernames are unchanged.
  return page<Party>(q, { select: SELECT, from: from(kind), where, orderBy }, f.limit, f.offset, {
    asJson: true,
    cachedBy: [kind, 'users'],
  });
}

export async function getParty(q: Queryable, kind: PartyKind, id: number): Promise<Party | null> {
  const { rows } = await q.query<Row>(`SELECT ${SELECT} ${from(kind)} WHERE t.id = $1 AND t.deleted_at IS NULL`, [id]);
  return rows[0] ?? null;
}

export async function insertParty(q: Queryable, kind: PartyKind, p: PartyFields, userId: number): Promise<number> {
  const n = COLUMNS.length;
  const { rows } = await q.query<{ id: number }>(
    `INSERT INTO ${kind} (${COLUMNS.join(', ')}, created_by, modified_by)
     VALUES (${COLUMNS.map((_, i) => `$${i + 1}`).join(', ')}, $${n + 1}, $${n + 1}) RETURNING id`,
    [...COLUMNS.map((c) => p[c]), userId],
  );
  return rows[0].id;
}

/** False when there is no live row with that id. */
export async function updateParty(q: Queryable, kind: PartyKind, id: number, p: PartyFields, userId: number): Promise<boolean> {
  const n = COLUMNS.length;
  const { rowCount } = await q.query(
    `UPDATE ${kind} SET ${COLUMNS.map((c, i) => `${c} = $${i + 1}`).join(', ')}, modified_by = $${n + 1}, updated_at = now()
      WHERE id = $${n + 2} AND deleted_at IS NULL`,
    [...COLUMNS.map((c) => p[c]), userId, id],
  );
  return rowCount > 0;
}

/** Soft delete: the business name stays readable from products, orders and sales that point at it. Returns it, or null. */
export async function softDeleteParty(q: Queryable, kind: PartyKind, id: number, userId: number): Promise<string | null> {
  const { rows } = await q.query<{ business_name: string }>(
    `UPDATE ${kind} SET deleted_at = now(), deleted_by = $1, updated_at = now() WHERE id = $2 AND deleted_at IS NULL RETURNING business_name`,
    [userId, id],
  );
  return rows[0]?.business_name ?? null;
}
