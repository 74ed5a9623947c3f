import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { signInAs, switchLanguage } from '@wms/shared-ui/testing';
import { serveRemotes } from '../test-support/federation-mock';
import { renderPortal, resetFederation } from '../test-support/portal';
import { server } from '../test-support/server';

jest.mock('@module-federation/enhanced/runtime', () => require('../test-support/federation-mock'));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
beforeEach(async () => {
  resetFederation();
  serveRemotes();
  await switchLanguage('it');
});

describe('session check on navigation', () => {
  it('asks the server at every navigation while signed in', async () => {
    const checks: string[] = [];
    server.use(
      http.get('*/api/auth/me', ({ request }) => {
        checks.push(request.headers.get('authorization') ?? '');
        return HttpResponse.json({ id: 1, username: 'warehouse', name: 'W', role: 'warehouse' });
      }),
    );
    signInAs('warehouse');
    renderPortal('/');
    await waitFor(() => expect(checks).toHaveLength(1));
    await userEvent.click(await screen.findByTestId('nav-operations'));
    await waitFor(() => expect(checks).toHaveLength(2));
    expect(checks[0]).toBe('Bearer test-token-warehouse');
  });

  it('a session ended on the server (user deactivated): the next navigation lands on /login', async () => {
    signInAs('warehouse');
    const portal = renderPortal('/');
    await screen.findByTestId('card-operations');
    server.use(http.get('*/api/auth/me', () => HttpResponse.json({ error: 'Sessione non valida', code: 'UNAUTHORIZED' }, { status: 401 })));
    await userEvent.click(screen.getByTestId('nav-reports'));
    await waitFor(() => expect(portal.path()).toBe('/login'));
    expect(window.localStorage.getItem('token')).toBeNull();
    // It says why, and signing in again brings the user back to the page they were opening.
    expect(await screen.findByTestId('login-notice')).toHaveTextContent('La sessione è terminata: accedi di nuovo');
    server.use(
      http.post('*/api/auth/login', () =>
        HttpResponse.json({ token: 't2', user: { id: 7, username: 'warehouse', name: 'W', role: 'warehouse' }, message: 'ok' }),
      ),
      http.get('*/api/auth/me', () => HttpResponse.json({ id: 7, username: 'warehouse', name: 'W', role: 'warehouse' })),
    );
    await userEvent.type(screen.getByTestId('login-username'), 'warehouse');
    await userEvent.type(screen.getByTestId('login-password'), 'Password-123');
    await userEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(portal.path()).toBe('/report'));
  });

  it('a page opened without a session (a link) opens once signed in, with no "session ended" notice', async () => {
    server.use(
      http.post('*/api/auth/login', () =>
        HttpResponse.json({ token: 't3', user: { id: 7, username: 'warehouse', name: 'W', role: 'warehouse' }, message: 'ok' }),
      ),
      http.get('*/api/auth/me', () => HttpResponse.json({ id: 7, username: 'warehouse', name: 'W', role: 'warehouse' })),
    );
    const portal = renderPortal('/operazioni');
    await waitFor(() => expect(portal.path()).toBe('/login'));
    expect(screen.queryByTestId('login-notice')).toBeNull();
    await userEvent.type(await screen.findByTestId('login-username'), 'warehouse');
    await userEvent.type(screen.getByTestId('login-password'), 'Password-123');
    await userEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(portal.path()).toBe('/operazioni'));
  });

  it('a role changed on the server shows at the next navigation (stored user refreshed, token kept)', async () => {
    server.use(http.get('*/api/auth/me', () => HttpResponse.json({ id: 7, username: 'warehouse', name: 'W', role: 'admin' })));
    signInAs('warehouse');
    renderPortal('/');
    await waitFor(() => expect(JSON.parse(window.localStorage.getItem('user') ?? '{}').role).toBe('admin'));
    expect(await screen.findByTestId('nav-registry')).toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBe('test-token-warehouse');
  });

  it('a network failure of the check signs nobody out', async () => {
    server.use(http.get('*/api/auth/me', () => HttpResponse.error()));
    signInAs('warehouse');
    const portal = renderPortal('/');
    await userEvent.click(await screen.findByTestId('nav-operations'));
    expect(portal.path()).toBe('/operazioni');
    expect(window.localStorage.getItem('token')).not.toBeNull();
  });
});
