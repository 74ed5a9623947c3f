/** Transfers test kit: stock loaded through the ledger, transfers made and moved through the real routes. */
import type { TestApp } from '../helpers';

export { balance, makeProduct, makeWarehouse } from '../stock/fixtures';
export { load, dayFromToday } from '../sales/kit';

export interface Line {
  product_id: number;
  batch_number?: string | null;
  quantity: number | string;
}

export async function createTransfer(
  t: TestApp,
  headers: Record<string, string>,
  from: number,
  to: number,
  lines: Line[],
  extra: Record<string, unknown> = {},
) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/transfers',
    headers,
    payload: { from_warehouse_id: from, to_warehouse_id: to, transfer_date: '2026-11-25', lines, ...extra },
  });
  if (res.statusCode !== 201) throw new Error(`create transfer: ${res.statusCode} ${res.body}`);
  return res.json() as { id: number; number: string; status: string; lines: { id: number; quantity: string }[] };
}

export function act(t: TestApp, headers: Record<string, string>, id: number, action: string, payload?: unknown, key?: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/transfers/${id}/${action}`,
    headers: key ? { ...headers, 'idempotency-key': key } : headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/** The transit location's id (null until the first shipment created it). */
export async function transitId(t: TestApp): Promise<number | null> {
  const { rows } = await t.db.query<{ id: number }>('SELECT id FROM warehouses WHERE is_transit');
  return rows[0]?.id ?? null;
}

/** Σ of a product's (and batch's) stock over every warehouse, transit included, as numeric text. */
export async function totalOf(t: TestApp, productId: number, batch = ''): Promise<string> {
  const { rows } = await t.db.query<{ q: string }>(
    'SELECT coalesce(sum(quantity), 0)::numeric(15,3)::text AS q FROM stock_balances WHERE product_id = $1 AND batch_number = $2',
    [productId, batch],
  );
  return rows[0].q;
}
