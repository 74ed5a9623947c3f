import { screen, within } from '@testing-library/react';
import { saveSession } from '@wms/shared-api';
import { missingTranslationKeys, renderSection, signInAs, switchLanguage } from '@wms/shared-ui/testing';
import App from './App';
import { reportsMessages } from './i18n/messages';

const BASE = '/report';
const hubCards = () =>
  within(screen.getByRole('navigation', { name: 'Report' }))
    .getAllByRole('link')
    .map((a) => a.getAttribute('data-testid'));

beforeEach(() => switchLanguage('it'));

describe('reports hub (SPEC §6)', () => {
  const all = ['stockLevels', 'inventory', 'valuation'];
  it.each([
    ['admin', all],
    ['direction', all],
    // Inventory counts (issue 25): counting is for warehouse, direction and admin (permission inventoryCount).
    ['orders', ['stockLevels', 'valuation']],
    ['sales', ['stockLevels', 'valuation']],
    ['warehouse', ['stockLevels', 'inventory']],
    ['administration', ['valuation']],
  ] as const)('%s sees %j', (role, expected) => {
    signInAs(role);
    renderSection(<App />, { basePath: BASE });
    expect(screen.getByRole('heading', { level: 1, name: 'Report' })).toBeInTheDocument();
    expect(hubCards()).toEqual(expected.map((id) => `card-${id}`));
  });

  it('a stored user without a role counts as admin here (SPEC §3)', () => {
    saveSession('t', { id: 1, username: 'x', name: 'X' } as never);
    renderSection(<App />, { basePath: BASE });
    expect(hubCards()).toEqual(['card-stockLevels', 'card-inventory', 'card-valuation']);
  });

  it('cards lead to the SPEC routes', () => {
    signInAs('admin');
    renderSection(<App />, { basePath: BASE });
    expect(screen.getByRole('link', { name: 'Giacenze' })).toHaveAttribute('href', '/report/giacenze');
    expect(screen.getByRole('link', { name: 'Inventario' })).toHaveAttribute('href', '/report/inventario');
    expect(screen.getByRole('link', { name: 'Valorizzazione magazzino' })).toHaveAttribute('href', '/report/valorizzazione');
  });

  it.each([
    ['warehouse', '/report/valorizzazione'],
    ['administration', '/report/giacenze'],
  ] as const)('%s opening %s (a sub-area it may not use) goes home', (role, url) => {
    signInAs(role);
    renderSection(<App />, { basePath: BASE, url });
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });
});

describe('reports screens', () => {
  beforeEach(() => signInAs('admin'));

  it('Inventory: its title and subtitle, in both languages (the screen is its own chunk, loaded when opened)', async () => {
    renderSection(<App />, { basePath: BASE, url: '/report/inventario' });
    const page = await screen.findByTestId('inventory-page');
    expect(within(page).getByRole('heading', { level: 1, name: 'Inventario' })).toBeInTheDocument();
    expect(within(page).getByText('Inventario fisico del magazzino')).toBeInTheDocument();
    expect(screen.queryByText('In preparazione')).not.toBeInTheDocument();
    await switchLanguage('fr');
    expect(within(page).getByRole('heading', { level: 1, name: 'Inventaire' })).toBeInTheDocument();
    expect(within(page).getByText("Inventaire physique de l'entrepôt")).toBeInTheDocument();
  });
});

it('the reports namespace has the same keys in it and fr', () => {
  expect(missingTranslationKeys(reportsMessages)).toEqual([]);
});
