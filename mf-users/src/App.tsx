// Exposed as `users/App`: the whole Users section, mounted by the shell at /users/* (the shell checks the
// `users` permission before mounting it).
import { lazy } from 'react';
import { Navigate, Route, Routes } from '@wms/shared-ui/router';
import './i18n';
import { UserListPage } from './list/UserListPage';
import { BASE_PATH } from './paths';

// The form (zod schema) is its own chunk: the list, this section's first screen, loads no zod (issue 12).
const UserFormPage = lazy(() => import('./form/UserFormPage').then((m) => ({ default: m.UserFormPage })));

export default function App() {
  return (
    <Routes>
      <Route index element={<UserListPage />} />
      <Route path="nuovo" element={<UserFormPage mode="new" />} />
      <Route path=":id" element={<UserFormPage mode="edit" />} />
      <Route path="*" element={<Navigate to={BASE_PATH} replace />} />
    </Routes>
  );
}
