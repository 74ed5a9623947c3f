import { Navigate, Route, Routes } from '@wms/shared-ui/router';
import { ProductFormPage } from './ProductFormPage';
import { ProductListPage } from './ProductListPage';
import { PRODUCTS_URL } from './paths';

/** /anagrafica/prodotti, /nuovo, /{id} (SPEC §2 Products). */
export function ProductsRoutes() {
  return (
    <Routes>
      <Route index element={<ProductListPage />} />
      <Route path="nuovo" element={<ProductFormPage mode="new" />} />
      <Route path=":id" element={<ProductFormPage mode="edit" />} />
      {/* Any other address under the area (SPEC §2: an unknown path is not a blank page): its list. */}
      <Route path="*" element={<Navigate to={PRODUCTS_URL} replace />} />
    </Routes>
  );
}
