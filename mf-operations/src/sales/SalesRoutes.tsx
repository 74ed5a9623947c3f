import { Navigate, Route, Routes } from '@wms/shared-ui/router';
import { SaleFormPage } from './SaleFormPage';
import { SaleListPage } from './SaleListPage';
import { SALES_LIST } from './paths';

/** /operazioni/vendite, /nuova, /{id} (SPEC §2 Sales): the new-sale form replaces the table. */
export function SalesRoutes() {
  return (
    <Routes>
      <Route index element={<SaleListPage />} />
      <Route path="nuova" element={<SaleFormPage />} />
      <Route path=":id" element={<SaleFormPage />} />
      {/* Any other address under the area (SPEC §2: an unknown path is not a blank page): its list. */}
      <Route path="*" element={<Navigate to={SALES_LIST} replace />} />
    </Routes>
  );
}
