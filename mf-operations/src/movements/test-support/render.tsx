import { act } from 'react';
import { render } from '@testing-library/react';
import { toast } from 'react-toastify';
import type { Role } from '@wms/shared-api';
import { ToastHost } from '@wms/shared-ui';
import { renderSection, signInAs } from '@wms/shared-ui/testing';
import App from '../../App';
// The section's screens are lazy chunks (areas.ts): load them with this file, so a test's first wait is not spent
// compiling a whole screen under ts-jest.
import '../../goods-receipt/GoodsReceiptRoutes';
import '../../movements/MovementsRoutes';
import '../../prices/PricesRoutes';
import '../../purchase-orders/PurchaseOrdersRoutes';
import '../../sales/SalesRoutes';
import { BASE_PATH } from '../../paths';

/** The operations section at `url` as the shell mounts it, with the toast host, signed in (warehouse role by default). */
export function renderOperations(url: string, role: Role = 'warehouse') {
  signInAs(role, 'Walter Magazzino');
  render(<ToastHost />);
  return renderSection(<App />, { basePath: BASE_PATH, url });
}

/** Toasts outlive a test in react-toastify's store: clear them. */
export async function clearToasts(): Promise<void> {
  await act(async () => {
    toast.dismiss();
  });
}
