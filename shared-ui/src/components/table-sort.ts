export type SortDirection = 'asc' | 'desc';

export interface SortState {
  column: string;
  direction: SortDirection;
}

export type CellValue = string | number | boolean | Date | null | undefined;

import { compareDecimals, isDecimalString } from '@wms/shared-api/core';

const collator = new Intl.Collator('it', { numeric: true, sensitivity: 'base' });

/** Orders two cell values: numbers, decimal strings ('2.10' < '2.9') and dates by value, text by Italian collation, empty values last. */
export function compareValues(a: CellValue, b: CellValue): number {
  const emptyA = a === null || a === undefined || a === '';
  const emptyB = b === null || b === undefined || b === '';
  if (emptyA || emptyB) return emptyA === emptyB ? 0 : emptyA ? 1 : -1;
  if (a instanceof Date && b instanceof Date) return a.getTime() - b.getTime();
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return (a ? 1 : 0) - (b ? 1 : 0);
  if ((typeof a === 'number' || isDecimalString(a)) && (typeof b === 'number' || isDecimalString(b))) return compareDecimals(a, b);
  return collator.compare(String(a), String(b));
}

/** Next state when a header is clicked: a new column starts ascending, the same column flips (SPEC: asc then desc). */
export function nextSort(current: SortState | null, column: string): SortState {
  if (current?.column === column) return { column, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { column, direction: 'asc' };
}

export function ariaSort(current: SortState | null, column: string): 'ascending' | 'descending' | 'none' {
  if (current?.column !== column) return 'none';
  return current.direction === 'asc' ? 'ascending' : 'descending';
}

/** Case-insensitive "contains", for the free-text search that matches any field. */
export function matchesSearch(values: CellValue[], term: string): boolean {
  const needle = term.trim().toLocaleLowerCase('it');
  if (!needle) return true;
  return values.some((v) => v !== null && v !== undefined && String(v).toLocaleLowerCase('it').includes(needle));
}
