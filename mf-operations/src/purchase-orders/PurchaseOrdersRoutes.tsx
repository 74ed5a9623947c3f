import { Navigate, Route, Routes } from '@wms/shared-ui/router';
import { PurchaseOrderFormPage } from './PurchaseOrderFormPage';
import { PurchaseOrderListPage } from './PurchaseOrderListPage';
import { PurchaseOrderPrintPage } from './PurchaseOrderPrintPage';
import { ORDERS_LIST } from './paths';

/** /operazioni/ordini-fornitori, /nuovo, /{id}, /{id}/stampa (SPEC §2 Purchase orders; the A4 print view). */
export function PurchaseOrdersRoutes() {
  return (
    <Routes>
      <Route index element={<PurchaseOrderListPage />} />
      <Route path="nuovo" element={<PurchaseOrderFormPage mode="new" />} />
      <Route path=":id" element={<PurchaseOrderFormPage mode="edit" />} />
      <Route path=":id/stampa" element={<PurchaseOrderPrintPage />} />
      {/* Any other address under the area (SPEC §2: an unknown path is not a blank page): its list. */}
      <Route path="*" element={<Navigate to={ORDERS_LIST} replace />} />
    </Routes>
  );
}
