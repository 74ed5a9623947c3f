import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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

describe('language switch', () => {
  it('turns the visible text French and remembers the choice', async () => {
    signInAs('admin');
    renderPortal('/');
    const select = screen.getByRole('combobox', { name: 'Lingua' });
    expect(select).toHaveValue('it');
    expect(screen.getByRole('option', { name: 'Français' })).toBeInTheDocument();

    await userEvent.selectOptions(select, 'fr');

    expect(screen.getByRole('link', { name: 'Accueil' })).toBeInTheDocument();
    expect(screen.getByTestId('card-registry')).toHaveTextContent('Référentiels');
    expect(screen.getByRole('button', { name: 'Déconnexion' })).toBeInTheDocument();
    expect(screen.getByTestId('current-user')).toHaveTextContent('(Administrateur)');
    expect(screen.getByRole('combobox', { name: 'Langue' })).toHaveValue('fr');
    expect(window.localStorage.getItem('language')).toBe('fr');
    expect(document.documentElement.lang).toBe('fr');
  });

  it('is available on the sign-in page too', async () => {
    renderPortal('/login');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Lingua' }), 'fr');
    expect(screen.getByRole('button', { name: 'Se connecter' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(screen.getByText("Le nom d'utilisateur est obligatoire")).toBeInTheDocument();
  });
});
