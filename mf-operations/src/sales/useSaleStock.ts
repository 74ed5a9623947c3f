import { useMemo } from 'react';
import { sortFefo, sumDecimals, type SaleStockRow, type SaleView } from '@wms/shared-api';
import { useLoad } from '@wms/shared-ui';
import { saleStock } from './api';

/** A batch's key in the form's select: warehouse and batch. */
export const keyOf = (r: { warehouse_id: number; batch_number: string | null }) => `${r.warehouse_id}|${r.batch_number ?? ''}`;

/**
 * The batches a sale of `productId` may take from, in the one FEFO order (shared-api sortFefo: earliest expiry, then the
 * oldest receipt, then the batch), expired ones marked by the server. The sale being edited gives its own quantity back
 * to its batch, exactly (2,2 in stock + its 1,1 is 3,3). `rows` is null while the stock is read (or without a product);
 * `productId` tells whose rows they are.
 */
export function useSaleStock(productId: number | null, editing: SaleView | null) {
  const load = useLoad(
    async (signal) => ({ productId, rows: productId ? await saleStock(productId, signal).catch(() => [] as SaleStockRow[]) : null }),
    [productId],
  );
  const loaded = load.status === 'ready' && load.value.productId === productId ? load.value.rows : null;
  const rows = useMemo(() => (loaded ? sortFefo(withOwnSale(loaded, editing, productId)) : null), [loaded, editing, productId]);
  return { rows, retry: load.retry };
}

function withOwnSale(stock: SaleStockRow[], editing: SaleView | null, productId: number | null): SaleStockRow[] {
  if (!editing || editing.product_id !== productId) return stock;
  const own = keyOf(editing);
  if (stock.some((r) => keyOf(r) === own)) {
    return stock.map((r) => (keyOf(r) === own ? { ...r, quantity: sumDecimals([r.quantity, editing.quantity]) } : r));
  }
  const { product_id, warehouse_id, warehouse_name, batch_number, quantity, unit_of_measure, expiry_date } = editing;
  return [
    ...stock,
    { product_id, warehouse_id, warehouse_name, batch_number, quantity, unit_of_measure, expiry_date, received_at: null, expired: false },
  ];
}
