// Exposed as `registry/App`: the whole Registries section, mounted by the shell at /anagrafica/*.
import { Section } from '@wms/shared-ui';
import './i18n';
import './registry.css';
import { AREAS } from './areas';
import { BASE_PATH, NS } from './paths';

export default function App() {
  return <Section basePath={BASE_PATH} ns={NS} areas={AREAS} />;
}
