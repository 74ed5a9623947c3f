import { useTranslation } from 'react-i18next';
import { ScreenPlaceholder } from '@wms/shared-ui';
import { NS } from '../paths';

/** Warehouse list: filled by the Warehouses issue. */
export function WarehouseListPage() {
  const { t } = useTranslation(NS);
  return <ScreenPlaceholder title={t('warehouses.title')} subtitle={t('warehouses.subtitle')} />;
}
