import { useCallback, useState, type ReactNode } from 'react';
import { useConfirm, type ConfirmOptions } from '../components/ConfirmDialog';
import { toastError, toastSuccess } from '../toasts/toasts';

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

/** The row actions of a list (delete, archive…): confirm, call, toast, reload — one way on every screen. */
export function useRowActions(reload: () => void): RowActionsState {
  const { confirm, dialog } = useConfirm();
  const [busyId, setBusyId] = useState<string | number | null>(null);
  const act = useCallback(
    async (id: string | number, { ask, run, failure }: RowAction) => {
      if (!(await confirm(ask))) return;
      setBusyId(id);
      try {
        toastSuccess(await run());
        reload();
      } catch (err) {
        toastError(failure(err));
      } finally {
        setBusyId(null);
      }
    },
    [confirm, reload],
  );
  return { act, busyId, dialog };
}
