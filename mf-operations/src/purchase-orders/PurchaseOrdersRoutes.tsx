import { Route, Routes } from 'react-router-dom';
import { PurchaseOrderFormPage } from './PurchaseOrderFormPage';
import { PurchaseOrderListPage } from './PurchaseOrderListPage';

/** /operazioni/ordini-fornitori, /nuovo, /{id} (SPEC §2 Purchase orders). */
export function PurchaseOrdersRoutes() {
  return (
    <Routes>
      <Route index element={<PurchaseOrderListPage />} />
      <Route path="nuovo" element={<PurchaseOrderFormPage mode="new" />} />
      <Route path=":id" element={<PurchaseOrderFormPage mode="edit" />} />
    </Routes>
  );
}
