import { Navigate, Route, Routes } from '@wms/shared-ui/router';
import { TransferDetailPage } from './TransferDetailPage';
import { TransferFormPage } from './TransferFormPage';
import { TransferListPage } from './TransferListPage';
import { TransferPrintPage } from './TransferPrintPage';
import { TransferReceivePage } from './TransferReceivePage';
import { TRANSFERS_URL } from './status';

/**
 * /operazioni/trasferimenti (issue 26): the list, /nuovo, /{id} (the transfer: ship, cancel, reverse), /{id}/modifica (a
 * draft), /{id}/ricevi (receive, per line with reasons), /{id}/stampa (the transport note, A4).
 */
export function StockTransferRoutes() {
  return (
    <Routes>
      <Route index element={<TransferListPage />} />
      <Route path="nuovo" element={<TransferFormPage />} />
      <Route path=":id" element={<TransferDetailPage />} />
      <Route path=":id/modifica" element={<TransferFormPage />} />
      <Route path=":id/ricevi" element={<TransferReceivePage />} />
      <Route path=":id/stampa" element={<TransferPrintPage />} />
      {/* Any other address under the area (SPEC §2: an unknown path is not a blank page): its list. */}
      <Route path="*" element={<Navigate to={TRANSFERS_URL} replace />} />
    </Routes>
  );
}
