import { act } from 'react';
import { render } from '@testing-library/react';
import { toast } from 'react-toastify';
import { setUnauthorizedHandler } from '@wms/shared-api';
import { ToastHost } from '@wms/shared-ui';
import { renderSection, signInAs } from '@wms/shared-ui/testing';
import App from '../App';
// The section's screens are lazy chunks (areas.ts): load them with this file, so a test's first wait is not spent
// compiling a whole screen under ts-jest.
import '../company/CompanyPage';
import '../customers/CustomersPage';
import '../products/ProductsRoutes';
import '../suppliers/SuppliersPage';
import '../warehouses/WarehousesRoutes';
import { BASE_PATH } from '../paths';

// A call still in flight when a test ends finds the session already cleared: jsdom cannot follow the client's default
// full-page redirect to /login (the shell replaces it with a router navigation anyway).
setUnauthorizedHandler(() => undefined);

/** The registry section at `url` as the shell mounts it, with the toast host, signed in as an admin (id 1). */
export function renderRegistry(url: string = BASE_PATH) {
  signInAs('admin', 'Ada Admin');
  render(<ToastHost />);
  return renderSection(<App />, { basePath: BASE_PATH, url });
}

/** Toasts outlive a test in react-toastify's store: clear them. */
export async function clearToasts(): Promise<void> {
  await act(async () => {
    toast.dismiss();
  });
}

/** The hooks every screen test file needs: the fake API up, a clean fake, Italian, no leftover toasts. */
export { fake, requestsOf, resetFake, server } from './server';
