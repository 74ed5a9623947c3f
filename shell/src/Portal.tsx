import { useEffect } from 'react';
import { RouterProvider, type createBrowserRouter } from '@wms/shared-ui/router';
import { setUnauthorizedHandler } from '@wms/shared-api/core';
import { ToastHost } from '@wms/shared-ui';

type Router = ReturnType<typeof createBrowserRouter>;

/** The shell around its router: toasts, and a 401 anywhere (shell or remote) sends the user to /login in-app. */
export function Portal({ router }: { router: Router }) {
  useEffect(() => {
    setUnauthorizedHandler(() => {
      void router.navigate('/login', { replace: true });
    });
  }, [router]);
  return (
    <>
      <ToastHost />
      <RouterProvider router={router} />
    </>
  );
}
