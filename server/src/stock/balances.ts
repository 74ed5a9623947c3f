import type { Queryable } from '../db';
import { isoDay } from './sql';
import { milliToDecimal, toMilli, type Milli } from './quantity';

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
    `SELECT product_id, warehouse_id, batch_number, quantity, ${isoDay('production_date')}, ${isoDay('expiry_date')}
       FROM stock_balances
      WHERE (product_id, warehouse_id, batch_number) IN (VALUES ${tuples.join(', ')})
      ORDER BY product_id, warehouse_id, batch_number
        FOR UPDATE`,
    params,
    { prepare: true },
  );
  for (const r of rows) {
    const locked: LockedBalance = {
      productId: r.product_id,
      warehouseId: r.warehouse_id,
      batchNumber: r.batch_number,
      quantity: toMilli(r.quantity),
      productionDate: r.production_date,
      expiryDate: r.expiry_date,
    };
    out.set(balanceKey(locked), locked);
  }
  return out;
}

/** All effects of one operation on one balance, summed: what leaves, what arrives and the arriving goods' dates. */
export interface BalancePlan extends BalanceKey {
  added: Milli;
  removed: Milli;
  productionDate: string | null;
  expiryDate: string | null;
}

/**
 * Groups the effects per balance, sorted by key. A correction's reversal and its new movement on the same batch net out:
 * correcting a load of 10 into 8 needs 2 available, not 10.
 */
export function planEffects(effects: BalanceEffect[]): BalancePlan[] {
  const byKey = new Map<string, BalancePlan>();
  for (const e of effects) {
    const k = balanceKey(e);
    let plan = byKey.get(k);
    if (!plan) {
      plan = {
        productId: e.productId,
        warehouseId: e.warehouseId,
        batchNumber: e.batchNumber,
        added: 0n,
        removed: 0n,
        productionDate: null,
        expiryDate: null,
      };
      byKey.set(k, plan);
    }
    if (e.delta > 0n) {
      plan.added += e.delta;
      // The last arrival that names dates describes the goods (a correction's new load comes after the restored goods).
      if (e.productionDate || e.expiryDate || plan.added === e.delta) {
        plan.productionDate = e.productionDate;
        plan.expiryDate = e.expiryDate;
      }
    } else {
      plan.removed -= e.delta;
    }
  }
  return [...byKey.values()].sort(compareKeys);
}

/** The first balance that the locked stock cannot cover once everything arriving and leaving is counted, or null. */
export function findShortage(plans: BalancePlan[], locked: Map<string, LockedBalance>): Shortage | null {
  for (const p of plans) {
    const available = locked.get(balanceKey(p))?.quantity ?? 0n;
    if (available + p.added - p.removed < 0n) return { ...p, available, needed: p.removed - p.added };
  }
  return null;
}

/** Thrown when a balance would go below zero (the caller words the 409 for its operation). */
export class ShortageError extends Error {
  constructor(readonly shortage: Shortage) {
    super('insufficient stock');
    this.name = 'ShortageError';
  }
}

/** The earlier of two optional days ('yyyy-MM-dd' compares as text), like SQL LEAST which ignores NULL. */
function earliest(a: string | null, b: string | null): string | null {
  if (a === null) return b;
  if (b === null) return a;
  return a < b ? a : b;
}

/** One write of a balance row, decided from the plan and the locked row (no database work). */
export interface BalanceWrite {
  /** 'update': a row locked by lockBalances; 'upsert': a new row — or, for a load, any row (ON CONFLICT merges). */
  kind: 'update' | 'upsert';
  plan: BalancePlan;
  /** The values of the statement's $1…$6 (product, warehouse, batch, signed quantity, production, expiry). */
  params: unknown[];
  /** What the locked row held ('update' only): the ShortageError's "available" should the guarded UPDATE miss. */
  available: Milli;
}

/** The balance statements, their parameters numbered from `$first`. The UPDATE touches no row when stock would go negative. */
export function balanceWriteSql(kind: BalanceWrite['kind'], first = 1): string {
  const n = (i: number) => `$${first + i - 1}`;
  if (kind === 'update') {
    return `UPDATE stock_balances
            SET quantity = quantity + ${n(4)}::numeric, production_date = ${n(5)}::date, expiry_date = ${n(6)}::date, updated_at = now()
          WHERE product_id = ${n(1)}::bigint AND warehouse_id = ${n(2)}::bigint AND batch_number = ${n(3)}::text AND quantity + ${n(4)}::numeric >= 0`;
  }
  // ON CONFLICT locks the existing row and merges like the update (dates: the arriving goods' when the row is empty, else
  // the earliest).
  return `INSERT INTO stock_balances AS b (product_id, warehouse_id, batch_number, quantity, production_date, expiry_date)
         VALUES (${n(1)}::bigint, ${n(2)}::bigint, ${n(3)}::text, ${n(4)}::numeric, ${n(5)}::date, ${n(6)}::date)
         ON CONFLICT (product_id, warehouse_id, batch_number) DO UPDATE SET
           quantity = b.quantity + EXCLUDED.quantity,
           production_date = CASE WHEN b.quantity = 0 THEN EXCLUDED.production_date
                                  ELSE LEAST(b.production_date, EXCLUDED.production_date) END,
           expiry_date = CASE WHEN b.quantity = 0 THEN EXCLUDED.expiry_date
                              ELSE LEAST(b.expiry_date, EXCLUDED.expiry_date) END,
           updated_at = now()`;
}

/**
 * The writes of the plans (in key order) to rows locked by lockBalances. Dates: when nothing of the goods already there
 * remains (the row was empty, or this operation takes all of it away) the row takes the arriving goods' dates; otherwise
 * the earliest dates are kept — for batch products assertConsistentBatchDates has already refused differing dates, so
 * this only fills a gap; for products without batches it keeps the most cautious expiry. A plan that changes nothing is
 * left out; taking from a balance that does not exist throws ShortageError.
 */
export function balanceWrites(plans: BalancePlan[], locked: Map<string, LockedBalance>): BalanceWrite[] {
  const out: BalanceWrite[] = [];
  for (const p of plans) {
    const delta = p.added - p.removed;
    const current = locked.get(balanceKey(p));
    if (current) {
      let { productionDate, expiryDate } = current;
      if (p.added > 0n) {
        const replaced = current.quantity - p.removed <= 0n;
        productionDate = replaced ? p.productionDate : earliest(current.productionDate, p.productionDate);
        expiryDate = replaced ? p.expiryDate : earliest(current.expiryDate, p.expiryDate);
      }
      if (delta === 0n && productionDate === current.productionDate && expiryDate === current.expiryDate) continue;
      out.push({
        kind: 'update',
        plan: p,
        params: [p.productId, p.warehouseId, p.batchNumber, milliToDecimal(delta), productionDate, expiryDate],
        available: current.quantity,
      });
    } else if (delta > 0n) {
      // A new balance — or, for a load (postMovement locks nothing first), any balance.
      out.push({
        kind: 'upsert',
        plan: p,
        params: [p.productId, p.warehouseId, p.batchNumber, milliToDecimal(delta), p.productionDate, p.expiryDate],
        available: 0n,
      });
    } else if (delta < 0n) {
      throw new ShortageError({ ...p, available: 0n, needed: -delta });
    }
  }
  return out;
}

/** The ShortageError of a guarded UPDATE that touched no row (unreachable while rows are locked and checked first). */
export function missedUpdate(w: BalanceWrite): ShortageError {
  return new ShortageError({ ...w.plan, available: w.available, needed: w.plan.removed - w.plan.added });
}

/** Writes the plans one statement each (reversals and corrections; a posting writes them in its ledger statement). */
export async function applyPlans(q: Queryable, plans: BalancePlan[], locked: Map<string, LockedBalance>): Promise<void> {
  for (const w of balanceWrites(plans, locked)) {
    const { rowCount } = await q.query(balanceWriteSql(w.kind), w.params, { prepare: true });
    // Kept so a future change cannot go negative silently.
    if (w.kind === 'update' && rowCount !== 1) throw missedUpdate(w);
  }
}
