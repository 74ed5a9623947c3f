import { useEffect, type DependencyList } from 'react';
import { useNavigate } from '@wms/shared-ui/router';
import { isNotFound } from '../components/NotFound';
import { toastError } from '../toasts/toasts';
import { useLoad, type Load } from './Loaded';

export interface RecordLoadOptions {
  /** Where a record that cannot be read sends the user back to (its list). */
  backTo: string;
  /** What the toast says (SPEC §8 "Errore nel caricamento …"); a function gets the error (e.g. to add the server's reason). */
  failure: string | ((error: unknown) => string);
  /**
   * A 404 leaves too (default: it stays, for `Loaded`'s NotFound with its way back). SPEC §8 wants the users' page to say
   * "could not be loaded" for a user that does not exist.
   */
  leaveOnNotFound?: boolean;
}

/**
 * The record an edit page reads, through useLoad (spinner, answers to older ids dropped): a failure says `failure` as a
 * toast, once, and goes back to the list — a 404 too if `leaveOnNotFound`, else it stays for `Loaded`'s NotFound. While it
 * leaves, the page keeps its spinner.
 */
export function useRecordLoad<T>(load: (signal: AbortSignal) => Promise<T>, deps: DependencyList, options: RecordLoadOptions): Load<T> {
  const state = useLoad(load, deps);
  const navigate = useNavigate();
  const leave = state.status === 'failed' && (options.leaveOnNotFound || !isNotFound(state.error));
  useEffect(() => {
    if (!leave || state.status !== 'failed') return;
    const { failure, backTo } = options;
    toastError(typeof failure === 'string' ? failure : failure(state.error));
    void navigate(backTo, { replace: true });
    // Once per failure: the words and the way back are those of that moment (a language switch does not say it again).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [leave]);
  return leave ? { status: 'loading', retry: state.retry } : state;
}
