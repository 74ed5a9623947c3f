import { useCallback, useState, type ReactNode } from 'react';
import type { ConfirmOptions } from '../components/ConfirmDialog';
import { useAction } from '../forms/useAction';

export interface RowAction {
  /** The question asked first; nothing runs unless the user confirms. */
  ask: ConfirmOptions;
  /** The call; resolves to the success toast's text. */
  run: () => Promise<string>;
  /** The error toast's text for a failed call (failureText, withReason…). */
  failure: (error: unknown) => string;
}

export interface RowActionsState {
  /** Asks, runs, toasts the outcome and reloads the list after a success; `id` is busy meanwhile. */
  act: (id: string | number, action: RowAction) => Promise<void>;
  /** The row whose action is running (its buttons disabled), or null. */
  busyId: string | number | null;
  /** The confirmation dialog: render it once in the page. */
  dialog: ReactNode;
}

/**
 * The row actions of a list (delete, archive…): confirm, call, toast, reload — one way on every screen, the page's
 * useAction with the row busy while its call runs.
 */
export function useRowActions(reload: () => void): RowActionsState {
  const { act: perform, dialog } = useAction();
  const [busyId, setBusyId] = useState<string | number | null>(null);
  const act = useCallback(
    async (id: string | number, { ask, run, failure }: RowAction) => {
      const call = async () => {
        setBusyId(id);
        try {
          const done = await run();
          reload();
          return done;
        } finally {
          setBusyId(null);
        }
      };
      await perform({ ask, run: call, success: (done) => done, failure });
    },
    [perform, reload],
  );
  return { act, busyId, dialog };
}
