import { Navigate, Route, Routes } from '@wms/shared-ui/router';
import { WarehouseFormPage } from './WarehouseFormPage';
import { WarehouseListPage } from './WarehouseListPage';
import { WAREHOUSES_URL } from './paths';

/** /anagrafica/magazzini, /nuovo, /{id} (SPEC §2 Warehouses). */
export function WarehousesRoutes() {
  return (
    <Routes>
      <Route index element={<WarehouseListPage />} />
      <Route path="nuovo" element={<WarehouseFormPage mode="new" />} />
      <Route path=":id" element={<WarehouseFormPage mode="edit" />} />
      {/* Any other address under the area (SPEC §2: an unknown path is not a blank page): its list. */}
      <Route path="*" element={<Navigate to={WAREHOUSES_URL} replace />} />
    </Routes>
  );
}
