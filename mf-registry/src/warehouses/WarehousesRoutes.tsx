import { Route, Routes } from '@wms/shared-ui/router';
import { WarehouseFormPage } from './WarehouseFormPage';
import { WarehouseListPage } from './WarehouseListPage';

/** /anagrafica/magazzini, /nuovo, /{id} (SPEC §2 Warehouses). */
export function WarehousesRoutes() {
  return (
    <Routes>
      <Route index element={<WarehouseListPage />} />
      <Route path="nuovo" element={<WarehouseFormPage mode="new" />} />
      <Route path=":id" element={<WarehouseFormPage mode="edit" />} />
    </Routes>
  );
}
