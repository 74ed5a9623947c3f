import { useTranslation } from 'react-i18next';
import type { InventoryCountStatus, InventoryCountSummary } from '@wms/shared-api';
import { Badge, formatDateTime } from '@wms/shared-ui';
import { NS } from '../paths';

const TONE = { open: 'warning', applied: 'success', cancelled: 'neutral' } as const;

export function StatusBadge({ status }: { status: InventoryCountStatus }) {
  const { t } = useTranslation(NS);
  return <Badge tone={TONE[status]}>{t(`inventory.status.${status}`)}</Badge>;
}

/** "Tutto il magazzino" / "Famiglia Viti" / "Elenco di prodotti". */
export function useScopeText(): (c: Pick<InventoryCountSummary, 'scope' | 'family'>) => string {
  const { t } = useTranslation(NS);
  return (c) => t(`inventory.scope.${c.scope}`, { family: c.family ?? '' });
}

/** The snapshot's instant as people read it: dd/MM/yyyy HH:mm (local time). */
export function snapshotText(c: Pick<InventoryCountSummary, 'snapshot_at'>): string {
  return formatDateTime(c.snapshot_at);
}
