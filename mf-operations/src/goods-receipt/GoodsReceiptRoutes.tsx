import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from '@wms/shared-ui/router';
import { Spinner } from '@wms/shared-ui';
import { GoodsReceiptDetailPage } from './GoodsReceiptDetailPage';
import { GoodsReceiptListPage } from './GoodsReceiptListPage';
import { ReceiptHistoryPage } from './ReceiptHistoryPage';
import './goods-receipt.css';
import { RECEIPT_LIST_URL } from './paths';

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
      {/* Any other address under the area (SPEC §2: an unknown path is not a blank page): its list. */}
      <Route path="*" element={<Navigate to={RECEIPT_LIST_URL} replace />} />
    </Routes>
  );
}
