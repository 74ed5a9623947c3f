// Exposed as `reports/App`: the whole Reports section, mounted by the shell at /report/*.
import { Navigate, Route, Routes } from 'react-router-dom';
import { RequirePermission } from '@wms/shared-ui';
import './i18n';
import { AREAS } from './areas';
import { ReportsHub } from './hub/ReportsHub';
import { BASE_PATH } from './paths';

export default function App() {
  return (
    <Routes>
      <Route index element={<ReportsHub />} />
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
