import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ErrorStateProps {
  /** What went wrong, in the user's language. */
  message: ReactNode;
  title?: string;
  /** When given, a Retry button calls it. */
  onRetry?: () => void;
  retryLabel?: string;
  testId?: string;
}

/** A failure shown in place of content, with an optional Retry. */
export function ErrorState({ message, title, onRetry, retryLabel, testId = 'error-state' }: ErrorStateProps) {
  const { t } = useTranslation('common');
  return (
    <div className="error-state" role="alert" data-testid={testId}>
      {title ? <h2 className="error-state-title">{title}</h2> : null}
      <p className="error-state-message">{message}</p>
      {onRetry ? (
        <button type="button" className="btn btn-primary" onClick={onRetry} data-testid={`${testId}-retry`}>
          {retryLabel ?? t('actions.retry')}
        </button>
      ) : null}
    </div>
  );
}
