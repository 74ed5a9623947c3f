import { useTranslation } from 'react-i18next';

export interface SpinnerProps {
  /** What is loading; defaults to "Caricamento…". */
  label?: string;
}

/** Loading indicator announced politely to screen readers. */
export function Spinner({ label }: SpinnerProps) {
  const { t } = useTranslation('common');
  const text = label ?? t('state.loading');
  return (
    <div className="spinner" role="status" aria-live="polite" data-testid="spinner">
      <span className="spinner-wheel" aria-hidden="true" />
      <span className="spinner-label">{text}</span>
    </div>
  );
}
