import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

export const REMOTES_JSON = {
  registry: '/mf/registry/mf-manifest.json',
  operations: '/mf/operations/mf-manifest.json',
  reports: '/mf/reports/mf-manifest.json',
  users: '/mf/users/mf-manifest.json',
};

export const logoutCalls: string[] = [];

/** The server as the shell sees it: remotes.json and sign-out; tests add the rest with `server.use`. */
export const server = setupServer(
  http.get('*/remotes.json', () => HttpResponse.json(REMOTES_JSON)),
  http.post('*/api/auth/logout', ({ request }) => {
    logoutCalls.push(request.headers.get('authorization') ?? '');
    return new HttpResponse(null, { status: 204 });
  }),
);
