import { useTranslation } from 'react-i18next';
import { ScreenPlaceholder } from '@wms/shared-ui';
import { NS } from '../paths';

/** /anagrafica/clienti: table with inline form, filled by the Suppliers and customers issue. */
export function CustomersPage() {
  const { t } = useTranslation(NS);
  return <ScreenPlaceholder title={t('customers.title')} subtitle={t('customers.subtitle')} />;
}
