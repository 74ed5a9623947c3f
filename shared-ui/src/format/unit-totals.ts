import { formatKind, formatQuantity } from './number';

/**
 * Issue 21: quantities of different units are never added together ("2,5 kg + 40 pz" is not "42,5"). A document's totals
 * are one per unit of measure, in the order of its lines (as the server sums them): "2,5 kg · 40 pz".
 */
export interface UnitTotal {
  unit_of_measure: string | null;
  ordered: string;
  received: string;
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
