/**
 * TEMPORARY copy of shared-api/src/rules/order-status.ts (purchase orders, not yet on main): replaced by a re-export.
 */
export type ItemStatus = 'pending' | 'partiallyReceived' | 'completed';
export type OrderStatus = 'notReceived' | 'partiallyReceived' | 'fullyReceived';
export interface ReceivableLine {
  quantity: string | number;
  received_quantity: string | number;
  completed: boolean;
}
const milli = (t: string | number) => {
  const [i, f = ''] = String(t).split('.');
  return BigInt(i) * 1000n + BigInt(f.padEnd(3, '0').slice(0, 3));
};
export function itemStatus(l: ReceivableLine): ItemStatus {
  const r = milli(l.received_quantity);
  if (l.completed || r >= milli(l.quantity)) return 'completed';
  return r > 0n ? 'partiallyReceived' : 'pending';
}
export function orderStatus(lines: readonly ReceivableLine[]): OrderStatus {
  if (lines.length === 0) return 'notReceived';
  const s = lines.map(itemStatus);
  if (s.every((x) => x === 'completed')) return 'fullyReceived';
  return s.some((x) => x !== 'pending') ? 'partiallyReceived' : 'notReceived';
}
