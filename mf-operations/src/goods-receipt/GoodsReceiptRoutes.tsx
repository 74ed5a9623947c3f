import { lazy, Suspense } from 'react';
import { Route, Routes } from '@wms/shared-ui/router';
import { Spinner } from '@wms/shared-ui';
import { GoodsReceiptDetailPage } from './GoodsReceiptDetailPage';
import { GoodsReceiptListPage } from './GoodsReceiptListPage';
import { ReceiptHistoryPage } from './ReceiptHistoryPage';
import './goods-receipt.css';

// The labels page draws barcodes with bwip-js (the largest library of the section): loaded only when labels are printed,
// so the operations section's first screen stays within its page-weight budget.
const LabelsPage = lazy(() => import('./LabelsPage').then((m) => ({ default: m.LabelsPage })));

/** /operazioni/ricezione-merce, /{id}, /storico/{itemId} (SPEC §2 Goods receipt) and /etichette/{receiptId} (labels). */
export function GoodsReceiptRoutes() {
  return (
    <Routes>
      <Route index element={<GoodsReceiptListPage />} />
      <Route path="storico/:itemId" element={<ReceiptHistoryPage />} />
      <Route
        path="etichette/:receiptId"
        element={
          <Suspense fallback={<Spinner />}>
            <LabelsPage />
          </Suspense>
        }
      />
      <Route path=":id" element={<GoodsReceiptDetailPage />} />
    </Routes>
  );
}
