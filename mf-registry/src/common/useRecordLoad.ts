import { useEffect, type DependencyList } from 'react';
import { useNavigate } from '@wms/shared-ui/router';
import { isNotFound, toastError, useLoad, type Load } from '@wms/shared-ui';

/**
 * The record an edit page reads, through the kit's useLoad (spinner, answers to older ids dropped), as SPEC §8 wants it:
 * a 404 stays for `Loaded`'s NotFound (with its way back); any other failure says `failure` as a toast and goes back to
 * the list (`backTo`). While it leaves, the page keeps its spinner.
 */
export function useRecordLoad<T>(load: () => Promise<T>, deps: DependencyList, backTo: string, failure: string): Load<T> {
  const state = useLoad(load, deps);
  const navigate = useNavigate();
  const leave = state.status === 'failed' && !isNotFound(state.error);
  useEffect(() => {
    if (!leave) return;
    toastError(failure);
    void navigate(backTo, { replace: true });
    // Once per failure: the words and the way back are those of that moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [leave]);
  return leave ? { status: 'loading', retry: state.retry } : state;
}
