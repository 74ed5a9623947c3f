import { useTranslation } from 'react-i18next';
import { EXPIRING_SOON_DAYS, daysToExpiry, expiryState } from '@wms/shared-api/core';
import type { Warehouse } from '@wms/shared-api';
import { Badge, formatCount } from '@wms/shared-ui';
import { NS } from '../paths';

/**
 * "Expired" / "expiring within `soonDays`" badge of a batch (the one shared batch-expiry rule; the reports' 30 days, or the
 * window the report was opened with); nothing otherwise.
 */
export function ExpiryMarker({ expiry, soonDays = EXPIRING_SOON_DAYS }: { expiry: string | null | undefined; soonDays?: number }) {
  const { t } = useTranslation(NS);
  const state = expiryState(expiry, new Date(), soonDays);
  if (state === 'expired') return <Badge tone="danger">{t('stockLevels.marker.expired')}</Badge>;
  if (state === 'expiring') return <Badge tone="warning">{t('stockLevels.marker.expiring', { days: daysToExpiry(expiry) })}</Badge>;
  return null;
}

/**
 * The warehouse filter's options of a report: every warehouse, an inactive one too (it may still hold stock, and its
 * past is valued), marked as the kit's pickers mark it ("Nord (inattivo)").
 */
export function useWarehouseOptions(warehouses: readonly Warehouse[] | null): { value: string; label: string }[] {
  const { t } = useTranslation(NS);
  return (warehouses ?? []).map((w) => ({
    value: String(w.id),
    label: w.is_active === false ? t('common:picker.inactiveWarehouse', { name: w.name }) : w.name,
  }));
}

/** Previous / next over a server-paged list. `ns` names the screen whose wording it uses. */
export function Pager({
  total,
  offset,
  pageSize,
  onChange,
  ns,
}: {
  total: number;
  offset: number;
  pageSize: number;
  onChange: (offset: number) => void;
  ns: string;
}) {
  const { t } = useTranslation(NS);
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.floor(offset / pageSize) + 1;
  if (pages <= 1) return null;
  const pageOf = t(`${ns}.pageOf`, { page: formatCount(page), pages: formatCount(pages) });
  return (
    <nav className="pager no-print" aria-label={pageOf}>
      <button type="button" className="btn" disabled={page <= 1} onClick={() => onChange(Math.max(0, offset - pageSize))}>
        {t(`${ns}.previous`)}
      </button>
      <span data-testid="page-of">{pageOf}</span>
      <button type="button" className="btn" disabled={page >= pages} onClick={() => onChange(offset + pageSize)}>
        {t(`${ns}.next`)}
      </button>
    </nav>
  );
}
