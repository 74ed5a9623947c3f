import { useTranslation } from 'react-i18next';
import { PageHeader } from './PageHeader';

export interface ScreenPlaceholderProps {
  title: string;
  subtitle?: string;
}

/** A screen whose content a later issue fills: its real title, and an "in preparazione" note. */
export function ScreenPlaceholder({ title, subtitle }: ScreenPlaceholderProps) {
  const { t } = useTranslation('common');
  return (
    <section className="screen" data-testid="screen-placeholder">
      <PageHeader title={title} subtitle={subtitle} />
      <div className="placeholder-note" role="note">
        <strong>{t('state.comingSoon')}</strong>
        <span>{t('state.comingSoonText')}</span>
      </div>
    </section>
  );
}
