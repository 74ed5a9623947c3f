import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

export const REMOTES_JSON = {
  registry: '/mf/registry/mf-manifest.json',
  operations: '/mf/operations/mf-manifest.json',
  reports: '/mf/reports/mf-manifest.json',
  users: '/mf/users/mf-manifest.json',
};

export const logoutCalls: string[] = [];

/** GET /api/dashboard for a role that sees no card and no chart. */
export const EMPTY_DASHBOARD = {
  today: '2026-11-25',
  cards: {
    expiring_batches: null,
    expired_batches: null,
    below_minimum: null,
    late_orders: null,
    arriving_this_week: null,
    transfers_in_transit: null,
    open_counts: null,
  },
  chart: null,
};

/** A remote's mf-manifest.json that fits the provided versions of federation-mock (PROVIDED). */
export function manifest(requiredUi = '^1.0.0') {
  return {
    name: 'remote',
    metaData: { buildInfo: { buildVersion: '1.0.0', buildName: '@wms/mf-remote' } },
    shared: [
      { name: '@wms/shared-ui', version: '1.0.0', requiredVersion: requiredUi, singleton: true },
      { name: '@wms/shared-api/core', version: '1.0.0', requiredVersion: '^1.0.0' },
      { name: 'react', version: '19.0.0', requiredVersion: '^19.0.0', singleton: true },
    ],
  };
}

/** The server as the shell sees it: remotes.json, the session check and sign-out; tests add the rest with `server.use`. */
export const server = setupServer(
  http.get('*/remotes.json', () => HttpResponse.json(REMOTES_JSON)),
  // Each remote's manifest, read before it is registered (issue 24).
  http.get('*/mf-manifest.json', () => HttpResponse.json(manifest())),
  // The session check of every navigation (RequireAuth): alive unless a test says otherwise.
  http.get('*/api/auth/me', () => HttpResponse.json({ id: 1, username: 'admin', name: 'Ada Admin', role: 'admin' })),
  // The home page's alerts (issue 28): none by default; home/HomePage.test.tsx answers its own.
  http.get('*/api/dashboard', () => HttpResponse.json(EMPTY_DASHBOARD)),
  http.post('*/api/auth/logout', ({ request }) => {
    logoutCalls.push(request.headers.get('authorization') ?? '');
    return new HttpResponse(null, { status: 204 });
  }),
);
