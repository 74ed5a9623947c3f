import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { act } from 'react';
import { toast } from 'react-toastify';
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
  await act(async () => {
    toast.dismiss();
  });
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

  it('a refused section is named on the home page, once', async () => {
    signInAs('sales');
    const portal = renderPortal('/users/utenti');
    expect(portal.path()).toBe('/');
    expect(await screen.findByText('Non hai il permesso di aprire «Utenti»')).toBeInTheDocument();
    expect(screen.getAllByText('Non hai il permesso di aprire «Utenti»')).toHaveLength(1);
    // The state is dropped: the router's location no longer carries it (no second message on Back/Forward).
    await waitFor(() => expect(portal.router.state.location.state).toBeNull());
  });

  it('the refused section is named in French', async () => {
    await switchLanguage('fr');
    signInAs('warehouse');
    renderPortal('/anagrafica');
    expect(await screen.findByText("Vous n'avez pas l'autorisation d'ouvrir « Référentiels »")).toBeInTheDocument();
  });

  it('home opened directly says nothing about permissions', async () => {
    signInAs('sales');
    renderPortal('/');
    expect(await screen.findByTestId('card-operations')).toBeInTheDocument();
    expect(screen.queryByText(/Non hai il permesso/)).not.toBeInTheDocument();
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
