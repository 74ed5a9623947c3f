import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface FormActionsProps {
  saving: boolean;
  onCancel: () => void;
  /** Test id of the save button, e.g. "product-save". */
  saveTestId?: string;
  /** Why the last save failed (the server's text or the screen's fallback, see `failureText`), shown above the buttons. */
  failure?: string | null;
  failureTestId?: string;
  cancelTestId?: string;
  /** Label of the primary button (default "Save"). */
  saveLabel?: string;
  /** Save cannot be pressed yet (e.g. a sale without customer, or above availability: SPEC §5). */
  saveDisabled?: boolean;
  /** Further buttons, after Cancel (e.g. a secondary action of the screen). */
  children?: ReactNode;
}

/**
 * The foot of every form, the same everywhere: the save failure, then the primary Save (with its saving state), then
 * Cancel. A required-fields note precedes them.
 */
export function FormActions({
  saving,
  onCancel,
  saveTestId,
  cancelTestId,
  failure,
  failureTestId,
  saveLabel,
  saveDisabled,
  children,
}: FormActionsProps) {
  const { t } = useTranslation('common');
  return (
    <>
      {failure ? (
        <div className="alert alert-error" role="alert" data-testid={failureTestId}>
          {failure}
        </div>
      ) : null}
      <div className="form-actions">
        <button
          type="submit"
          className="btn btn-primary"
          disabled={saving || saveDisabled}
          aria-busy={saving || undefined}
          data-testid={saveTestId}
        >
          {saving ? t('form.saving') : (saveLabel ?? t('form.save'))}
        </button>
        <button type="button" className="btn" onClick={onCancel} disabled={saving} data-testid={cancelTestId}>
          {t('actions.cancel')}
        </button>
        {children}
      </div>
    </>
  );
}

/** "Fields marked * are required", once per form. */
export function RequiredNote() {
  const { t } = useTranslation('common');
  return <p className="form-note">{t('form.requiredNote')}</p>;
}
