import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from './Dialog';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** 'danger' paints the confirm button red (delete, archive). */
  tone?: 'danger' | 'primary';
  /** While the confirmed action runs: buttons disabled. */
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Modal confirmation (SPEC §4: every delete asks first), on the kit's `Dialog`: focus moves to Cancel — the harmless
 * choice — and returns to where it was on close; Escape cancels; Tab stays inside the dialog. Buttons in the house order:
 * the action, then Cancel.
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel,
  tone = 'primary',
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const { t } = useTranslation('common');
  const id = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  if (!open) return null;
  return (
    <Dialog
      title={title}
      onClose={onCancel}
      busy={busy}
      initialFocus={cancelRef}
      describedBy={message ? `${id}-message` : undefined}
      data-testid="confirm-dialog"
      actions={
        <>
          <button
            type="button"
            className={`btn ${tone === 'danger' ? 'btn-danger' : 'btn-primary'}`}
            onClick={onConfirm}
            disabled={busy}
            aria-busy={busy || undefined}
            data-testid="confirm-ok"
          >
            {confirmLabel ?? t('actions.confirm')}
          </button>
          <button ref={cancelRef} type="button" className="btn" onClick={onCancel} disabled={busy} data-testid="confirm-cancel">
            {cancelLabel ?? t('actions.cancel')}
          </button>
        </>
      }
    >
      {message ? (
        <div className="dialog-message" id={`${id}-message`}>
          {message}
        </div>
      ) : null}
    </Dialog>
  );
}

export type ConfirmOptions = Omit<ConfirmDialogProps, 'open' | 'onConfirm' | 'onCancel' | 'busy'>;

/**
 * Promise-based confirmation: `if (await confirm({ title, message, tone: 'danger' })) remove()`.
 * Render the returned `dialog` once in the component.
 */
export function useConfirm(): { confirm: (options: ConfirmOptions) => Promise<boolean>; dialog: ReactNode } {
  const [pending, setPending] = useState<{ options: ConfirmOptions; resolve: (ok: boolean) => void } | null>(null);

  // A dialog left open when the component goes away answers "no", so no caller waits for ever.
  useEffect(() => () => pending?.resolve(false), [pending]);

  const confirm = useCallback(
    (options: ConfirmOptions) =>
      new Promise<boolean>((resolve) => {
        setPending({ options, resolve });
      }),
    [],
  );

  const settle = (ok: boolean) => {
    pending?.resolve(ok);
    setPending(null);
  };

  const dialog = pending ? <ConfirmDialog open {...pending.options} onConfirm={() => settle(true)} onCancel={() => settle(false)} /> : null;
  return { confirm, dialog };
}
