import { Route, Routes } from '@wms/shared-ui/router';
import { PriceFormPage } from './PriceFormPage';
import { PriceListPage } from './PriceListPage';

/** /operazioni/prezzi, /nuovo, /{id} (SPEC §2 Prices). */
export function PricesRoutes() {
  return (
    <Routes>
      <Route index element={<PriceListPage />} />
      <Route path="nuovo" element={<PriceFormPage mode="new" />} />
      <Route path=":id" element={<PriceFormPage mode="edit" />} />
    </Routes>
  );
}
