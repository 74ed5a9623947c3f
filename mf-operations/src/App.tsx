// Exposed as `operations/App`: the whole Operations section, mounted by the shell at /operazioni/*.
import { Navigate, Route, Routes } from 'react-router-dom';
import { RequirePermission } from '@wms/shared-ui';
import './i18n';
import { AREAS } from './areas';
import { OperationsHub } from './hub/OperationsHub';
import { BASE_PATH } from './paths';

export default function App() {
  return (
    <Routes>
      <Route index element={<OperationsHub />} />
      {AREAS.map((area) => (
        <Route
          key={area.id}
          path={`${area.path}/*`}
          element={
            <RequirePermission permission={area.permission} redirectTo={BASE_PATH}>
              <area.Screen />
            </RequirePermission>
          }
        />
      ))}
      <Route path="*" element={<Navigate to={BASE_PATH} replace />} />
    </Routes>
  );
}
