import type { Column } from './DataTable';

/**
 * A list column holding a code or a document number (a product code, an order number): shown whole in the code style
 * (never cut, never wrapped mid-word), sorted and searched on the code. `more` adds or overrides column options.
 */
export function codeColumn<T>(id: string, header: string, code: (row: T) => string, more: Partial<Column<T>> = {}): Column<T> {
  return { id, header, value: code, truncate: 0, nowrap: true, render: (row) => <span className="code">{code(row)}</span>, ...more };
}
