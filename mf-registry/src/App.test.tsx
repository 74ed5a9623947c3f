import { screen, within } from '@testing-library/react';
import { missingTranslationKeys, renderSection, signInAs, switchLanguage } from '@wms/shared-ui/testing';
import App from './App';
import { registryMessages } from './i18n/messages';
import { resetFake, server } from './test-support/server';

const BASE = '/anagrafica';
const hubCards = () =>
  within(screen.getByRole('navigation', { name: 'Anagrafiche' }))
    .getAllByRole('link')
    .map((a) => a.getAttribute('data-testid'));

beforeEach(() => switchLanguage('it'));

describe('registry hub', () => {
  it.each(['admin', 'direction', 'orders', 'sales'] as const)('%s sees every registry card', (role) => {
    signInAs(role);
    renderSection(<App />, { basePath: BASE });
    expect(screen.getByRole('heading', { level: 1, name: 'Anagrafiche' })).toBeInTheDocument();
    expect(hubCards()).toEqual(['card-products', 'card-warehouses', 'card-company', 'card-suppliers', 'card-customers']);
    expect(screen.getByRole('link', { name: 'Prodotti' })).toHaveAttribute('href', '/anagrafica/prodotti');
  });

  it.each(['warehouse', 'administration'] as const)('%s sees no card', (role) => {
    signInAs(role);
    renderSection(<App />, { basePath: BASE });
    expect(screen.queryByTestId('card-products')).not.toBeInTheDocument();
    expect(screen.getByText('Nessuna sezione disponibile per il tuo ruolo.')).toBeInTheDocument();
  });

  it('a role without the registry permission opening a screen goes home (SPEC §2)', () => {
    signInAs('warehouse');
    renderSection(<App />, { basePath: BASE, url: '/anagrafica/prodotti' });
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('an unknown sub-path goes back to the hub', () => {
    signInAs('admin');
    renderSection(<App />, { basePath: BASE, url: '/anagrafica/boh' });
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/anagrafica$/);
  });
});

describe('registry screens', () => {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  beforeEach(() => {
    resetFake();
    signInAs('admin');
  });

  it.each([
    ['/anagrafica/prodotti', 'Prodotti', 'Produits'],
    ['/anagrafica/prodotti/nuovo', 'Nuovo prodotto', 'Nouveau produit'],
    ['/anagrafica/prodotti/31', 'Modifica prodotto', 'Modifier le produit'],
    ['/anagrafica/magazzini', 'Magazzini', 'Entrepôts'],
    ['/anagrafica/magazzini/nuovo', 'Nuovo magazzino', 'Nouvel entrepôt'],
    ['/anagrafica/magazzini/21', 'Modifica magazzino', "Modifier l'entrepôt"],
    ['/anagrafica/fornitori', 'Fornitori', 'Fournisseurs'],
    ['/anagrafica/clienti', 'Clienti', 'Clients'],
  ])('%s is a real screen, titled in it and fr', async (url, it, fr) => {
    renderSection(<App />, { basePath: BASE, url });
    expect(await screen.findByRole('heading', { level: 1, name: it })).toBeInTheDocument();
    expect(await screen.findByRole(url.match(/\/(nuovo|\d+)$/) ? 'form' : 'table')).toBeInTheDocument();
    expect(screen.queryByText('In preparazione')).not.toBeInTheDocument();
    await switchLanguage('fr');
    expect(screen.getByRole('heading', { level: 1, name: fr })).toBeInTheDocument();
  });

  it('Company is a form (issue 26), titled in both languages', async () => {
    renderSection(<App />, { basePath: BASE, url: '/anagrafica/azienda' });
    const page = await screen.findByTestId('company-page'); // a lazy chunk since it holds a form
    expect(within(page).getByRole('heading', { level: 1, name: 'Azienda' })).toBeInTheDocument();
    expect(within(page).getByText("Dati anagrafici dell'azienda")).toBeInTheDocument();
    expect(await within(page).findByRole('form', { name: 'Azienda' })).toBeInTheDocument();
    expect(screen.queryByText('In preparazione')).not.toBeInTheDocument();
    await switchLanguage('fr');
    expect(within(page).getByRole('heading', { level: 1, name: 'Entreprise' })).toBeInTheDocument();
    expect(within(page).getByText("Données de l'entreprise")).toBeInTheDocument();
  });
});

it('the registry namespace has the same keys in it and fr', () => {
  expect(missingTranslationKeys(registryMessages)).toEqual([]);
});
