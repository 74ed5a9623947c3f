import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { companyToday, type Valuation } from '@wms/shared-api';
import { renderSection, signInAs, switchLanguage } from '@wms/shared-ui/testing';
import App from '../App';

const plain = (s: string | null) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ');

const answer = (q: URLSearchParams): Valuation => ({
  start_date: q.get('startDate') ?? '',
  end_date: q.get('endDate') ?? '',
  warehouse_id: null,
  group_by_product: q.get('groupByProduct') === 'true',
  show_zero_prices: q.get('showZeroPrices') === 'true',
  items: [
    {
      product_id: 1,
      product_code: 'BOLT',
      product_description: 'Bullone',
      warehouse_id: 1,
      warehouse_name: 'Centrale',
      batch_number: q.get('groupByProduct') === 'true' ? null : 'L1',
      quantity: '10.000',
      unit_price: '1.25',
      currency: 'EUR',
      value: '12.5',
      unit_of_measure: 'piece',
    },
    {
      product_id: 2,
      product_code: 'OIL',
      product_description: 'Olio',
      warehouse_id: 2,
      warehouse_name: 'Nord',
      batch_number: null,
      quantity: '2.500',
      unit_price: '2.12345',
      currency: 'USD',
      value: '5.308625',
      unit_of_measure: 'l',
    },
  ],
  total_products: 2,
  totals: [
    { currency: 'EUR', value: '12.5', products: 1 },
    { currency: 'USD', value: '5.308625', products: 1 },
  ],
  movements: [
    {
      product_id: 1,
      product_code: 'BOLT',
      product_description: 'Bullone',
      unit_of_measure: 'piece',
      opening: '9.000',
      loads: '5.000',
      unloads: '4.000',
      closing: '10.000',
    },
  ],
});

const requests: URLSearchParams[] = [];
const server = setupServer(
  http.get('*/api/stock/valuation', ({ request }) => {
    const q = new URL(request.url).searchParams;
    requests.push(q);
    return HttpResponse.json(answer(q));
  }),
  http.get('*/api/warehouses', () =>
    HttpResponse.json(
      [
        { id: 1, name: 'Centrale', is_active: true },
        { id: 3, name: 'Verona', is_active: false },
      ],
      { headers: { 'X-Total-Count': '2' } },
    ),
  ),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
beforeEach(async () => {
  requests.length = 0;
  localStorage.clear();
  signInAs('administration');
  await switchLanguage('it');
});

const open = () => renderSection(<App />, { basePath: '/report', url: '/report/valorizzazione' });

describe('/report/valorizzazione', () => {
  it('asks for today, all warehouses, grouped, without zero prices; shows rows, totals per currency in Italian format, movements and definitions', async () => {
    open();
    await screen.findByTestId('valuation-row-BOLT');
    const q = requests[0];
    expect(Object.fromEntries(q)).toMatchObject({
      startDate: companyToday(),
      endDate: companyToday(),
      warehouseId: 'all',
      groupByProduct: 'true',
      showZeroPrices: 'false',
    });
    expect(plain(screen.getByTestId('valuation-row-OIL').textContent)).toContain('2,12345 USD');
    expect(plain(screen.getByTestId('total-EUR').textContent)).toContain('12,50 €');
    expect(plain(screen.getByTestId('total-USD').textContent)).toContain('5,30863 USD');
    expect(plain(screen.getByTestId('valuation-row-BOLT').textContent)).toContain('10 pz');
    expect(plain(screen.getByTestId('valuation-row-BOLT').textContent)).toContain('1,25 €');
    expect(plain(screen.getByTestId('valuation-row-OIL').textContent)).toContain('2,5 l');
    expect(plain(screen.getByTestId('movement-row-BOLT').textContent)).toContain('9 pz');
    expect(screen.getByTestId('valuation').textContent).not.toContain('piece');
    expect(screen.getByTestId('valuation-definitions')).toHaveTextContent('il prezzo in vigore alla data finale');
    expect(screen.queryByTestId('grand-total-eur')).not.toBeInTheDocument();
  });

  it('shows a grand total in EUR only once every foreign currency has a rate, labelled with it, and remembers the rate per user', async () => {
    const view = open();
    await screen.findByTestId('total-USD');
    // No rate yet: on paper not even the section's title (it would head nothing).
    const title = within(screen.getByTestId('exchange-rates')).getByRole('heading');
    expect(title).toHaveClass('no-print');
    fireEvent.change(screen.getByLabelText('1 EUR = … USD'), { target: { value: '1,25' } });
    const grand = await screen.findByTestId('grand-total-eur');
    expect(title).not.toHaveClass('no-print');
    // 12.5 + 5.308625 / 1.25 = 16.7469
    expect(plain(grand.textContent)).toContain('16,75 €');
    expect(grand).toHaveTextContent('Cambi usati: 1 EUR = 1,25 USD');
    view.unmount();
    open();
    expect(await screen.findByTestId('grand-total-eur')).toBeInTheDocument();
  });

  it('sends the changed filters (batches, zero prices) and refuses a start after the end', async () => {
    open();
    await screen.findByTestId('valuation-row-BOLT');
    fireEvent.click(screen.getByLabelText('Raggruppa prodotti ignorando i lotti'));
    await waitFor(() => expect(requests.at(-1)!.get('groupByProduct')).toBe('false'));
    expect(await screen.findByText('L1')).toBeInTheDocument();
    fireEvent.click(screen.getByLabelText('Mostra prezzi a zero'));
    await waitFor(() => expect(requests.at(-1)!.get('showZeroPrices')).toBe('true'));
    const before = requests.length;
    fireEvent.change(screen.getByLabelText(/^Dal/), { target: { value: '01/01/2999' } });
    fireEvent.blur(screen.getByLabelText(/^Dal/));
    expect(await screen.findByText('La data iniziale deve precedere quella finale')).toBeInTheDocument();
    expect(requests.length).toBe(before);
  });

  it('in French: thousands grouped with U+202F, decimal comma, no dot-grouped number, units "pce", never "piece"', async () => {
    server.use(
      http.get('*/api/stock/valuation', ({ request }) => {
        const base = answer(new URL(request.url).searchParams);
        return HttpResponse.json({
          ...base,
          items: [{ ...base.items[0], quantity: '1234.500', unit_price: '1234.5', value: '1523990.25' }, base.items[1]],
          totals: [
            { currency: 'EUR', value: '1523990.25', products: 1234 },
            { currency: 'USD', value: '5.308625', products: 1 },
          ],
          movements: [{ ...base.movements[0], opening: '1234.500', loads: '1000.000', unloads: '0.250', closing: '2234.250' }],
        } satisfies Valuation);
      }),
    );
    await switchLanguage('fr');
    open();
    const bolt = await screen.findByTestId('valuation-row-BOLT');
    // textContent as rendered: U+202F between groups, U+00A0 before the unit and the currency.
    expect(bolt.textContent).toContain('1\u202f234,5\u00a0pce');
    expect(bolt.textContent).toContain('1\u202f234,50\u00a0€');
    expect(bolt.textContent).toContain('1\u202f523\u202f990,25\u00a0€');
    expect(screen.getByTestId('total-EUR').textContent).toContain('1\u202f523\u202f990,25\u00a0€');
    expect(screen.getByTestId('total-EUR').textContent).toContain('1\u202f234 produits');
    const movement = screen.getByTestId('movement-row-BOLT').textContent ?? '';
    expect(movement).toContain('1\u202f234,5\u00a0pce');
    expect(movement).toContain('1\u202f000\u00a0pce');
    expect(movement).toContain('0,25\u00a0pce');
    expect(movement).toContain('2\u202f234,25\u00a0pce');
    fireEvent.change(screen.getByLabelText('1 EUR = … USD'), { target: { value: '1,25' } });
    const grand = await screen.findByTestId('grand-total-eur');
    // 1523990.25 + 5.308625 / 1.25 = 1523994.4969 → 1 523 994,50 €
    expect(grand.textContent).toContain('1\u202f523\u202f994,50\u00a0€');
    const page = screen.getByTestId('valuation').textContent ?? '';
    expect(page).not.toMatch(/\d\.\d{3}/);
    expect(page).not.toContain('piece');
  });

  it('refuses an unreadable rate with how to write it, and reads an Italian thousands group', async () => {
    open();
    await screen.findByTestId('total-USD');
    fireEvent.change(screen.getByLabelText('1 EUR = … USD'), { target: { value: '1,2,5' } });
    expect(await screen.findByText(/Tasso non valido: scrivi un numero maggiore di zero, ad esempio 1,0825/)).toBeInTheDocument();
    expect(screen.queryByTestId('grand-total-eur')).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('1 EUR = … USD'), { target: { value: '0' } });
    expect(screen.queryByTestId('grand-total-eur')).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('1 EUR = … USD'), { target: { value: '1.000' } });
    // 12.5 + 5.308625 / 1000 = 12.505308625 → 12,51 €
    expect(plain((await screen.findByTestId('grand-total-eur')).textContent)).toContain('12,51 €');
    expect(screen.getByTestId('grand-total-eur')).toHaveTextContent('Cambi usati: 1 EUR = 1.000 USD');
  });

  it('keeps the rows on screen, busy, while new filters load; a failure offers a Retry that loads again', async () => {
    open();
    await screen.findByTestId('valuation-row-BOLT');
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get('*/api/stock/valuation', () => held.then(() => HttpResponse.json({ error: 'x', code: 'X' }, { status: 500 })), {
        once: true,
      }),
    );
    fireEvent.click(screen.getByLabelText('Mostra prezzi a zero'));
    await waitFor(() => expect(screen.getByTestId('valuation-table').closest('[aria-busy]')).toHaveAttribute('aria-busy', 'true'));
    expect(screen.getByTestId('valuation-row-BOLT')).toBeInTheDocument();
    release();
    expect(await screen.findByText('Errore nel caricamento della valorizzazione')).toBeInTheDocument();
    const before = requests.length;
    fireEvent.click(screen.getByRole('button', { name: 'Riprova' }));
    expect(await screen.findByTestId('valuation-row-BOLT')).toBeInTheDocument();
    expect(requests.length).toBe(before + 1);
    expect(requests.at(-1)!.get('showZeroPrices')).toBe('true');
  });

  it('offers every warehouse, an inactive one marked as the kit pickers mark it (its past is valued too)', async () => {
    open();
    await screen.findByTestId('valuation-row-BOLT');
    expect(await screen.findByRole('option', { name: 'Verona (disattivato)' })).toBeInTheDocument();
    const before = requests.length;
    fireEvent.change(screen.getByTestId('filter-warehouse').querySelector('select') ?? screen.getByTestId('filter-warehouse'), {
      target: { value: '3' },
    });
    await waitFor(() => expect(requests.length).toBe(before + 1));
    expect(requests.at(-1)!.get('warehouseId')).toBe('3');
  });

  it('says fetchFailed / fetchWarehousesFailed in Italian and French', async () => {
    server.use(
      http.get('*/api/stock/valuation', () => HttpResponse.json({ error: 'x', code: 'X' }, { status: 500 })),
      http.get('*/api/warehouses', () => HttpResponse.json({ error: 'x', code: 'X' }, { status: 500 })),
    );
    open();
    expect(await screen.findByText('Errore nel caricamento della valorizzazione')).toBeInTheDocument();
    expect(await screen.findByText('Errore nel caricamento dei magazzini')).toBeInTheDocument();
    await switchLanguage('fr');
    expect(await screen.findByText('Erreur lors du chargement de la valorisation')).toBeInTheDocument();
  });
});
