import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { act } from 'react';
import { api } from '@wms/shared-api';
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

describe('guards', () => {
  it.each(['/', '/anagrafica', '/operazioni/prezzi', '/users', '/nowhere'])('without a token %s leads to /login', (url) => {
    const portal = renderPortal(url);
    expect(portal.path()).toBe('/login');
    expect(screen.getByRole('button', { name: 'Accedi' })).toBeInTheDocument();
  });

  it('a user stored without a token is not signed in', () => {
    window.localStorage.setItem('user', JSON.stringify({ id: 1, username: 'a', name: 'A', role: 'admin' }));
    expect(renderPortal('/').path()).toBe('/login');
  });

  it('a warehouse clerk opening /anagrafica is sent home', async () => {
    signInAs('warehouse');
    const portal = renderPortal('/anagrafica/prodotti');
    expect(portal.path()).toBe('/');
    expect(await screen.findByTestId('card-operations')).toBeInTheDocument();
  });

  it('a sales user opening /users is sent home', () => {
    signInAs('sales');
    expect(renderPortal('/users').path()).toBe('/');
  });

  it('an unknown path leads to /', () => {
    signInAs('admin');
    expect(renderPortal('/does/not/exist').path()).toBe('/');
  });

  it('a permitted section stays where it is', async () => {
    signInAs('admin');
    const portal = renderPortal('/anagrafica/prodotti');
    expect(await screen.findByRole('heading', { name: 'registry screen' })).toBeInTheDocument();
    expect(portal.path()).toBe('/anagrafica/prodotti');
  });

  it('a 401 from any call clears the session and goes to /login inside the app', async () => {
    server.use(http.get('*/api/things', () => HttpResponse.json({ error: 'Sessione scaduta', code: 'UNAUTHORIZED' }, { status: 401 })));
    signInAs('admin');
    const portal = renderPortal('/');
    await act(async () => {
      await api.get('/things').catch(() => undefined);
    });
    await waitFor(() => expect(portal.path()).toBe('/login'));
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(window.localStorage.getItem('user')).toBeNull();
  });
});
