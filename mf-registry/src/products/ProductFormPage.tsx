import { useTranslation } from 'react-i18next';
import { ScreenPlaceholder } from '@wms/shared-ui';
import { NS } from '../paths';

/** New / edit product form: filled by the Products issue. */
export function ProductFormPage({ mode }: { mode: 'new' | 'edit' }) {
  const { t } = useTranslation(NS);
  return <ScreenPlaceholder title={t(mode === 'new' ? 'products.newTitle' : 'products.editTitle')} />;
}
