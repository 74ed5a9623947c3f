// Exposed as `operations/App`: the whole Operations section, mounted by the shell at /operazioni/*.
import { Section } from '@wms/shared-ui';
import './i18n';
import { AREAS } from './areas';
import { BASE_PATH, NS } from './paths';

export default function App() {
  return <Section basePath={BASE_PATH} ns={NS} areas={AREAS} />;
}
