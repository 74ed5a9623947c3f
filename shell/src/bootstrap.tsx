import '@wms/shared-ui/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from '@wms/shared-ui/router';
import { discoverRemotes } from './federation/remotes';
import { Portal } from './Portal';
import { routes } from './routes';

// Read /remotes.json now, without holding up the first paint; a section that needs a remote waits for this, checks the
// remote's manifest and registers it, and a failure is shown (with Retry) only inside that section.
discoverRemotes().catch(() => undefined);

const router = createBrowserRouter(routes);
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');
createRoot(container).render(
  <StrictMode>
    <Portal router={router} />
  </StrictMode>,
);
