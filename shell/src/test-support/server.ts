import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

export const REMOTES_JSON = {
  registry: '/mf/registry/mf-manifest.json',
  operations: '/mf/operations/mf-manifest.json',
  reports: '/mf/reports/mf-manifest.json',
  users: '/mf/users/mf-manifest.json',
};

export const logoutCalls: string[] = [];

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
  http.post('*/api/auth/logout', ({ request }) => {
    logoutCalls.push(request.headers.get('authorization') ?? '');
    return new HttpResponse(null, { status: 204 });
  }),
);
