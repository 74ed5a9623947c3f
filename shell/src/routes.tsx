import { Navigate, type RouteObject } from '@wms/shared-ui/router';
import { LoginPage } from './auth/LoginPage';
import { RequireAuth } from './auth/RequireAuth';
import { RequireSection } from './auth/RequireSection';
import { RemoteSection } from './federation/RemoteSection';
import { HomePage } from './home/HomePage';
import { Layout } from './layout/Layout';
import { RouteError } from './layout/RouteError';
import { SECTIONS } from './sections';

/**
 * The portal's routes (SPEC §2). Each section is `<base>/*`: the remote renders its own relative routes below it.
 * Guards: no session → /login; section not permitted → / with a message naming it; unknown path → /.
 */
export const routes: RouteObject[] = [
  { path: '/login', element: <LoginPage />, errorElement: <RouteError /> },
  {
    path: '/',
    element: (
      <RequireAuth>
        <Layout />
      </RequireAuth>
    ),
    errorElement: <RouteError />,
    children: [
      { index: true, element: <HomePage /> },
      ...SECTIONS.map((s): RouteObject => ({
        path: `${s.path.slice(1)}/*`,
        element: (
          <RequireSection section={s}>
            {/* keyed: the router reuses the element between sections; each remote needs its own state */}
            <RemoteSection key={s.remote} remote={s.remote} />
          </RequireSection>
        ),
      })),
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];
