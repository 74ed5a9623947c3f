import { Route, Routes } from '@wms/shared-ui/router';
import { MovementFormPage } from './MovementFormPage';
import { MovementListPage } from './MovementListPage';

/** /operazioni/movimenti, /nuovo, /{id} (SPEC §2 Stock movements). */
export function MovementsRoutes() {
  return (
    <Routes>
      <Route index element={<MovementListPage />} />
      <Route path="nuovo" element={<MovementFormPage mode="new" />} />
      <Route path=":id" element={<MovementFormPage mode="edit" />} />
    </Routes>
  );
}
