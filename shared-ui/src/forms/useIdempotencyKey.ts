import { useMemo, useRef } from 'react';
import { newIdempotencyKey } from '@wms/shared-api/core';

/** The key of the action under way (`key()`), and the end of that action (`done()`). */
export interface IdempotencyKey {
  /** The action's key: made on its first try, the same for every try until `done()`. */
  key: () => string;
  /** The action succeeded: the next one gets a new key. */
  done: () => void;
}

/**
 * The one way a screen keeps its Idempotency-Key (the server's exactly-once writes: receipts, sales, transfers, counts,
 * draft orders). Every try of one action — a double click, a retry after a timeout, a save again after a refusal — sends
 * the same key, so the server does it at most once: a refused write rolls back with its key, and a write that went through
 * while its answer was lost is replayed (or, if what is sent changed meanwhile, refused as a reused key rather than done
 * twice). After a success, `done()` makes the next action a new one (a screen that leaves after saving need not call it).
 */
export function useIdempotencyKey(): IdempotencyKey {
  const current = useRef<string | null>(null);
  return useMemo(
    () => ({
      key: () => (current.current ??= newIdempotencyKey()),
      done: () => {
        current.current = null;
      },
    }),
    [],
  );
}
