import { act } from 'react';
import { configure, render } from '@testing-library/react';
import { toast } from 'react-toastify';
import { ToastHost } from '@wms/shared-ui';
import { renderSection, signInAs } from '@wms/shared-ui/testing';
import App from '../App';
import { BASE_PATH } from '../paths';

// A loaded machine (the whole suite in parallel) can take more than the default second to answer a find*.
configure({ asyncUtilTimeout: 5000 });

/** The users section at `url` as the shell mounts it, with the toast host, signed in as an admin (id 1) or `role`. */
export function renderUsers(url: string = BASE_PATH, role: Parameters<typeof signInAs>[0] = 'admin') {
  signInAs(role, role === 'admin' ? 'Ada Admin' : 'Test User');
  render(<ToastHost />);
  return renderSection(<App />, { basePath: BASE_PATH, url });
}

/** Toasts outlive a test in react-toastify's store: clear them. */
export async function clearToasts(): Promise<void> {
  await act(async () => {
    toast.dismiss();
  });
}
