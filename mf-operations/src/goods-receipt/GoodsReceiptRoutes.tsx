import { Route, Routes } from 'react-router-dom';
import { GoodsReceiptDetailPage } from './GoodsReceiptDetailPage';
import { GoodsReceiptListPage } from './GoodsReceiptListPage';
import { ReceiptHistoryPage } from './ReceiptHistoryPage';

/** /operazioni/ricezione-merce, /{id}, /storico/{itemId} (SPEC §2 Goods receipt). */
export function GoodsReceiptRoutes() {
  return (
    <Routes>
      <Route index element={<GoodsReceiptListPage />} />
      <Route path="storico/:itemId" element={<ReceiptHistoryPage />} />
      <Route path=":id" element={<GoodsReceiptDetailPage />} />
    </Routes>
  );
}
