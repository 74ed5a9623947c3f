import { screen, within } from '@testing-library/react';
import { missingTranslationKeys, renderSection, signInAs, switchLanguage } from '@wms/shared-ui/testing';
import App from './App';
import { operationsMessages } from './i18n/messages';

const BASE = '/operazioni';
const hubCards = () =>
  within(screen.getByRole('navigation', { name: 'Operazioni' }))
    .getAllByRole('link')
    .map((a) => a.getAttribute('data-testid'));

beforeEach(() => switchLanguage('it'));

describe('operations hub (SPEC §6)', () => {
  const all = ['purchaseOrders', 'goodsReceipt', 'prices', 'sales', 'movements', 'stockTransfer', 'replenishment'];
  it.each([
    ['admin', all],
    ['direction', all],
    // Transfers (issue 26): transfersRead is warehouse, direction, admin and administration.
    // Replenishment (issue 28): admin, direction, orders.
    ['orders', all.filter((id) => id !== 'stockTransfer')],
    ['sales', all.filter((id) => id !== 'stockTransfer' && id !== 'replenishment')],
    ['warehouse', ['goodsReceipt', 'movements', 'stockTransfer']],
    ['administration', ['prices', 'stockTransfer']],
  ] as const)('%s sees %j', (role, expected) => {
    signInAs(role);
    renderSection(<App />, { basePath: BASE });
    expect(screen.getByRole('heading', { level: 1, name: 'Operazioni' })).toBeInTheDocument();
    expect(hubCards()).toEqual(expected.map((id) => `card-${id}`));
  });

  it('cards lead to the SPEC routes', () => {
    signInAs('admin');
    renderSection(<App />, { basePath: BASE });
    const href = (name: string) => screen.getByRole('link', { name }).getAttribute('href');
    expect(href('Ordini fornitori')).toBe('/operazioni/ordini-fornitori');
    expect(href('Ricezione merce')).toBe('/operazioni/ricezione-merce');
    expect(href('Prezzi')).toBe('/operazioni/prezzi');
    expect(href('Vendite')).toBe('/operazioni/vendite');
    expect(href('Movimenti')).toBe('/operazioni/movimenti');
    expect(href('Trasferimento merce')).toBe('/operazioni/trasferimenti');
    expect(href('Riordino')).toBe('/operazioni/riordino');
  });

  it.each([
    ['warehouse', '/operazioni/prezzi'],
    ['warehouse', '/operazioni/ordini-fornitori/nuovo'],
    ['administration', '/operazioni/movimenti'],
    ['administration', '/operazioni/ricezione-merce/5'],
  ] as const)('%s opening %s (a sub-area it may not use) goes home', (role, url) => {
    signInAs(role);
    renderSection(<App />, { basePath: BASE, url });
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });
});

describe('operations screens', () => {
  beforeEach(() => signInAs('admin'));

  // Purchase orders, goods receipt, prices, sales and movements are real screens now: see their own *.test.tsx.

  it('Stock transfer (issue 26) is the transfers list, in both languages', async () => {
    signInAs('warehouse');
    renderSection(<App />, { basePath: BASE, url: '/operazioni/trasferimenti' });
    const page = await screen.findByTestId('stock-transfer-page');
    expect(within(page).getByRole('heading', { level: 1, name: 'Trasferimento merce' })).toBeInTheDocument();
    expect(within(page).getByRole('link', { name: 'Nuovo trasferimento' })).toHaveAttribute('href', '/operazioni/trasferimenti/nuovo');
    await switchLanguage('fr');
    expect(within(page).getByRole('heading', { level: 1, name: 'Transfert de stock' })).toBeInTheDocument();
  });
});

it('the operations namespace has the same keys in it and fr', () => {
  expect(missingTranslationKeys(operationsMessages)).toEqual([]);
});
