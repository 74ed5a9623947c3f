import { screen } from '@testing-library/react';
import { missingTranslationKeys, switchLanguage } from '@wms/shared-ui/testing';
import { usersMessages } from './i18n/messages';
import { clearToasts, renderUsers } from './test-support/render';
import { resetFake, server } from './test-support/server';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  server.resetHandlers();
  await clearToasts();
});
afterAll(() => server.close());
beforeEach(async () => {
  resetFake();
  await switchLanguage('it');
});

describe('users section', () => {
  it.each([
    ['/users', 'Gestione utenti', 'Gestion des utilisateurs'],
    ['/users/nuovo', 'Nuovo utente', 'Nouvel utilisateur'],
    ['/users/2', 'Modifica utente', "Modifier l'utilisateur"],
  ])('%s has its title in it and fr', async (url, it, fr) => {
    renderUsers(url);
    expect(await screen.findByRole('heading', { level: 1, name: it })).toBeInTheDocument();
    expect(screen.queryByText('In preparazione')).not.toBeInTheDocument();
    await switchLanguage('fr');
    expect(screen.getByRole('heading', { level: 1, name: fr })).toBeInTheDocument();
  });

  it('an unknown sub-path goes back to the list', async () => {
    renderUsers('/users/3/altro');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/users$/);
    expect(await screen.findByRole('heading', { level: 1, name: 'Gestione utenti' })).toBeInTheDocument();
  });
});

it('the users namespace has the same keys in it and fr', () => {
  expect(missingTranslationKeys(usersMessages)).toEqual([]);
});
