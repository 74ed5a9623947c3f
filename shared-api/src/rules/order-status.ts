import { compareDecimals, subtractDecimals, sumDecimals } from './decimal';

/**
 * Receipt status of purchase-order lines and orders (SPEC §4), as pure functions of the lines. One rule for the server
 * (migration 006's purchase_order_refresh mirrors orderStatus in SQL, and a test checks they agree), the order screens and
 * goods receipt.
 *
 * Line: pending (nothing received), partiallyReceived (something), completed (received ≥ ordered, or marked completed).
 * Order: fullyReceived when every line is completed, partiallyReceived when something was received or marked, otherwise
 * notReceived. A missing status counts as notReceived.
 */
export const ITEM_STATUSES = ['pending', 'partiallyReceived', 'completed'] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];
export const ORDER_STATUSES = ['notReceived', 'partiallyReceived', 'fullyReceived'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** What the rules read of a line. Quantities as decimal strings (or numbers). */
export interface ReceivableLine {
  quantity: string | number;
  received_quantity: string | number;
  completed: boolean;
}

export function itemStatus(line: ReceivableLine): ItemStatus {
  if (line.completed || compareDecimals(line.received_quantity, line.quantity) >= 0) return 'completed';
  return compareDecimals(line.received_quantity, 0) > 0 ? 'partiallyReceived' : 'pending';
}

export function orderStatus(lines: readonly ReceivableLine[]): OrderStatus {
  if (lines.length === 0) return 'notReceived';
  const statuses = lines.map(itemStatus);
  if (statuses.every((s) => s === 'completed')) return 'fullyReceived';
  return statuses.some((s) => s !== 'pending') ? 'partiallyReceived' : 'notReceived';
}

/** The status field of an order as received from anywhere; missing or unknown counts as notReceived (SPEC §4). */
export function normalizeOrderStatus(status: unknown): OrderStatus {
  return (ORDER_STATUSES as readonly unknown[]).includes(status) ? (status as OrderStatus) : 'notReceived';
}

/** Ordered minus received, never below 0. */
export function remainingQuantity(line: Pick<ReceivableLine, 'quantity' | 'received_quantity'>): string {
  const rest = subtractDecimals(line.quantity, line.received_quantity);
  return compareDecimals(rest, 0) > 0 ? rest : '0';
}

/**
 * A line after receiving `quantity` more (SPEC §4: received total = previous + new; completed once received ≥ ordered).
 * Goods receipt writes both fields in its transaction.
 */
export function afterReceipt(line: ReceivableLine, quantity: string | number): { received_quantity: string; completed: boolean } {
  const received = sumDecimals([line.received_quantity, quantity]);
  return { received_quantity: received, completed: line.completed || compareDecimals(received, line.quantity) >= 0 };
}

/**
 * Mark-as-completed toggle (SPEC §4): a line not completed becomes completed; a completed line goes back to
 * partiallyReceived or pending by what was received — unless received ≥ ordered, which stays completed.
 */
export function toggleCompleted(line: ReceivableLine): { completed: boolean; status: ItemStatus } {
  const completed = !line.completed;
  return { completed, status: itemStatus({ ...line, completed }) };
}

/** Completed lines cannot be edited in goods receipt (quantity, warehouse and batch controls disabled). */
export function isLineLocked(line: ReceivableLine): boolean {
  return itemStatus(line) === 'completed';
}
