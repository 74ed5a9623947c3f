import { useTranslation } from 'react-i18next';
import { ScreenPlaceholder } from '@wms/shared-ui';
import { NS } from '../paths';

/** /users/nuovo and /users/{id}: form and activity log, filled by the Users issue. */
export function UserFormPage({ mode }: { mode: 'new' | 'edit' }) {
  const { t } = useTranslation(NS);
  return <ScreenPlaceholder title={t(mode === 'new' ? 'form.newTitle' : 'form.editTitle')} subtitle={t('form.subtitle')} />;
}
