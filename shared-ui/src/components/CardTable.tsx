import type { ReactNode } from 'react';

export interface CardColumn<T> {
  id: string;
  header: string;
  /** The cell of `row` (the `index`-th line: a form's controls name their line by it). */
  render: (row: T, index: number) => ReactNode;
  /** Class of the column's cells (and of its heading, unless `headerClassName` is given). */
  className?: string;
  headerClassName?: string;
}

export interface CardTableProps<T> {
  columns: ReadonlyArray<CardColumn<T>>;
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  /** Accessible name of the table (visually hidden caption). */
  caption: string;
  /** The screen's class: its stylesheet turns the rows into cards under its breakpoint. */
  className?: string;
  rowTestId?: (row: T) => string;
  rowClassName?: (row: T) => string | undefined;
  testId?: string;
}

/**
 * The lines of a document being entered (a receipt's items with their quantity, warehouse and batch controls) as a table
 * whose rows can turn into cards on a tablet (issue 22, tablet first): every cell carries its column's heading in
 * `data-label`, which the screen's stylesheet shows above the cell under its breakpoint (`td::before { content:
 * attr(data-label) }`), the headings kept for screen readers; `data-col` names the cell's column (its id), so the stylesheet
 * can lay a card out by column (`td[data-col='status'] { grid-area: status }`), whichever columns the screen shows. No
 * sorting, search or paging (DataTable's): the lines in their order, one row each.
 */
export function CardTable<T>({ columns, rows, rowKey, caption, className, rowTestId, rowClassName, testId }: CardTableProps<T>) {
  return (
    <div className="table-scroll">
      <table className={className} data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.id} className={(c.headerClassName ?? c.className) || undefined}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={rowKey(row)} data-testid={rowTestId?.(row)} className={rowClassName?.(row)}>
              {columns.map((c) => (
                <td key={c.id} data-label={c.header} data-col={c.id} className={c.className}>
                  {c.render(row, index)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
