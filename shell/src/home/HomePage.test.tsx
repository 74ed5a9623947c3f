import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Dashboard } from '@wms/shared-api';
import { signInAs, switchLanguage } from '@wms/shared-ui/testing';
import { serveRemotes } from '../test-support/federation-mock';
import { renderPortal, resetFederation } from '../test-support/portal';
import { server } from '../test-support/server';
import { cardLinks } from './links';

jest.mock('@module-federation/enhanced/runtime', () => require('../test-support/federation-mock'));
// uPlot draws on a canvas jsdom does not have: the chart is replaced, its table (the numbers) is the real one.
jest.mock('./MonthChart', () => ({ __esModule: true, default: () => <div data-testid="month-chart" /> }));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
beforeEach(async () => {
  resetFederation();
  serveRemotes();
  await switchLanguage('it');
});

const months = Array.from({ length: 12 }, (_, i) => {
  const m = String(i + 1).padStart(2, '0');
  return {
    month: `2025-${m}`,
    end_date: `2025-${m}-28`,
    stock_value:
      i === 11
        ? [
            { currency: 'EUR', value: '12345.5' },
            { currency: 'USD', value: '10' },
          ]
        : [],
    receipts: i === 11 ? [{ currency: 'EUR', value: '300' }] : [],
    sales: [],
  };
});

const ADMIN: Dashboard = {
  today: '2026-11-25',
  cards: {
    expiring_batches: { count: 1, within_days: 30, until: '2026-12-25' },
    expired_batches: { count: 2, values: [{ currency: 'EUR', value: '1234.5' }] },
    below_minimum: { count: 3, to_reorder: 2 },
    late_orders: { count: 1 },
    arriving_this_week: { count: 0, until: '2026-11-29' },
    transfers_in_transit: null,
    open_counts: null,
  },
  chart: { months },
};

function answer(d: Dashboard) {
  server.use(http.get('*/api/dashboard', () => HttpResponse.json(d)));
}

describe('home dashboard', () => {
  it('shows each card with its count, wording and link; the chart with its numbers as a table', async () => {
    answer(ADMIN);
    signInAs('admin', 'Ada Admin');
    renderPortal('/');
    const alerts = await screen.findByRole('region', { name: 'Avvisi' });
    const expired = within(alerts).getByTestId('alert-expired-batches');
    expect(expired).toHaveTextContent('2lotti scaduti ancora in giacenzaValore: 1.234,50 €');
    expect(within(expired).getByRole('link')).toHaveAttribute('href', '/report/giacenze?expiry=expired');
    expect(within(alerts).getByTestId('alert-expiring-batches')).toHaveTextContent(
      '1lotto in scadenzaEntro 30 giorni (fino al 25/12/2026)',
    );
    // The card's own window goes with its link: the report lists what it counted.
    expect(within(within(alerts).getByTestId('alert-expiring-batches')).getByRole('link')).toHaveAttribute(
      'href',
      '/report/giacenze?expiry=expiring&within_days=30',
    );
    const reorder = within(alerts).getByTestId('alert-below-minimum');
    expect(reorder).toHaveTextContent('2prodotti da riordinare3 sotto la scorta minima per magazzino');
    expect(within(reorder).getByRole('link')).toHaveAttribute('href', '/operazioni/riordino');
    expect(within(within(alerts).getByTestId('alert-late-orders')).getByRole('link')).toHaveAttribute(
      'href',
      '/operazioni/ordini-fornitori?late=true',
    );
    expect(within(alerts).getByTestId('alert-arriving-orders')).toHaveClass('alert-calm');

    expect(await screen.findByTestId('month-chart')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: /Valore del magazzino a fine mese/ });
    const last = within(table).getByRole('row', { name: /12\/2025/ });
    expect(last).toHaveTextContent('12.345,50 € + 10,00 USD');
    expect(last).toHaveTextContent('300,00 €');
    // The section cards are still there.
    expect(screen.getByTestId('card-operations')).toBeInTheDocument();
  });

  it('a role with no card shows neither alerts nor chart', async () => {
    signInAs('administration');
    renderPortal('/');
    expect(await screen.findByTestId('card-operations')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Avvisi' })).not.toBeInTheDocument();
  });

  it('in French; without the replenishment permission the minimum card counts the pairs below minimum', async () => {
    answer({ ...ADMIN, cards: { ...ADMIN.cards, below_minimum: { count: 3, to_reorder: null } }, chart: null });
    await switchLanguage('fr');
    signInAs('warehouse');
    renderPortal('/');
    const alerts = await screen.findByRole('region', { name: 'Alertes' });
    expect(within(alerts).getByTestId('alert-expired-batches')).toHaveTextContent('lots périmés encore en stock');
    const below = within(alerts).getByTestId('alert-below-minimum');
    expect(below).toHaveTextContent('3produits sous le stock minimum');
  });

  it('links per role: the list each role may open', () => {
    expect(cardLinks('warehouse').expiringBatches(15)).toBe('/report/giacenze?expiry=expiring&within_days=15');
    expect(cardLinks('warehouse')).toEqual({
      expiredBatches: '/report/giacenze?expiry=expired',
      expiringBatches: expect.any(Function),
      belowMinimum: '/report/giacenze',
      lateOrders: '/operazioni/ricezione-merce',
      arriving: '/operazioni/ricezione-merce',
      inTransit: '/operazioni/trasferimenti?status=in_transit',
      openCounts: '/report/inventario',
    });
    expect(cardLinks('orders')).toMatchObject({
      belowMinimum: '/operazioni/riordino',
      lateOrders: '/operazioni/ordini-fornitori?late=true',
    });
  });
});
