import { useCallback, useState } from 'react';
import { useConfirm, type ConfirmOptions } from '../components/ConfirmDialog';
import { toastError, toastSuccess } from '../toasts/toasts';
import { giveFocusBack } from './useZodForm';

/** One action on the document a page shows, outside its form (a line marked completed, a receipt reversed, a transfer shipped). */
export interface PageAction<T> {
  /** The question asked first, when the action needs one; nothing runs unless the user confirms. */
  ask?: ConfirmOptions;
  /** The call; its result (the document as it is now) is what `act` resolves to. */
  run: () => Promise<T>;
  /** The success toast's text. */
  success: (result: T) => string;
  /** The error toast's text for a failed call (failureText, withReason…). */
  failure: (error: unknown) => string;
}

/**
 * A page's actions outside its form, one way everywhere (the page's counterpart of useRowActions): ask when asked to, run
 * with the page busy meanwhile, then the success toast — or the failure as a toast, its one place (no form shows it) —
 * and the focus back on the control that started it. `confirm` and `dialog` are the page's one confirmation dialog, for
 * its other questions too: render `dialog` once.
 */
export function useAction() {
  const { confirm, dialog } = useConfirm();
  const [busy, setBusy] = useState(false);
  const act = useCallback(
    async <T>({ ask, run, success, failure }: PageAction<T>): Promise<T | undefined> => {
      const opener = document.activeElement;
      if (ask && !(await confirm(ask))) return undefined;
      setBusy(true);
      try {
        const result = await run();
        toastSuccess(success(result));
        return result;
      } catch (err) {
        toastError(failure(err));
        return undefined;
      } finally {
        setBusy(false);
        giveFocusBack(opener);
      }
    },
    [confirm],
  );
  return { act, busy, confirm, dialog };
}
