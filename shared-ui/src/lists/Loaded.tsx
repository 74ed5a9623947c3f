import { useCallback, useEffect, useState, type DependencyList, type ReactNode } from 'react';
import { ErrorState } from '../components/ErrorState';
import { isNotFound, NotFound, type NotFoundProps } from '../components/NotFound';
import { Spinner } from '../components/Spinner';

type LoadState<T> = { status: 'loading' } | { status: 'failed'; error: unknown } | { status: 'ready'; value: T };

export type Load<T> = LoadState<T> & {
  /** Loads again (a Retry). */
  retry: () => void;
};

/**
 * What a screen reads before it can show (an entity to edit, the options of its form): loaded again when `deps` change
 * or on retry. The request of a load that is no longer wanted (the deps changed, a retry, the screen left) is aborted
 * through `signal` — pass it to the API call — and its answer, if one still comes, is dropped.
 */
export function useLoad<T>(load: (signal: AbortSignal) => Promise<T>, deps: DependencyList): Load<T>;
/** Kit 1.x's signature, kept: a loader that takes no signal (its request is not aborted; its late answer is dropped). */
// TypeScript overloads, which ESLint's core no-redeclare reads as one name declared three times.
// eslint-disable-next-line no-redeclare
export function useLoad<T>(load: () => Promise<T>, deps: DependencyList): Load<T>;
// eslint-disable-next-line no-redeclare
export function useLoad<T>(load: (signal: AbortSignal) => Promise<T>, deps: DependencyList): Load<T> {
  const [state, setState] = useState<LoadState<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let alive = true;
    const controller = new AbortController();
    setState({ status: 'loading' });
    // A loader that throws before its first await (routeRecordId) fails like one whose call failed.
    new Promise<T>((resolve) => resolve(load(controller.signal))).then(
      (value) => alive && setState({ status: 'ready', value }),
      (error: unknown) => alive && setState({ status: 'failed', error }),
    );
    return () => {
      alive = false;
      controller.abort();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, retry } as Load<T>;
}

export interface LoadedProps<T> {
  load: Load<T>;
  /** The failure's words (shown with a Retry); a 404 shows `notFound` instead when given. */
  failedText: (error: unknown) => ReactNode;
  errorTestId?: string;
  notFound?: NotFoundProps;
  children: (value: T) => ReactNode;
}

/** A spinner while loading; a 404 as NotFound (no Retry that cannot work); another failure with a Retry; then the screen. */
export function Loaded<T>({ load, failedText, errorTestId, notFound, children }: LoadedProps<T>) {
  if (load.status === 'loading') return <Spinner />;
  if (load.status === 'ready') return <>{children(load.value)}</>;
  if (notFound && isNotFound(load.error)) return <NotFound {...notFound} />;
  return <ErrorState message={failedText(load.error)} onRetry={load.retry} testId={errorTestId} />;
}
