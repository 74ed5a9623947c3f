import { Navigate, Route, Routes } from '@wms/shared-ui/router';
import { MovementFormPage } from './MovementFormPage';
import { MovementListPage } from './MovementListPage';
import { LIST_PATH } from './paths';

/** /operazioni/movimenti, /nuovo, /{id} (SPEC §2 Stock movements). */
export function MovementsRoutes() {
  return (
    <Routes>
      <Route index element={<MovementListPage />} />
      <Route path="nuovo" element={<MovementFormPage mode="new" />} />
      <Route path=":id" element={<MovementFormPage mode="edit" />} />
      {/* Any other address under the area (SPEC §2: an unknown path is not a blank page): its list. */}
      <Route path="*" element={<Navigate to={LIST_PATH} replace />} />
    </Routes>
  );
}
