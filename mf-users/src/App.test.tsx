import { screen } from '@testing-library/react';
import { missingTranslationKeys, renderSection, signInAs, switchLanguage } from '@wms/shared-ui/testing';
import App from './App';
import { usersMessages } from './i18n/messages';

const BASE = '/users';

beforeEach(async () => {
  await switchLanguage('it');
  signInAs('admin');
});

describe('users section', () => {
  it.each([
    ['/users', 'Gestione utenti', 'Gestion des utilisateurs'],
    ['/users/nuovo', 'Nuovo utente', 'Nouvel utilisateur'],
    ['/users/3', 'Modifica utente', "Modifier l'utilisateur"],
  ])('%s is a titled placeholder in it and fr', async (url, it, fr) => {
    renderSection(<App />, { basePath: BASE, url });
    expect(screen.getByRole('heading', { level: 1, name: it })).toBeInTheDocument();
    expect(screen.getByText('In preparazione')).toBeInTheDocument();
    await switchLanguage('fr');
    expect(screen.getByRole('heading', { level: 1, name: fr })).toBeInTheDocument();
  });

  it('an unknown sub-path goes back to the list', () => {
    renderSection(<App />, { basePath: BASE, url: '/users/3/altro' });
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/users$/);
  });
});

it('the users namespace has the same keys in it and fr', () => {
  expect(missingTranslationKeys(usersMessages)).toEqual([]);
});
