import { useId, type FocusEvent, type FormEvent, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, type DialogProps } from './Dialog';

export interface FormDialogProps extends Omit<DialogProps, 'actions' | 'children' | 'onClose'> {
  /** Confirm (or Enter in a field): the form's submit, default prevented and kept from the page's form behind. */
  onSubmit: () => void;
  /** Cancel, Escape, × and the backdrop: leave without doing anything. */
  onCancel: () => void;
  /** The primary button's label (what it does: "Conferma lotti"); default "Conferma". */
  confirmLabel?: string;
  confirmTestId?: string;
  /** Shown above the form, outside it (a description, a scan box with its own Enter). */
  intro?: ReactNode;
  formRef?: RefObject<HTMLFormElement | null>;
  /** The form's blur (a field left: `useLiveForm().onBlur`). */
  onBlur?: (e: FocusEvent<HTMLFormElement>) => void;
  /** The form's fields. */
  children: ReactNode;
}

/**
 * A dialog holding a small form (the kit's Dialog: focus in, Tab kept inside, Escape, focus back to the opener), with the
 * house footer: the action first, then Cancel (kit README, "One button order"). The footer's Confirm submits the form,
 * so Enter in any field confirms too; the dialog's form never submits the page's form it is rendered from.
 */
export function FormDialog({
  onSubmit,
  onCancel,
  confirmLabel,
  confirmTestId,
  intro,
  formRef,
  onBlur,
  children,
  ...dialog
}: FormDialogProps) {
  const { t } = useTranslation('common');
  const formId = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    e.stopPropagation();
    onSubmit();
  };
  return (
    <Dialog
      {...dialog}
      onClose={onCancel}
      actions={
        <>
          <button type="submit" form={formId} className="btn btn-primary" disabled={dialog.busy} data-testid={confirmTestId}>
            {confirmLabel ?? t('actions.confirm')}
          </button>
          <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={dialog.busy}>
            {t('actions.cancel')}
          </button>
        </>
      }
    >
      {intro}
      <form id={formId} ref={formRef} noValidate onSubmit={submit} onBlur={onBlur}>
        {children}
      </form>
    </Dialog>
  );
}
