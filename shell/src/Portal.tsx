import { useEffect } from 'react';
import { RouterProvider, type createBrowserRouter } from '@wms/shared-ui/router';
import { setUnauthorizedHandler } from '@wms/shared-api/core';
import { ToastHost } from '@wms/shared-ui';
import { noteSessionEnded, type LoginState } from './auth/LoginPage';

type Router = ReturnType<typeof createBrowserRouter>;

/** The shell around its router: toasts, and a 401 anywhere (shell or remote) sends the user to /login in-app, saying why. */
export function Portal({ router }: { router: Router }) {
  useEffect(() => {
    setUnauthorizedHandler(() => {
      // The session ended under the user (expired, password changed, deactivated): /login says so and, once signed in
      // again, brings them back where they were. The guard may have opened /login already, as the session cleared: its
      // page to come back to is the one. After "Esci" (signedOut) nothing ended under the user.
      const { pathname, search, state } = router.state.location;
      const current = (state ?? {}) as LoginState;
      if (pathname === '/login' && current.signedOut) return;
      noteSessionEnded(pathname === '/login' ? current.from : pathname + search);
      if (pathname !== '/login') void router.navigate('/login', { replace: true, state: { from: pathname + search } satisfies LoginState });
    });
  }, [router]);
  return (
    <>
      <ToastHost />
      <RouterProvider router={router} />
    </>
  );
}
