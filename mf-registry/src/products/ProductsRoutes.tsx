import { Route, Routes } from '@wms/shared-ui/router';
import { ProductFormPage } from './ProductFormPage';
import { ProductListPage } from './ProductListPage';

/** /anagrafica/prodotti, /nuovo, /{id} (SPEC §2 Products). */
export function ProductsRoutes() {
  return (
    <Routes>
      <Route index element={<ProductListPage />} />
      <Route path="nuovo" element={<ProductFormPage mode="new" />} />
      <Route path=":id" element={<ProductFormPage mode="edit" />} />
    </Routes>
  );
}
