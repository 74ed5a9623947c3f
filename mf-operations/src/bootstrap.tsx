// Standalone development page (npm run dev -w @wms/mf-operations → http://localhost:3002). In the portal the shell
// loads ./App directly and this file is not used.
import '@wms/shared-ui/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { StandaloneRemote } from '@wms/shared-ui';
import App from './App';
import { BASE_PATH } from './paths';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');
createRoot(container).render(
  <StrictMode>
    <StandaloneRemote basePath={BASE_PATH} name="Operazioni">
      <App />
    </StandaloneRemote>
  </StrictMode>,
);
