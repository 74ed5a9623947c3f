import { Route, Routes } from '@wms/shared-ui/router';
import { SaleFormPage } from './SaleFormPage';
import { SaleListPage } from './SaleListPage';

/** /operazioni/vendite, /nuova, /{id} (SPEC §2 Sales): the new-sale form replaces the table. */
export function SalesRoutes() {
  return (
    <Routes>
      <Route index element={<SaleListPage />} />
      <Route path="nuova" element={<SaleFormPage />} />
      <Route path=":id" element={<SaleFormPage />} />
    </Routes>
  );
}
