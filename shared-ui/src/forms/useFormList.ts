import { useCallback, useMemo, useRef } from 'react';
import { patchAt } from './lines';

/** A list inside a form (an order's lines) and the changes a line editor makes to it. */
export interface FormList<Row> {
  /** The rows as this render shows them. */
  rows: Row[];
  /** The rows as they are now, changes made since this render included: what an async step (a lookup) checks against. */
  latest: () => Row[];
  /** Replaces the rows with `next(latest())`. */
  update: (next: (rows: Row[]) => Row[]) => void;
  /** Changes some fields of the row at `index`. */
  patch: (index: number, change: Partial<Row>) => void;
  add: (row: Row) => void;
  removeAt: (index: number) => void;
}

/**
 * The rows of a form's list kept once, as the form's own value (`useZodForm`: `useFormList(form.values.items, (rows) =>
 * form.set('items', rows))`), so the schema parses them on save and drops what the screen adds to a row. Changes queue on
 * the latest rows: two changes before the next render (a product picked, then its price found) both stay.
 */
export function useFormList<Row>(rows: Row[], write: (rows: Row[]) => void): FormList<Row> {
  const latest = useRef(rows);
  latest.current = rows;
  const writer = useRef(write);
  writer.current = write;
  const update = useCallback((next: (rows: Row[]) => Row[]) => {
    latest.current = next(latest.current);
    writer.current(latest.current);
  }, []);
  return useMemo(
    () => ({
      rows,
      latest: () => latest.current,
      update,
      patch: (index: number, change: Partial<Row>) => update((rs) => patchAt(rs, index, change)),
      add: (row: Row) => update((rs) => [...rs, row]),
      removeAt: (index: number) => update((rs) => rs.filter((_, i) => i !== index)),
    }),
    [rows, update],
  );
}
