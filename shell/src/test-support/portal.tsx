import { render, type RenderResult } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { forgetAllRemoteApps } from '../federation/remote-apps';
import { resetRemoteDiscovery } from '../federation/remotes';
import { Portal } from '../Portal';
import { routes } from '../routes';

export interface RenderedPortal extends RenderResult {
  /** The router's current path (where a guard or a link led). */
  path: () => string;
  /** The memory router itself (its location's state, for guards that hand one). */
  router: ReturnType<typeof createMemoryRouter>;
}

/** The whole shell at `url`, with the real routes and guards, in memory. */
export function renderPortal(url = '/'): RenderedPortal {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const result = render(<Portal router={router} />);
  return { ...result, router, path: () => router.state.location.pathname };
}

/** Forget remotes loaded by an earlier test. */
export function resetFederation(): void {
  resetRemoteDiscovery();
  forgetAllRemoteApps();
}
