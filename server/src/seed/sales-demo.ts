import { compareDecimals, firstSellable, sortFefo, sumDecimals, type SaleFields } from '@wms/shared-api';
import type { Queryable } from '../db';
import { cancelSale, createSale, editSale } from '../sales/posting';
import * as salesSql from '../sales/sql';
import { postMovement } from '../stock/ledger';

/**
 * Demo sales: four weeks of sales of the demo company (one cancelled, one edited), every one posted through the sales
 * module and so through the ledger. Products sold with no stock yet get an opening load through the ledger first (manual C,
 * six weeks back) — including, for a batch product, an expired batch and one expiring soon, so the sale form's FEFO list
 * shows both marks. Idempotent: does nothing once any sale exists. Needs the registry demo (seed-demo.ts) first.
 */

const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

interface Opening {
  code: string;
  warehouse: string;
  /** [batch, quantity, expiry offset in days from today (negative: already expired), production offset] */
  lots: [string, string, number | null, number | null][];
}

const OPENINGS: Opening[] = [
  {
    code: 'SIL-NEU-300',
    warehouse: 'Cella Refrigerata',
    lots: [
      ['SN-2401', '12', -9, -400],
      ['SN-2409', '60', 21, -120],
      ['SN-2502', '120', 300, -20],
    ],
  },
  {
    code: 'SIG-ANAER-50',
    warehouse: 'Cella Refrigerata',
    lots: [
      ['AN-2410', '40', 45, null],
      ['AN-2503', '80', 420, null],
    ],
  },
  {
    code: 'GUANTI-NIT-L',
    warehouse: 'Magazzino Centrale',
    lots: [
      ['GN-77', '30', 200, null],
      ['GN-81', '50', 500, null],
    ],
  },
  { code: 'VT-M6-20-INOX', warehouse: 'Magazzino Centrale', lots: [['', '5000', null, null]] },
  { code: 'MAG-2P-16A', warehouse: 'Magazzino Centrale', lots: [['', '120', null, null]] },
  { code: 'CAV-FG16-3G2.5', warehouse: 'Deposito Nord', lots: [['', '1500', null, null]] },
];

/** [days ago, product code, quantity, customer index] — sold from the FEFO batch of that day. */
const SALES: [number, string, string, number][] = [
  [27, 'VT-M6-20-INOX', '400', 0],
  [27, 'SIL-NEU-300', '6', 1],
  [26, 'MAG-2P-16A', '10', 2],
  [25, 'CAV-FG16-3G2.5', '120.5', 3],
  [24, 'GUANTI-NIT-L', '5', 4],
  [22, 'SIG-ANAER-50', '8', 0],
  [21, 'VT-M6-20-INOX', '250', 1],
  [20, 'SIL-NEU-300', '4', 2],
  [19, 'CAV-FG16-3G2.5', '75', 5],
  [18, 'MAG-2P-16A', '6', 3],
  [17, 'GUANTI-NIT-L', '8', 1],
  [15, 'VT-M6-20-INOX', '600', 4],
  [14, 'SIL-NEU-300', '10', 0],
  [13, 'SIG-ANAER-50', '5', 5],
  [12, 'CAV-FG16-3G2.5', '240', 2],
  [11, 'MAG-2P-16A', '12', 0],
  [10, 'GUANTI-NIT-L', '4', 3],
  [8, 'VT-M6-20-INOX', '300', 2],
  [7, 'SIL-NEU-300', '12', 4],
  [6, 'CAV-FG16-3G2.5', '99.75', 1],
  [5, 'SIG-ANAER-50', '6', 2],
  [4, 'MAG-2P-16A', '3', 5],
  [3, 'GUANTI-NIT-L', '6', 0],
  [2, 'VT-M6-20-INOX', '150', 3],
  [1, 'SIL-NEU-300', '5', 5],
  [1, 'CAV-FG16-3G2.5', '60', 4],
  [0, 'MAG-2P-16A', '2', 1],
];

async function idsByName(q: Queryable, sqlText: string): Promise<Map<string, number>> {
  const { rows } = await q.query<{ id: number; k: string }>(sqlText);
  return new Map(rows.map((r) => [r.k, r.id]));
}

async function openStock(q: Queryable, products: Map<string, number>, warehouses: Map<string, number>, by: number | null): Promise<number> {
  let loads = 0;
  const today = Date.now();
  for (const o of OPENINGS) {
    const productId = products.get(o.code);
    const warehouseId = warehouses.get(o.warehouse);
    if (!productId || !warehouseId) continue;
    const held = await q.query('SELECT 1 FROM stock_balances WHERE product_id = $1 AND quantity > 0 LIMIT 1', [productId]);
    if (held.rows.length > 0) continue;
    for (const [batch, quantity, expiry, production] of o.lots) {
      await postMovement(
        q,
        {
          movementType: 'C',
          productId,
          warehouseId,
          batchNumber: batch || null,
          expiryDate: expiry === null ? null : isoDay(today + expiry * DAY),
          productionDate: production === null ? null : isoDay(today + production * DAY),
          quantity,
          movementDate: isoDay(today - 42 * DAY),
          notes: 'Giacenza iniziale (dati dimostrativi)',
        },
        { id: by },
      );
      loads += 1;
    }
  }
  return loads;
}

/** The sale of one demo line: from the first sellable batch (FEFO) that holds the quantity, at that day's 10:00 UTC. */
async function sellDemo(
  q: Queryable,
  productId: number,
  quantity: string,
  customerId: number,
  at: Date,
  by: number | null,
): Promise<number | null> {
  const rows = sortFefo(await salesSql.saleableStock(q, productId)).filter((r) => compareDecimals(r.quantity, quantity) >= 0);
  const batch = firstSellable(rows, at);
  if (!batch) return null;
  const fields: SaleFields = {
    product_id: productId,
    warehouse_id: batch.warehouse_id,
    batch_number: batch.batch_number || null,
    quantity,
    customer_id: customerId,
    created_by: undefined,
  };
  return createSale(q, fields, { id: by }, { now: at });
}

/** Runs inside the demo seed's transaction (seedDemo holds its advisory lock). */
export async function seedSalesDemo(q: Queryable): Promise<{ loads: number; sales: number }> {
  {
    if ((await q.query('SELECT 1 FROM sales LIMIT 1')).rows.length > 0) return { loads: 0, sales: 0 };
    const by =
      (await q.query<{ id: number }>("SELECT id FROM users WHERE role = 'admin' AND deleted_at IS NULL ORDER BY id LIMIT 1")).rows[0]?.id ??
      null;
    const products = await idsByName(q, "SELECT id, code AS k FROM products WHERE deleted_at IS NULL AND status = 'active'");
    const warehouses = await idsByName(q, 'SELECT id, name AS k FROM warehouses WHERE deleted_at IS NULL AND is_active');
    const customers = (
      await q.query<{ id: number }>('SELECT id FROM customers WHERE deleted_at IS NULL AND is_active ORDER BY id LIMIT 6')
    ).rows.map((r) => r.id);
    if (customers.length === 0 || products.size === 0) return { loads: 0, sales: 0 };

    const loads = await openStock(q, products, warehouses, by);
    const ids: number[] = [];
    const now = Date.now();
    for (const [daysAgo, code, quantity, customer] of SALES) {
      const productId = products.get(code);
      if (!productId) continue;
      // 09:00 UTC: the same calendar day in Rome; today's sale a few minutes ago at most.
      const at = new Date(
        Math.min(
          now - 60_000,
          Date.UTC(
            new Date(now - daysAgo * DAY).getUTCFullYear(),
            new Date(now - daysAgo * DAY).getUTCMonth(),
            new Date(now - daysAgo * DAY).getUTCDate(),
            9,
          ) +
            ids.length * 60_000,
        ),
      );
      const id = await sellDemo(q, productId, quantity, customers[customer % customers.length], at, by);
      if (id !== null) ids.push(id);
    }
    // One sale cancelled (the customer sent it back), one edited (quantity corrected the day after).
    if (ids.length > 12) await cancelSale(q, ids[9], { id: by }, { now: new Date(now - 17 * DAY) });
    if (ids.length > 20) {
      const view = await salesSql.getSaleView(q, ids[18]);
      if (view) {
        await editSale(
          q,
          view.id,
          {
            product_id: view.product_id,
            warehouse_id: view.warehouse_id,
            batch_number: view.batch_number,
            quantity: sumDecimals([view.quantity, '1']),
            customer_id: view.customer_id,
            created_by: undefined,
          },
          { id: by },
          { now: new Date(now - 6 * DAY) },
        );
      }
    }
    return { loads, sales: ids.length };
  }
}
