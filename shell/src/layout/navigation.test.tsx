import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { signInAs, switchLanguage } from '@wms/shared-ui/testing';
import { serveRemotes } from '../test-support/federation-mock';
import { renderPortal, resetFederation } from '../test-support/portal';
import { logoutCalls, server } from '../test-support/server';

jest.mock('@module-federation/enhanced/runtime', () => require('../test-support/federation-mock'));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
beforeEach(async () => {
  resetFederation();
  serveRemotes();
  logoutCalls.length = 0;
  await switchLanguage('it');
});

const nav = () => screen.getByRole('navigation', { name: 'Navigazione principale' });
const navLinks = () =>
  within(nav())
    .getAllByRole('link')
    .map((a) => a.textContent);
const cards = () =>
  within(screen.getByRole('navigation', { name: 'Aree del portale' }))
    .getAllByRole('link')
    .map((a) => a.getAttribute('data-testid'));

describe('home and top navigation per role', () => {
  it('admin sees the four cards and every section in the top bar', () => {
    signInAs('admin', 'Ada Admin');
    renderPortal('/');
    expect(cards()).toEqual(['card-registry', 'card-operations', 'card-reports', 'card-users']);
    expect(navLinks()).toEqual(['Home', 'Anagrafiche', 'Operazioni', 'Report', 'Utenti']);
    expect(screen.getByTestId('current-user')).toHaveTextContent('Ada Admin (Amministratore)');
    expect(screen.getByTestId('card-registry')).toHaveAccessibleDescription('Prodotti, magazzini, azienda, fornitori e clienti');
  });

  it('warehouse sees operations and reports only', () => {
    signInAs('warehouse', 'Walter Magazzino');
    renderPortal('/');
    expect(cards()).toEqual(['card-operations', 'card-reports']);
    expect(navLinks()).toEqual(['Home', 'Operazioni', 'Report']);
    expect(screen.getByTestId('current-user')).toHaveTextContent('Walter Magazzino (Magazzino)');
  });

  it.each([
    ['direction', ['card-registry', 'card-operations', 'card-reports', 'card-users']],
    ['administration', ['card-operations', 'card-reports']],
    ['orders', ['card-registry', 'card-operations', 'card-reports']],
    ['sales', ['card-registry', 'card-operations', 'card-reports']],
  ] as const)('%s sees %j', (role, expected) => {
    signInAs(role);
    renderPortal('/');
    expect(cards()).toEqual(expected);
  });

  it('a card and a nav link open their section', async () => {
    signInAs('admin');
    const portal = renderPortal('/');
    await userEvent.click(screen.getByTestId('card-reports'));
    expect(await screen.findByRole('heading', { name: 'reports hub' })).toBeInTheDocument();
    expect(portal.path()).toBe('/report');
    expect(screen.getByTestId('nav-reports')).toHaveAttribute('aria-current', 'page');
    await userEvent.click(screen.getByTestId('nav-home'));
    expect(portal.path()).toBe('/');
  });

  it('logout revokes the session on the server, clears storage and goes to /login', async () => {
    signInAs('admin');
    const portal = renderPortal('/');
    await userEvent.click(screen.getByRole('button', { name: 'Esci' }));
    await waitFor(() => expect(portal.path()).toBe('/login'));
    expect(logoutCalls).toEqual(['Bearer test-token-admin']);
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(window.localStorage.getItem('user')).toBeNull();
    expect(screen.queryByTestId('nav-home')).not.toBeInTheDocument();
  });

  it('logout still signs out when the server call fails', async () => {
    server.use(http.post('*/api/auth/logout', () => HttpResponse.json({ error: 'boom', code: 'X' }, { status: 500 })));
    signInAs('admin');
    const portal = renderPortal('/');
    await userEvent.click(screen.getByTestId('logout-button'));
    await waitFor(() => expect(portal.path()).toBe('/login'));
    expect(window.localStorage.getItem('token')).toBeNull();
  });
});
