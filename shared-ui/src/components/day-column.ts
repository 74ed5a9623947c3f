import { displayDay } from '../forms/day';
import type { Column } from './DataTable';

/**
 * A list column holding a day ('yyyy-MM-dd'): sorted and searched on the ISO day, shown dd/MM/yyyy on one line. `more`
 * adds or overrides column options (`priority`, `sortable`…).
 */
export function dayColumn<T>(
  id: string,
  header: string,
  day: (row: T) => string | null | undefined,
  more: Partial<Column<T>> = {},
): Column<T> {
  return { id, header, value: day, render: (row) => displayDay(day(row)), nowrap: true, ...more };
}
