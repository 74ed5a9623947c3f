import { useId, useMemo, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../format/number';
import { Truncate } from './Truncate';
import { ariaSort, compareValues, matchesSearch, nextSort, type CellValue, type SortState } from './table-sort';

export interface Column<T> {
  id: string;
  header: string;
  /** The cell's value: used to sort, to search and (when `render` is absent) as the cell text. */
  value?: (row: T) => CellValue;
  /** Custom cell content (badges, actions, formatted numbers). */
  render?: (row: T) => ReactNode;
  /** Defaults to true when the column has a `value`. */
  sortable?: boolean;
  /** Defaults to true when the column has a `value`. */
  searchable?: boolean;
  /** Characters kept before "…" for this column; overrides the table's `truncate`. 0 turns cutting off. */
  truncate?: number;
  align?: 'start' | 'end';
  /**
   * Keep the cell on one line (codes, batch and document numbers never wrap mid-word). Defaults to true for the columns
   * conventionally holding codes: see CODE_COLUMNS.
   */
  nowrap?: boolean;
  /**
   * How much the column matters on a narrow screen (issue 22): 'medium' columns are hidden under 900 px (a portrait
   * tablet), 'low' ones under 1100 px (a landscape tablet). Codes, names, quantities and the actions keep the default
   * 'high' and never hide; what a hidden column holds must be readable elsewhere (the form, a detail).
   */
  priority?: 'high' | 'medium' | 'low';
  /**
   * A second, smaller line under the cell's content (a movement's notes under its product): cut as the column's text is
   * (its `truncate`, else the table's), whole on hover, read after the content with its `label`. For a text that matters
   * too little for a column of its own on a laptop, yet should be seen in the list.
   */
  note?: { label: string; value: (row: T) => string | null | undefined };
}

/** Column ids that hold codes in every list of the portal: kept on one line unless the column says otherwise. */
export const CODE_COLUMNS: ReadonlySet<string> = new Set([
  'code',
  'product_code',
  'productCode',
  'batch',
  'batch_number',
  'batchNumber',
  'order_number',
  'orderNumber',
  'document_number',
  'documentNumber',
  'ddt',
  'username',
  'vat_number',
]);

function priorityClass<T>(column: Column<T>): string {
  return column.priority && column.priority !== 'high' ? `col-${column.priority}` : '';
}

function cellClass<T>(column: Column<T>): string | undefined {
  const names = [
    column.align === 'end' ? 'align-end' : '',
    (column.nowrap ?? CODE_COLUMNS.has(column.id)) ? 'nowrap' : '',
    column.id === 'actions' ? 'cell-actions' : '',
    priorityClass(column),
  ];
  return names.filter(Boolean).join(' ') || undefined;
}

export interface DataTableProps<T> {
  columns: Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  /** Accessible name of the table (visually hidden caption). */
  caption: string;
  /** Cut text cells at this many characters, full text on hover (SPEC §9: 20 or 15). */
  truncate?: number;
  emptyText?: ReactNode;

  /** Show the search box (placeholder "Cerca..."). */
  searchable?: boolean;
  /** Controlled search term; pair with `onSearchChange`. */
  search?: string;
  onSearchChange?: (term: string) => void;

  /** Controlled sort; pair with `onSortChange` (e.g. a "Reset ordering" button sets null). */
  sort?: SortState | null;
  defaultSort?: SortState | null;
  onSortChange?: (sort: SortState) => void;

  /** Rows per page; no pager when absent. */
  pageSize?: number;
  /** Controlled page (1-based); pair with `onPageChange`. */
  page?: number;
  onPageChange?: (page: number) => void;
  /** Total rows on the server when `manual`. */
  totalRows?: number;
  /** The server already searched, sorted and paged `rows`: show them as given and only report changes. */
  manual?: boolean;

  onRowClick?: (row: T) => void;
  rowClassName?: (row: T) => string | undefined;
  /** A test id per row (e.g. `valuation-row-<code>`). */
  rowTestId?: (row: T) => string;
  testId?: string;
}

/**
 * A table with sortable headers (aria-sort), free-text search over every field, text cut at N characters with the full
 * text on hover, an empty state, and optional paging. Every state can be controlled, so server paging can drive it later.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { columns, rows, rowKey, caption, truncate, emptyText, searchable, pageSize, manual, onRowClick, rowClassName } = props;
  const { t } = useTranslation('common');
  const searchId = useId();

  const [ownSearch, setOwnSearch] = useState('');
  const [ownSort, setOwnSort] = useState<SortState | null>(props.defaultSort ?? null);
  const [ownPage, setOwnPage] = useState(1);
  const search = props.search ?? ownSearch;
  const sort = props.sort !== undefined ? props.sort : ownSort;
  const requestedPage = props.page ?? ownPage;

  const setPage = (page: number) => {
    setOwnPage(page);
    props.onPageChange?.(page);
  };
  const setSearch = (term: string) => {
    setOwnSearch(term);
    props.onSearchChange?.(term);
    setPage(1);
  };
  const setSort = (column: string) => {
    const next = nextSort(sort, column);
    setOwnSort(next);
    props.onSortChange?.(next);
  };

  const processed = useMemo(() => {
    if (manual) return rows;
    const searchable = columns.filter((c) => c.value && c.searchable !== false);
    let out = rows.filter((row) =>
      matchesSearch(
        searchable.map((c) => c.value!(row)),
        search,
      ),
    );
    const sortColumn = sort ? columns.find((c) => c.id === sort.column) : undefined;
    if (sort && sortColumn?.value) {
      const sign = sort.direction === 'asc' ? 1 : -1;
      out = [...out].sort((a, b) => sign * compareValues(sortColumn.value!(a), sortColumn.value!(b)));
    }
    return out;
  }, [manual, rows, columns, search, sort]);

  const total = manual ? (props.totalRows ?? rows.length) : processed.length;
  const pages = pageSize ? Math.max(1, Math.ceil(total / pageSize)) : 1;
  const page = Math.min(Math.max(1, requestedPage), pages);
  const visible = pageSize && !manual ? processed.slice((page - 1) * pageSize, page * pageSize) : processed;

  const cut = (text: string, column: Column<T>): ReactNode => {
    const max = column.truncate ?? truncate;
    return max ? <Truncate text={text} max={max} /> : text;
  };
  const cell = (row: T, column: Column<T>): ReactNode => {
    if (column.render) return column.render(row);
    const value = column.value?.(row);
    if (value === null || value === undefined) return '';
    return cut(value instanceof Date ? value.toLocaleDateString('it-IT') : String(value), column);
  };
  const note = (row: T, column: Column<T>): ReactNode => {
    const line = column.note;
    const text = line?.value(row);
    if (!line || !text) return null;
    return (
      <span className="cell-note">
        <span className="sr-only">{line.label}: </span>
        {cut(text, column)}
      </span>
    );
  };

  const onRowKey = (e: KeyboardEvent<HTMLTableRowElement>, row: T) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      onRowClick?.(row);
    }
  };

  return (
    <div className="data-table" data-testid={props.testId}>
      {searchable ? (
        <div className="table-toolbar">
          <label htmlFor={searchId} className="sr-only">
            {t('search.label')}
          </label>
          <input
            id={searchId}
            type="search"
            className="search-input"
            placeholder={t('search.placeholder')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
      ) : null}
      <div className="table-scroll">
        <table>
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr>
              {columns.map((column) => {
                const sortable = column.sortable ?? !!column.value;
                return (
                  <th
                    key={column.id}
                    data-col={column.id}
                    scope="col"
                    aria-sort={sortable ? ariaSort(sort, column.id) : undefined}
                    className={[column.align === 'end' ? 'align-end' : '', priorityClass(column)].filter(Boolean).join(' ') || undefined}
                  >
                    {sortable ? (
                      <button type="button" className="sort-button" onClick={() => setSort(column.id)}>
                        {column.header}
                        <span className="sort-indicator" aria-hidden="true">
                          {sort?.column === column.id ? (sort.direction === 'asc' ? '▲' : '▼') : '↕'}
                        </span>
                      </button>
                    ) : (
                      column.header
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {visible.length === 0 ? (
              <tr>
                <td colSpan={columns.length} className="table-empty">
                  {emptyText ?? t('table.empty')}
                </td>
              </tr>
            ) : (
              visible.map((row) => (
                <tr
                  key={rowKey(row)}
                  className={[onRowClick ? 'clickable' : '', rowClassName?.(row) ?? ''].join(' ').trim() || undefined}
                  data-testid={props.rowTestId?.(row)}
                  onClick={onRowClick ? () => onRowClick(row) : undefined}
                  onKeyDown={onRowClick ? (e) => onRowKey(e, row) : undefined}
                  tabIndex={onRowClick ? 0 : undefined}
                >
                  {columns.map((column) => (
                    <td key={column.id} className={cellClass(column)} data-col={column.id}>
                      {cell(row, column)}
                      {note(row, column)}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {pageSize && pages > 1 ? (
        <nav className="pager" aria-label={t('table.pagination')}>
          <button type="button" className="btn" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('table.previous')}
          </button>
          <span aria-live="polite">{t('table.page', { page: formatCount(page), pages: formatCount(pages) })}</span>
          <button type="button" className="btn" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('table.next')}
          </button>
        </nav>
      ) : null}
    </div>
  );
}
