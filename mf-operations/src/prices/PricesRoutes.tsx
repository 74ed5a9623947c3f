import { Navigate, Route, Routes } from '@wms/shared-ui/router';
import { PriceFormPage } from './PriceFormPage';
import { PriceListPage } from './PriceListPage';
import { PRICES_LIST } from './paths';

/** /operazioni/prezzi, /nuovo, /{id} (SPEC §2 Prices). */
export function PricesRoutes() {
  return (
    <Routes>
      <Route index element={<PriceListPage />} />
      <Route path="nuovo" element={<PriceFormPage mode="new" />} />
      <Route path=":id" element={<PriceFormPage mode="edit" />} />
      {/* Any other address under the area (SPEC §2: an unknown path is not a blank page): its list. */}
      <Route path="*" element={<Navigate to={PRICES_LIST} replace />} />
    </Routes>
  );
}
