import type { Company, CompanyFields, LogoType } from '@wms/shared-api';
import type { Queryable } from '../../db';
import { isoTimestamp } from '../../http/list';

/**
 * The company row (migration 018: one row, id 1, always there). The logo's bytes travel as base64 text between the
 * database and the server (encode / decode in SQL): the same on PostgreSQL and PGlite, whatever each driver makes of bytea.
 */

const SELECT = `c.business_name, c.vat_number, c.tax_code, c.address, c.city, c.province, c.zip_code, c.country, c.phone,
  c.email, c.ddt_prefix, c.logo_mime_type, ${isoTimestamp('c.logo_updated_at')}, mu.username AS modified_by,
  ${isoTimestamp('c.updated_at')}`;
const FROM = 'FROM company c LEFT JOIN users mu ON mu.id = c.modified_by';

export async function getCompany(q: Queryable): Promise<Company> {
  const { rows } = await q.query<Company>(`SELECT ${SELECT} ${FROM} WHERE c.id = 1`);
  return rows[0];
}

/** The company row locked until the transaction ends (two saves in turn: the activity log's "before" is the true one). */
export async function lockCompany(q: Queryable): Promise<Company> {
  await q.query('SELECT 1 FROM company WHERE id = 1 FOR UPDATE');
  return getCompany(q);
}

export async function updateCompany(q: Queryable, c: CompanyFields, userId: number): Promise<void> {
  await q.query(
    `UPDATE company SET business_name = $1, vat_number = $2, tax_code = $3, address = $4, city = $5, province = $6,
            zip_code = $7, country = $8, phone = $9, email = $10, ddt_prefix = $11, modified_by = $12, updated_at = now()
      WHERE id = 1`,
    [
      c.business_name,
      c.vat_number,
      c.tax_code,
      c.address,
      c.city,
      c.province,
      c.zip_code,
      c.country,
      c.phone,
      c.email,
      c.ddt_prefix,
      userId,
    ],
  );
}

/** Stores a logo (already checked: type, size, content) in place of the one before; null removes it. */
export async function setLogo(q: Queryable, logo: { mime_type: LogoType; data: string } | null, userId: number): Promise<void> {
  await q.query(
    `UPDATE company SET logo = decode($1, 'base64'), logo_mime_type = $2::text,
            logo_updated_at = CASE WHEN $2::text IS NULL THEN NULL ELSE clock_timestamp() END, modified_by = $3, updated_at = now()
      WHERE id = 1`,
    [logo?.data ?? null, logo?.mime_type ?? null, userId],
  );
}

/** The logo's bytes and type, or null when the company has none. */
export async function getLogo(q: Queryable): Promise<{ mime_type: LogoType; bytes: Buffer; updated_at: string } | null> {
  const { rows } = await q.query<{ mime_type: LogoType; data: string; logo_updated_at: string }>(
    `SELECT logo_mime_type AS mime_type, encode(logo, 'base64') AS data, ${isoTimestamp('logo_updated_at')}
       FROM company WHERE id = 1 AND logo IS NOT NULL`,
  );
  const row = rows[0];
  return row
    ? { mime_type: row.mime_type, bytes: Buffer.from(row.data.replace(/\s+/g, ''), 'base64'), updated_at: row.logo_updated_at }
    : null;
}
