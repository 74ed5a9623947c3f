import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TransferStatus } from '@wms/shared-api';
import { Badge, failureText, Loaded, type BadgeTone, type Load } from '@wms/shared-ui';
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

/** A discarded draft or a reversed shipment: no goods travel with it, so its transport note is not valid. */
export const isVoidTransfer = (status: TransferStatus) => status === 'cancelled' || status === 'reversed';

/** The transport note is offered once the goods left, and never for a void transfer (the print page marks it void). */
export const offersTransportNote = (status: TransferStatus) => status !== 'draft' && !isVoidTransfer(status);

export function TransferStatusBadge({ status }: { status: TransferStatus }) {
  const { t } = useTranslation(NS);
  return <Badge tone={TONE[status]}>{t(`stockTransfer.status.${status}`)}</Badge>;
}

/** What a transfer page read first (the kit's useLoad), shown with the transfer screens' words for a failure or a 404. */
export function LoadedTransfer<T>({ load, children }: { load: Load<T>; children: (value: T) => ReactNode }) {
  const { t } = useTranslation(NS);
  return (
    <Loaded
      load={load}
      failedText={(e) => failureText(e, `${NS}:stockTransfer.feedback.fetchFailed`)}
      notFound={{ title: t('stockTransfer.feedback.notFound'), backTo: TRANSFERS_URL, backLabel: t('stockTransfer.title') }}
    >
      {children}
    </Loaded>
  );
}
