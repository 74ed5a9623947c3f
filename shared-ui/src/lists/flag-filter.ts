import type { PagedList } from './usePagedList';

/**
 * A yes/no filter of a paged list ("only late orders") bound to a CheckboxField, as `list.filterField(name)` is for the
 * others: checked is `name=true` in the URL and the server's query, unchecked no filter at all.
 */
export function flagFilterField(list: Pick<PagedList<unknown>, 'filter' | 'setFilter'>, name: string) {
  return {
    name,
    value: list.filter(name) === 'true',
    onChange: (on: boolean | null | undefined) => list.setFilter(name, on ? 'true' : ''),
  };
}
