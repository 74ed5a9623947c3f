// Exposed as `reports/App`: the whole Reports section, mounted by the shell at /report/*.
import { Section } from '@wms/shared-ui';
import './i18n';
import { AREAS } from './areas';
import { BASE_PATH, NS } from './paths';

export default function App() {
  // SPEC §3: a stored user without a role counts as admin on the reports hub.
  return <Section basePath={BASE_PATH} ns={NS} areas={AREAS} roleWhenMissing="admin" />;
}
