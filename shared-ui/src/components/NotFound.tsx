import { useTranslation } from 'react-i18next';
import { Link } from '@wms/shared-ui/router';

export interface NotFoundProps {
  /** Where "back" leads (the entity's list). */
  backTo: string;
  /** What is missing, e.g. "Prodotto non trovato" (default: a generic "Not found"). */
  title?: string;
  backLabel?: string;
}

/** A record that does not exist (404): says so and offers the way back — no Retry that cannot work. */
export function NotFound({ backTo, title, backLabel }: NotFoundProps) {
  const { t } = useTranslation('common');
  return (
    <div className="not-found" role="alert" data-testid="not-found">
      <h2>{title ?? t('notFound.title')}</h2>
      <p>{t('notFound.text')}</p>
      <Link className="btn" to={backTo}>
        {backLabel ?? t('notFound.back')}
      </Link>
    </div>
  );
}

/** True when a failed call was a 404 (the record is not there), as opposed to a network or server failure. */
export function isNotFound(error: unknown): boolean {
  return (error as { response?: { status?: number } } | null)?.response?.status === 404;
}
