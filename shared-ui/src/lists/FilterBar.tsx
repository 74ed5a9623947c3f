import type { ReactNode } from 'react';
import type { PagedList } from './usePagedList';

export interface FilterBarProps {
  /** The list the filters narrow: its `filtered` enables the reset button, which calls its `clearFilters`. */
  list: Pick<PagedList<unknown>, 'filtered' | 'clearFilters'>;
  /** Accessible name of the search landmark ("Filtri"). */
  label: string;
  resetLabel: string;
  resetTestId?: string;
  className?: string;
  /** The filter fields, bound with `list.filterField(name)` / `list.searchField()`. */
  children: ReactNode;
}

/** The filters above a paged list, in a search landmark, then one button that clears them all (disabled when none). */
export function FilterBar({ list, label, resetLabel, resetTestId, className, children }: FilterBarProps) {
  return (
    <form
      className={['list-filters', className].filter(Boolean).join(' ')}
      role="search"
      aria-label={label}
      onSubmit={(e) => e.preventDefault()}
    >
      {children}
      <div className="list-filters-actions">
        <button type="button" className="btn" disabled={!list.filtered} onClick={list.clearFilters} data-testid={resetTestId}>
          {resetLabel}
        </button>
      </div>
    </form>
  );
}
