import { useTranslation } from 'react-i18next';
import { ScreenPlaceholder } from '@wms/shared-ui';
import { NS } from '../paths';

/** /report/valorizzazione: filled by the Valuation issue. */
export function ValuationPage() {
  const { t } = useTranslation(NS);
  return <ScreenPlaceholder title={t('valuation.title')} subtitle={t('valuation.subtitle')} />;
}
