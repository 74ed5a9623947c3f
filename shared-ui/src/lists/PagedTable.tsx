import { useEffect, useRef, type ReactNode } from 'react';
import { DataTable, type DataTableProps } from '../components/DataTable';
import { ErrorState } from '../components/ErrorState';
import { Spinner } from '../components/Spinner';
import { pagingProps, sortingProps, type PagedList, type ServerList } from './usePagedList';

export interface ListBodyProps {
  /** The list's state: usePagedList, useServerList or any load with the same three states. */
  list: Pick<ServerList<unknown>, 'status' | 'refreshing' | 'reload'>;
  /** What the user reads in place of the table when the last call failed (a Retry reloads). */
  failedText: ReactNode;
  errorTestId?: string;
  /** A line above the table once rows are there (the count of every match, counters…). */
  count?: ReactNode;
  countTestId?: string;
  countClassName?: string;
  children: ReactNode;
}

/**
 * The body every paged list shows under its header and filters: the failure with a Retry in place of the table, a
 * spinner until the first answer, then the count and the table — kept on screen (aria-busy) while a newer page loads.
 */
export function ListBody({ list, failedText, errorTestId, count, countTestId, countClassName = 'list-count', children }: ListBodyProps) {
  if (list.status === 'failed') return <ErrorState message={failedText} onRetry={list.reload} testId={errorTestId} />;
  if (list.status === 'loading') return <Spinner />;
  return (
    <>
      {count !== undefined ? (
        <p className={countClassName} data-testid={countTestId} aria-live="polite">
          {count}
        </p>
      ) : null}
      <div aria-busy={list.refreshing || undefined} className={list.refreshing ? 'list-table is-busy' : 'list-table'}>
        {children}
      </div>
    </>
  );
}

export type PagedTableProps<T> = Omit<ListBodyProps, 'list' | 'children'> &
  Omit<DataTableProps<T>, 'rows'> & {
    list: ServerList<T> | PagedList<T>;
  };

function isPaged<T>(list: ServerList<T> | PagedList<T>): list is PagedList<T> {
  return 'setOffset' in list;
}

/**
 * A server-paged DataTable in its ListBody. Given a usePagedList, it wires the server's paging and sort (pagingProps,
 * sortingProps) and, when `searchable`, the list's search box; explicit DataTable props win. Given a useServerList, pass
 * the paging props yourself (`manual`, `page`, `pageSize`, `onPageChange`, `totalRows`).
 */
export function PagedTable<T>({ list, failedText, errorTestId, count, countTestId, countClassName, ...table }: PagedTableProps<T>) {
  const savedId = isPaged(list) ? list.savedId : null;
  useSavedRow(savedId === null ? null : `${list.rows.length}:${list.refreshing}`);
  const { rowKey, rowClassName } = table;
  const marked =
    savedId === null
      ? rowClassName
      : (row: T) =>
          [rowClassName?.(row), String(rowKey(row)) === String(savedId) ? SAVED_ROW_CLASS : undefined].filter(Boolean).join(' ') ||
          undefined;
  const wired = isPaged(list)
    ? {
        ...sortingProps(list),
        ...pagingProps(list, list.pageSize),
        ...(table.searchable ? { search: list.search, onSearchChange: list.setSearch } : {}),
      }
    : { manual: true, totalRows: list.total };
  return (
    <ListBody
      list={list}
      failedText={failedText}
      errorTestId={errorTestId}
      count={count}
      countTestId={countTestId}
      countClassName={countClassName}
    >
      <DataTable<T> {...wired} {...table} rowClassName={marked} rows={list.rows} />
    </ListBody>
  );
}

/** The class of the row a form just saved (usePagedList's `savedId`): highlighted, `aria-current`, scrolled into view. */
export const SAVED_ROW_CLASS = 'row-saved';

/**
 * Marks the saved row `aria-current` (DataTable draws the rows; the class comes through its rowClassName) and scrolls it
 * into view the first time it is shown. `shown` changes when the rows do (null: no saved row). One list per screen has a
 * saved row, so the document is searched.
 */
function useSavedRow(shown: string | null) {
  const scrolled = useRef(false);
  useEffect(() => {
    if (shown === null) return;
    const row = document.querySelector(`tr.${SAVED_ROW_CLASS}`);
    if (!row) return;
    row.setAttribute('aria-current', 'true');
    if (scrolled.current) return;
    scrolled.current = true;
    row.scrollIntoView?.({ block: 'center' });
  }, [shown]);
}
