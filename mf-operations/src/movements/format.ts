import type { MovementSource, MovementType } from '@wms/shared-api';

/** A translate function of the operations namespace (useTranslation(NS).t). */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * A movement's type in words (SPEC §4): C load, S unload, T transfer; an unload whose source is a sale reads "Sale",
 * a load from a goods receipt reads "Goods receipt".
 */
export function typeLabel(t: Translate, type: MovementType, source: MovementSource): string {
  if (type === 'S' && source === 'SO') return t('movements.types.S-SO');
  if (type === 'C' && source === 'PO') return t('movements.types.C-PO');
  // Transfers between warehouses (issue 26): both legs, and a shortfall written off from transit; count adjustments (issue 25).
  if (type === 'T' && source === 'TR') return t('movements.types.T-TR');
  if (type === 'S' && source === 'TR') return t('movements.types.S-TR');
  if (source === 'INV' && type !== 'T') return t(`movements.types.${type}-INV`);
  return t(`movements.types.${type}`);
}
