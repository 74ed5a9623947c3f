import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

export const REMOTES_JSON = {
  registry: '/mf/registry/mf-manifest.json',
  operations: '/mf/operations/mf-manifest.json',
  reports: '/mf/reports/mf-manifest.json',
  users: '/mf/users/mf-manifest.json',
};

export const logoutCalls: string[] = [];

/** The server as the shell sees it: remotes.json, the session check and sign-out; tests add the rest with `server.use`. */
export const server = setupServer(
  http.get('*/remotes.json', () => HttpResponse.json(REMOTES_JSON)),
  // The session check of every navigation (RequireAuth): alive unless a test says otherwise.
  http.get('*/api/auth/me', () => HttpResponse.json({ id: 1, username: 'admin', name: 'Ada Admin', role: 'admin' })),
  http.post('*/api/auth/logout', ({ request }) => {
    logoutCalls.push(request.headers.get('authorization') ?? '');
    return new HttpResponse(null, { status: 204 });
  }),
);
