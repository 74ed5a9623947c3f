import { sumDecimals } from '@wms/shared-api/core';
import { formatKind, formatQuantity } from '@wms/shared-ui';

/**
 * Issue 21: quantities of different units are never added together ("2,5 kg + 40 pz" is not "42,5"). An order's totals
 * are one per unit of measure, in the order of its lines: "2,5 kg · 40 pz".
 */
export interface UnitTotal {
  unit_of_measure: string | null;
  ordered: string;
  received: string;
}

/** Σ ordered / received per unit of the lines (exact), first line's unit first. */
export function unitTotals(
  lines: ReadonlyArray<{ unit_of_measure: string | null; ordered_quantity: string; received_quantity: string }>,
): UnitTotal[] {
  const byUnit = new Map<string | null, { ordered: string[]; received: string[] }>();
  for (const l of lines) {
    const u = byUnit.get(l.unit_of_measure) ?? { ordered: [], received: [] };
    u.ordered.push(l.ordered_quantity);
    u.received.push(l.received_quantity);
    byUnit.set(l.unit_of_measure, u);
  }
  return [...byUnit].map(([unit, u]) => ({
    unit_of_measure: unit,
    ordered: sumDecimals(u.ordered),
    received: sumDecimals(u.received),
  }));
}

const SEPARATOR = ' · ';

/** One of the totals per unit, each with its unit's label: "2,5 kg · 40 pz" ('' when there is none). */
export function formatUnitTotals(totals: readonly UnitTotal[], which: 'ordered' | 'received'): string {
  return totals.map((u) => formatQuantity(u[which], u.unit_of_measure)).join(SEPARATOR);
}

/** Received over ordered per unit: "1 / 2,5 kg · 0 / 40 pz". */
export function formatUnitProgress(totals: readonly UnitTotal[]): string {
  return totals.map((u) => `${formatKind(u.received, 'quantity')} / ${formatQuantity(u.ordered, u.unit_of_measure)}`).join(SEPARATOR);
}
