import { PartiesPage } from '../parties/PartiesPage';

/** /anagrafica/fornitori: the shared suppliers-and-customers screen (SPEC §2: identical layouts). */
export function SuppliersPage() {
  return <PartiesPage kind="suppliers" />;
}
