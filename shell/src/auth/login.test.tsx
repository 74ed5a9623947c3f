import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { switchLanguage } from '@wms/shared-ui/testing';
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

const admin = { id: 1, username: 'admin', name: 'Ada Admin', role: 'admin' };

async function fillAndSubmit(username: string, password: string) {
  if (username) await userEvent.type(screen.getByLabelText('Nome utente'), username);
  if (password) await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Accedi' }));
}

describe('sign-in page', () => {
  it('shows the title and the form, without the top navigation; the user name has the focus', () => {
    renderPortal('/login');
    expect(screen.getByLabelText('Nome utente')).toHaveFocus();
    expect(screen.getByRole('heading', { level: 1, name: 'Warehouse Management System' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Nome utente' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Navigazione principale' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('logout-button')).not.toBeInTheDocument();
  });

  it('requires both fields, with the shared validation messages', async () => {
    const calls = jest.fn();
    server.use(http.post('*/api/auth/login', () => (calls(), HttpResponse.json({}))));
    renderPortal('/login');
    await fillAndSubmit('', '');
    expect(screen.getByText('Il nome utente è obbligatorio')).toBeInTheDocument();
    expect(screen.getByText('La password è obbligatoria')).toBeInTheDocument();
    expect(screen.getByLabelText('Nome utente')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Nome utente')).toHaveAccessibleDescription('Il nome utente è obbligatorio');
    expect(screen.getByLabelText('Nome utente')).toHaveFocus();

    await fillAndSubmit('mario', '');
    expect(screen.queryByText('Il nome utente è obbligatorio')).not.toBeInTheDocument();
    expect(screen.getByText('La password è obbligatoria')).toBeInTheDocument();
    expect(calls).not.toHaveBeenCalled();
  });

  it("shows the server's error text in the error box", async () => {
    server.use(
      http.post('*/api/auth/login', () =>
        HttpResponse.json({ error: 'Credenziali non valide', code: 'INVALID_CREDENTIALS' }, { status: 401 }),
      ),
    );
    const portal = renderPortal('/login');
    await fillAndSubmit('mario', 'sbagliata');
    expect(await screen.findByRole('alert')).toHaveTextContent('Credenziali non valide');
    expect(portal.path()).toBe('/login');
    expect(window.localStorage.getItem('token')).toBeNull();
    // The password, to be typed again, has the focus (not the page).
    await waitFor(() => expect(screen.getByLabelText('Password')).toHaveFocus());
  });

  it('accepts a `message` field as well', async () => {
    server.use(http.post('*/api/auth/login', () => HttpResponse.json({ message: 'Utente disattivato' }, { status: 401 })));
    renderPortal('/login');
    await fillAndSubmit('mario', 'x');
    expect(await screen.findByRole('alert')).toHaveTextContent('Utente disattivato');
  });

  it('falls back to "Errore durante il login" when the server says nothing useful', async () => {
    server.use(http.post('*/api/auth/login', () => new HttpResponse('Bad gateway', { status: 502 })));
    renderPortal('/login');
    await fillAndSubmit('mario', 'x');
    expect(await screen.findByTestId('login-error')).toHaveTextContent('Errore durante il login');
  });

  it('falls back too when the server cannot be reached', async () => {
    server.use(http.post('*/api/auth/login', () => HttpResponse.error()));
    renderPortal('/login');
    await fillAndSubmit('mario', 'x');
    expect(await screen.findByTestId('login-error')).toHaveTextContent('Errore durante il login');
  });

  it('stores token and user on success and goes home', async () => {
    let body: unknown;
    server.use(
      http.post('*/api/auth/login', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ token: 'tok-1', user: admin, message: 'ok' });
      }),
    );
    const portal = renderPortal('/login');
    await fillAndSubmit('  admin ', 'segreta');
    await waitFor(() => expect(portal.path()).toBe('/'));
    expect(body).toEqual({ username: 'admin', password: 'segreta' });
    expect(window.localStorage.getItem('token')).toBe('tok-1');
    expect(JSON.parse(window.localStorage.getItem('user') ?? 'null')).toEqual(admin);
    expect(await screen.findByRole('heading', { name: 'Benvenuto, Ada Admin' })).toBeInTheDocument();
  });

  it('shows and hides the password', async () => {
    renderPortal('/login');
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Mostra password' }));
    expect(password).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Nascondi password' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Nascondi password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('sends a signed-in user straight home', () => {
    window.localStorage.setItem('token', 't');
    window.localStorage.setItem('user', JSON.stringify(admin));
    const portal = renderPortal('/login');
    expect(portal.path()).toBe('/');
  });
});
