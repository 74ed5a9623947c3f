import { Route, Routes } from 'react-router-dom';
import { GoodsReceiptDetailPage } from './GoodsReceiptDetailPage';
import { GoodsReceiptListPage } from './GoodsReceiptListPage';
import { LabelsPage } from './LabelsPage';
import { ReceiptHistoryPage } from './ReceiptHistoryPage';
import './goods-receipt.css';

/** /operazioni/ricezione-merce, /{id}, /storico/{itemId} (SPEC §2 Goods receipt) and /etichette/{receiptId} (labels). */
export function GoodsReceiptRoutes() {
  return (
    <Routes>
      <Route index element={<GoodsReceiptListPage />} />
      <Route path="storico/:itemId" element={<ReceiptHistoryPage />} />
      <Route path="etichette/:receiptId" element={<LabelsPage />} />
      <Route path=":id" element={<GoodsReceiptDetailPage />} />
    </Routes>
  );
}
