import type { Queryable } from '../db';
import { decimalToMilli, milliToDecimal, type Milli } from './quantity';

/**
 * The balance side of the ledger: lock, check and change stock_balances rows. Only ledger.ts calls this, inside the
 * transaction that also appends the movement rows.
 *
 * Locking: every operation first locks the existing balance rows it touches with one SELECT … ORDER BY key FOR UPDATE, so
 * two transactions always take row locks in the same order (product, warehouse, batch) — transfers A→B and B→A on the same
 * batch queue behind each other instead of deadlocking. With the rows locked, "available" is exact for the rest of the
 * transaction; the conditional UPDATE (… AND quantity >= $q) and the CHECK (quantity >= 0) stay as second and third lines
 * of defence.
 */

export interface BalanceKey {
  productId: number;
  warehouseId: number;
  /** '' when the product has no batches. */
  batchNumber: string;
}

export interface LockedBalance extends BalanceKey {
  quantity: Milli;
  productionDate: string | null;
  expiryDate: string | null;
}

/** One signed change of one balance; dates matter for increases only (they describe the goods arriving). */
export interface BalanceEffect extends BalanceKey {
  delta: Milli;
  productionDate: string | null;
  expiryDate: string | null;
}

export interface Shortage extends BalanceKey {
  available: Milli;
  needed: Milli;
}

export function balanceKey(k: BalanceKey): string {
  return `${k.productId}|${k.warehouseId}|${k.batchNumber}`;
}

function compareKeys(a: BalanceKey, b: BalanceKey): number {
  if (a.productId !== b.productId) return a.productId - b.productId;
  if (a.warehouseId !== b.warehouseId) return a.warehouseId - b.warehouseId;
  // Row locks follow the SQL ORDER BY; this order only sequences the inserts of rows that did not exist yet.
  return a.batchNumber < b.batchNumber ? -1 : a.batchNumber > b.batchNumber ? 1 : 0;
}

function uniqueSorted<T extends BalanceKey>(keys: T[]): T[] {
  const seen = new Map<string, T>();
  for (const k of keys) if (!seen.has(balanceKey(k))) seen.set(balanceKey(k), k);
  return [...seen.values()].sort(compareKeys);
}

interface BalanceRow {
  product_id: number;
  warehouse_id: number;
  batch_number: string;
  quantity: string;
  production_date: string | null;
  expiry_date: string | null;
}

/** Locks the existing rows among `keys` in key order; missing keys are simply absent from the map (no stock). */
export async function lockBalances(q: Queryable, keys: BalanceKey[]): Promise<Map<string, LockedBalance>> {
  const sorted = uniqueSorted(keys);
  const out = new Map<string, LockedBalance>();
  if (sorted.length === 0) return out;
  const params: unknown[] = [];
  const tuples = sorted.map((k) => {
    params.push(k.productId, k.warehouseId, k.batchNumber);
    const n = params.length;
    return `($${n - 2}::bigint, $${n - 1}::bigint, $${n}::text)`;
  });
  const { rows } = await q.query<BalanceRow>(
    `SELECT product_id, warehouse_id, batch_number, quantity, production_date, expiry_date
       FROM stock_balances
      WHERE (product_id, warehouse_id, batch_number) IN (VALUES ${tuples.join(', ')})
      ORDER BY product_id, warehouse_id, batch_number
        FOR UPDATE`,
    params,
  );
  for (const r of rows) {
    const locked: LockedBalance = {
      productId: r.product_id,
      warehouseId: r.warehouse_id,
      batchNumber: r.batch_number,
      quantity: decimalToMilli(r.quantity) ?? 0n,
      productionDate: r.production_date,
      expiryDate: r.expiry_date,
    };
    out.set(balanceKey(locked), locked);
  }
  return out;
}

/**
 * Sums the effects per balance (a correction's reversal and its new movement on the same batch net out: correcting a load
 * of 10 into 8 needs 2 available, not 10). Zero nets are dropped. Sorted by key.
 */
export function netEffects(effects: BalanceEffect[]): BalanceEffect[] {
  const byKey = new Map<string, BalanceEffect>();
  for (const e of effects) {
    const k = balanceKey(e);
    const prev = byKey.get(k);
    if (!prev) {
      byKey.set(k, { ...e });
      continue;
    }
    prev.delta += e.delta;
    // The last increase that names dates describes the goods (a correction's new load wins over the restored ones).
    if (e.delta > 0n && (e.productionDate || e.expiryDate)) {
      prev.productionDate = e.productionDate;
      prev.expiryDate = e.expiryDate;
    }
  }
  return [...byKey.values()].filter((e) => e.delta !== 0n).sort(compareKeys);
}

/** The first decrease that the locked stock cannot cover, or null. */
export function findShortage(net: BalanceEffect[], locked: Map<string, LockedBalance>): Shortage | null {
  for (const e of net) {
    if (e.delta >= 0n) continue;
    const available = locked.get(balanceKey(e))?.quantity ?? 0n;
    if (available + e.delta < 0n) return { ...e, available, needed: -e.delta };
  }
  return null;
}

/** Thrown when a decrease finds less stock than it needs (the caller turns it into a 409 worded for its operation). */
export class ShortageError extends Error {
  constructor(readonly shortage: Shortage) {
    super('insufficient stock');
    this.name = 'ShortageError';
  }
}

/**
 * Applies netted effects in key order. An increase inserts or adds to the row; when the row held nothing its dates become
 * the arriving goods' dates, otherwise the earliest of both are kept (for batch products the ledger has already refused
 * conflicting dates, so this only ever picks between equal dates or fills a gap).
 */
export async function applyEffects(q: Queryable, net: BalanceEffect[]): Promise<void> {
  for (const e of net) {
    if (e.delta > 0n) {
      await q.query(
        `INSERT INTO stock_balances AS b (product_id, warehouse_id, batch_number, quantity, production_date, expiry_date)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (product_id, warehouse_id, batch_number) DO UPDATE SET
           quantity = b.quantity + EXCLUDED.quantity,
           production_date = CASE WHEN b.quantity = 0 THEN EXCLUDED.production_date
                                  ELSE LEAST(b.production_date, EXCLUDED.production_date) END,
           expiry_date = CASE WHEN b.quantity = 0 THEN EXCLUDED.expiry_date
                              ELSE LEAST(b.expiry_date, EXCLUDED.expiry_date) END,
           updated_at = now()`,
        [e.productId, e.warehouseId, e.batchNumber, milliToDecimal(e.delta), e.productionDate, e.expiryDate],
      );
    } else {
      const needed = -e.delta;
      const { rowCount } = await q.query(
        `UPDATE stock_balances SET quantity = quantity - $4::numeric, updated_at = now()
          WHERE product_id = $1 AND warehouse_id = $2 AND batch_number = $3 AND quantity >= $4::numeric`,
        [e.productId, e.warehouseId, e.batchNumber, milliToDecimal(needed)],
      );
      // Unreachable while the rows are locked and checked first; kept so a future change cannot go negative silently.
      if (rowCount !== 1) throw new ShortageError({ ...e, available: 0n, needed });
    }
  }
}
