import { useTranslation } from 'react-i18next';
import { NS } from '../paths';

export interface FormActionsProps {
  saving: boolean;
  onCancel: () => void;
  /** Test id of the save button, e.g. "product-save". */
  saveTestId: string;
  /** Why the last save failed, shown above the buttons (the server's text or the §8 fallback). */
  failure?: string | null;
  failureTestId?: string;
}

/** The foot of every registry form: the save failure, then Save (with its saving state) and Cancel. */
export function FormActions({ saving, onCancel, saveTestId, failure, failureTestId }: FormActionsProps) {
  const { t } = useTranslation(NS);
  return (
    <>
      {failure ? (
        <div className="alert alert-error" role="alert" data-testid={failureTestId}>
          {failure}
        </div>
      ) : null}
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={saving} aria-busy={saving || undefined} data-testid={saveTestId}>
          {t(saving ? 'shared.actions.saving' : 'shared.actions.save')}
        </button>
        <button type="button" className="btn" onClick={onCancel} disabled={saving}>
          {t('shared.actions.cancel')}
        </button>
      </div>
    </>
  );
}
