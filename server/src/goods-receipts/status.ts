/**
 * TEMPORARY adapter until shared-api/src/rules/order-status.ts (purchase orders) lands: SPEC §4 item and order status as
 * pure functions of the lines. Replaced by re-exports of that module.
 */
export type ItemStatus = 'pending' | 'partiallyReceived' | 'completed';
export type OrderStatus = 'notReceived' | 'partiallyReceived' | 'fullyReceived';

const milli = (t: string | number) => {
  const [i, f = ''] = String(t).split('.');
  return BigInt(i) * 1000n + BigInt(f.padEnd(3, '0').slice(0, 3));
};

export function itemStatus(l: { ordered: string | number; received: string | number; completed: boolean }): ItemStatus {
  const r = milli(l.received);
  if (l.completed || r >= milli(l.ordered)) return 'completed';
  return r > 0n ? 'partiallyReceived' : 'pending';
}

export function orderStatus(items: ItemStatus[]): OrderStatus {
  if (items.length > 0 && items.every((s) => s === 'completed')) return 'fullyReceived';
  return items.some((s) => s !== 'pending') ? 'partiallyReceived' : 'notReceived';
}
