import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { availableOf, batchChoices, type StockChange } from '@wms/shared-api';
import { formatQuantity, useProductStock, type BatchOptionText } from '@wms/shared-ui';
import { NS } from '../paths';

/** Goods of one product about to leave one warehouse. */
export interface LeavingStockQuery {
  productId: number;
  warehouseId: number;
  /** The batch chosen ('' while none is); null for a product without batches. */
  batch: string | null;
  /** The product's unit code: quantities are written with its label. */
  unit?: string | null;
  /** The document being corrected: the server reverses it first, so its goods count as they were before it. */
  original?: StockChange | null;
}

/**
 * The goods that may leave a warehouse — a movement's unload or transfer, a transfer's line — with one logic and one
 * wording for every screen: the batches to take from (shared-api batchChoices: FEFO, what each has, a corrected
 * document's goods counted back), what the chosen one has, the batch select's words (`select`, for the kit's BatchSelect)
 * and what to say under the quantity (`hint`: reading, unreadable, none here, or what is available). `null` asks for
 * nothing (no product or warehouse yet).
 */
export function useLeavingStock(query: LeavingStockQuery | null) {
  const { t } = useTranslation(NS);
  const stock = useProductStock(query && { productId: query.productId, warehouseId: query.warehouseId });
  const { productId, warehouseId, original = null } = query ?? {};
  const choices = useMemo(
    () => (stock.rows && productId && warehouseId ? batchChoices(stock.rows, productId, warehouseId, original) : null),
    [stock.rows, productId, warehouseId, original],
  );
  const batch = query?.batch ?? null;
  const available = choices && batch !== '' ? availableOf(choices, batch ?? '') : null;
  const hint =
    stock.status === 'loading'
      ? t('stock.reading')
      : stock.status === 'failed'
        ? t('stock.failed')
        : choices?.length === 0
          ? t('stock.none')
          : available !== null
            ? t('stock.available', { quantity: formatQuantity(available, query?.unit) })
            : undefined;
  return {
    status: stock.status,
    choices,
    available,
    hint,
    /** Reads the stock again (someone else may have taken the goods meanwhile). */
    reload: stock.reload,
    select: {
      placeholder: t('stock.chooseBatch'),
      optionText: (o: BatchOptionText) => t(o.expiry ? 'stock.batchOptionExpiry' : 'stock.batchOption', o),
    },
  };
}

export type LeavingStock = ReturnType<typeof useLeavingStock>;
