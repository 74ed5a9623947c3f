import { useTranslation } from 'react-i18next';
import { ScreenPlaceholder } from '@wms/shared-ui';
import { NS } from '../paths';

/** /anagrafica/fornitori: table with inline form, filled by the Suppliers and customers issue. */
export function SuppliersPage() {
  const { t } = useTranslation(NS);
  return <ScreenPlaceholder title={t('suppliers.title')} subtitle={t('suppliers.subtitle')} />;
}
