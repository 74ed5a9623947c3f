import { formatKind, formatUnit } from '../format/number';
import type { Column } from './DataTable';

/**
 * A list column holding a quantity (exact decimal text) in the product's unit: aligned at the end, written in the reader's
 * language with the unit's label ("1.234,5 pz", never the code "piece"), on one line, sorted on the quantity. `testId`
 * names the figure itself; `more` adds or overrides column options (`priority`, `sortable`…).
 */
export function quantityColumn<T>(
  id: string,
  header: string,
  quantity: (row: T) => string,
  unit: (row: T) => string | null | undefined,
  more: Partial<Column<T>> & { testId?: (row: T) => string } = {},
): Column<T> {
  const { testId, ...options } = more;
  return {
    id,
    header,
    value: quantity,
    align: 'end',
    nowrap: true,
    render: (row) => (
      <>
        <span data-testid={testId?.(row)}>{formatKind(quantity(row), 'quantity')}</span>
        {unit(row) ? `\u00a0${formatUnit(unit(row))}` : null}
      </>
    ),
    ...options,
  };
}
