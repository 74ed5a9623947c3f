import type { Product } from '@wms/shared-api';
import type { Queryable } from '../../db';
import { productView } from '../products/sql';

/**
 * Barcodes of products (migration 020): every live product's GTIN (mirrored from products.barcode by a trigger) and its
 * extra barcodes in product_barcodes, unique among live products by `barcode_key` (GTIN-14 for digit codes). SQL only.
 */

/**
 * The live product a scanned code names: its product code (case ignored) first, else a barcode (GTIN or extra). One
 * statement, two index probes (products_code_live, product_barcodes_live).
 */
export async function productByCodeOrBarcode(q: Queryable, code: string): Promise<Product | null> {
  const { rows } = await q.query<Product>(
    `WITH hit AS (
       SELECT id, 1 AS rank FROM products WHERE lower(code) = lower($1) AND deleted_at IS NULL
       UNION ALL
       SELECT product_id, 2 FROM product_barcodes WHERE barcode_key(code) = barcode_key($1) AND live
       ORDER BY rank LIMIT 1)
     SELECT ${productView.select} ${productView.from} JOIN hit ON hit.id = p.id WHERE p.deleted_at IS NULL`,
    [code],
  );
  return rows[0] ?? null;
}

/** The live product holding barcode `code` (a GTIN in any length, or an extra barcode). */
export async function productByBarcode(q: Queryable, code: string): Promise<Product | null> {
  const { rows } = await q.query<Product>(
    `SELECT ${productView.select} ${productView.from}
       JOIN product_barcodes b ON b.product_id = p.id AND barcode_key(b.code) = barcode_key($1) AND b.live
     WHERE p.deleted_at IS NULL`,
    [code],
  );
  return rows[0] ?? null;
}

/** A product's extra barcodes, in the order they were given. */
export async function extraBarcodes(q: Queryable, productId: number): Promise<string[]> {
  const { rows } = await q.query<{ code: string }>(
    'SELECT code FROM product_barcodes WHERE product_id = $1 AND NOT is_gtin AND live ORDER BY id',
    [productId],
  );
  return rows.map((r) => r.code);
}

/**
 * Replaces a product's extra barcodes (inside the product's write transaction). A code another live product holds — or
 * this product's own GTIN — fails on the unique index product_barcodes_live (23505 → 409 BARCODE_TAKEN).
 */
export async function replaceExtraBarcodes(q: Queryable, productId: number, codes: readonly string[]): Promise<void> {
  await q.query('DELETE FROM product_barcodes WHERE product_id = $1 AND NOT is_gtin', [productId]);
  if (codes.length === 0) return;
  await q.query(
    `INSERT INTO product_barcodes (product_id, code)
     SELECT $1, c.code FROM unnest($2::text[]) WITH ORDINALITY AS c(code, n) ORDER BY c.n`,
    [productId, codes],
  );
}
