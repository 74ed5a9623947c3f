import type { ReactNode } from 'react';
import { Link } from '@wms/shared-ui/router';

export interface PrintToolbarProps {
  /** Where "back" goes (the document's page: the order, the transfer…), built from the remote's BASE_PATH. */
  backTo: string;
  backLabel: string;
  /** The primary button's words ("Stampa" / "Imprimer"): it opens the browser's print. */
  printLabel: string;
  /** Further buttons between Print and Back (e.g. "Scarica PDF"). */
  children?: ReactNode;
  printTestId?: string;
}

/**
 * The bar above every printable document (an order to a supplier, a transport note, labels): Print first (the primary
 * action, the house order), then any others, then the way back. It is never printed (`print-toolbar`: hidden on paper).
 */
export function PrintToolbar({ backTo, backLabel, printLabel, children, printTestId = 'print-button' }: PrintToolbarProps) {
  return (
    <div className="print-toolbar no-print" role="toolbar" aria-label={printLabel}>
      <button type="button" className="btn btn-primary" onClick={() => window.print()} data-testid={printTestId}>
        {printLabel}
      </button>
      {children}
      <Link className="btn" to={backTo}>
        {backLabel}
      </Link>
    </div>
  );
}
