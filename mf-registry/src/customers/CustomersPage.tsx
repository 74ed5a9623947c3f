import { PartiesPage } from '../parties/PartiesPage';

/** /anagrafica/clienti: the shared suppliers-and-customers screen (SPEC §2: identical layouts). */
export function CustomersPage() {
  return <PartiesPage kind="customers" />;
}
