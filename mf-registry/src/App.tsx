// Exposed as `registry/App`: the whole Registries section, mounted by the shell at /anagrafica/*.
import { Navigate, Route, Routes } from 'react-router-dom';
import { RequirePermission } from '@wms/shared-ui';
import './i18n';
import './registry.css';
import { AREAS } from './areas';
import { RegistryHub } from './hub/RegistryHub';
import { BASE_PATH } from './paths';

export default function App() {
  return (
    <Routes>
      <Route index element={<RegistryHub />} />
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
