import { useTranslation } from 'react-i18next';
import { ScreenPlaceholder } from '@wms/shared-ui';
import { NS } from '../paths';

/** New / edit movement: filled by the Stock movements issue. */
export function MovementFormPage({ mode }: { mode: 'new' | 'edit' }) {
  const { t } = useTranslation(NS);
  return <ScreenPlaceholder title={t(mode === 'new' ? 'movements.newTitle' : 'movements.editTitle')} />;
}
