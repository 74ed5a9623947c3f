import { useTranslation } from 'react-i18next';
import { ScreenPlaceholder } from '@wms/shared-ui';
import { NS } from '../paths';

/** New / edit price: filled by the Prices issue. */
export function PriceFormPage({ mode }: { mode: 'new' | 'edit' }) {
  const { t } = useTranslation(NS);
  return <ScreenPlaceholder title={t(mode === 'new' ? 'prices.newTitle' : 'prices.editTitle')} />;
}
