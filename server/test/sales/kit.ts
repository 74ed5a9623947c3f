/** Sales test kit: customers straight in the registry table, stock loaded through the ledger (the one door). */
import type { Queryable } from '../../src/db';
import { postMovement } from '../../src/stock/ledger';

let seq = 0;

export async function makeCustomer(
  q: Queryable,
  o: { name?: string; active?: boolean; deleted?: boolean } = {},
): Promise<{ id: number; name: string }> {
  const name = o.name ?? `Cliente ${process.pid}-${++seq}`;
  const { rows } = await q.query<{ id: number }>(
    `INSERT INTO customers (business_name, vat_number, address, city, province, zip_code, email, phone, is_active, deleted_at)
     VALUES ($1, 'IT00000000000', 'Via Roma 1', 'Milano', 'MI', '20100', 'c@example.com', '021234567', $2,
             CASE WHEN $3::boolean THEN now() END) RETURNING id`,
    [name, o.active ?? true, o.deleted ?? false],
  );
  return { id: rows[0].id, name };
}

/** Loads stock through the ledger (C, manual). Dates 'yyyy-MM-dd'. */
export async function load(
  q: Queryable,
  o: {
    productId: number;
    warehouseId: number;
    quantity: number | string;
    batch?: string;
    expiry?: string;
    production?: string;
    date?: string;
  },
): Promise<void> {
  await postMovement(
    q,
    {
      movementType: 'C',
      productId: o.productId,
      warehouseId: o.warehouseId,
      batchNumber: o.batch ?? null,
      expiryDate: o.expiry ?? null,
      productionDate: o.production ?? null,
      quantity: o.quantity,
      movementDate: o.date ?? '2025-01-10',
    },
    { id: null },
  );
}

/** 'yyyy-MM-dd' of today + `days` (UTC calendar; tests keep a margin of at least a day from the Rome boundary). */
export function dayFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}
