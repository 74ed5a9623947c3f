// Exposed as `users/App`: the whole Users section, mounted by the shell at /users/* (the shell checks the
// `users` permission before mounting it).
import { Navigate, Route, Routes } from 'react-router-dom';
import './i18n';
import { UserFormPage } from './form/UserFormPage';
import { UserListPage } from './list/UserListPage';
import { BASE_PATH } from './paths';

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
