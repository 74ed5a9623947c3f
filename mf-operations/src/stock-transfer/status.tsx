import { useTranslation } from 'react-i18next';
import type { TransferStatus } from '@wms/shared-api';
import { Badge, type BadgeTone } from '@wms/shared-ui';
import { BASE_PATH, NS } from '../paths';

/** Links of the transfer screens, from the remote's base path (never hard-coded). */
export const TRANSFERS_URL = `${BASE_PATH}/trasferimenti`;

const TONE: Record<TransferStatus, BadgeTone> = {
  draft: 'neutral',
  in_transit: 'warning',
  received: 'success',
  partially_received: 'warning',
  cancelled: 'neutral',
  reversed: 'danger',
};

export function TransferStatusBadge({ status }: { status: TransferStatus }) {
  const { t } = useTranslation(NS);
  return <Badge tone={TONE[status]}>{t(`stockTransfer.status.${status}`)}</Badge>;
}
