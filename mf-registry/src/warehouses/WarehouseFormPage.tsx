import { useTranslation } from 'react-i18next';
import { ScreenPlaceholder } from '@wms/shared-ui';
import { NS } from '../paths';

/** New / edit warehouse form: filled by the Warehouses issue. */
export function WarehouseFormPage({ mode }: { mode: 'new' | 'edit' }) {
  const { t } = useTranslation(NS);
  return <ScreenPlaceholder title={t(mode === 'new' ? 'warehouses.newTitle' : 'warehouses.editTitle')} />;
}
