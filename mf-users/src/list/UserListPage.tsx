import { useTranslation } from 'react-i18next';
import { ScreenPlaceholder } from '@wms/shared-ui';
import { NS } from '../paths';

/** /users: the user list, filled by the Users issue. */
export function UserListPage() {
  const { t } = useTranslation(NS);
  return <ScreenPlaceholder title={t('list.title')} subtitle={t('list.subtitle')} />;
}
