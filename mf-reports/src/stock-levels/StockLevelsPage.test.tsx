import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { addDays, companyToday, type StockLevelRow, type StockRow } from '@wms/shared-api';
import { renderSection, signInAs, switchLanguage } from '@wms/shared-ui/testing';
import App from '../App';

// Days relative to the company's today (Europe/Rome), as the expiry rule counts them.
const day = (offset: number) => addDays(companyToday(), offset);

const LEVELS: StockLevelRow[] = [
  {
    product_id: 1,
    product_code: 'VITE-10',
    product_name: null,
    product_description: 'Vite zincata',
    product_category: 'Ferramenta',
    unit_of_measure: 'piece',
    quantity: '1234.500',
    in_transit: '0.000',
    warehouses: 2,
    batches: 2,
    earliest_expiry: day(-3),
  },
  {
    product_id: 2,
    product_code: 'DADO-M8',
    product_name: null,
    product_description: 'Dado',
    product_category: 'Bulloneria',
    unit_of_measure: 'kg',
    quantity: '2.250',
    in_transit: '1.250',
    warehouses: 1,
    batches: 0,
    earliest_expiry: null,
  },
];
const row = (over: Partial<StockRow>): StockRow => ({
  product_id: 1,
  warehouse_id: 1,
  warehouse_name: 'Centrale',
  batch_number: null,
  quantity: '1.000',
  expiry_date: null,
  production_date: null,
  product_code: 'VITE-10',
  product_name: null,
  product_description: 'Vite zincata',
  product_category: 'Ferramenta',
  unit_of_measure: 'piece',
  ...over,
});
const DETAILS: StockRow[] = [
  row({
    warehouse_id: 1,
    warehouse_name: 'Centrale',
    batch_number: 'L1',
    quantity: '1000.000',
    expiry_date: day(-3),
    production_date: '2025-01-10',
  }),
  row({ warehouse_id: 2, warehouse_name: 'Nord', batch_number: 'L2', quantity: '234.500', expiry_date: day(10) }),
];

const requests: URL[] = [];
const server = setupServer(
  http.get('*/api/stock/levels', ({ request }) => {
    const url = new URL(request.url);
    requests.push(url);
    const code = url.searchParams.get('code')?.toLowerCase();
    const rows = LEVELS.filter((r) => !code || r.product_code.toLowerCase().includes(code));
    return HttpResponse.json(rows, { headers: { 'X-Total-Count': String(rows.length) } });
  }),
  http.get('*/api/stock/product/:id', ({ params }) => HttpResponse.json(params.id === '1' ? DETAILS : [])),
  http.get('*/api/warehouses', () =>
    HttpResponse.json(
      [
        { id: 1, name: 'Centrale', is_active: true },
        { id: 2, name: 'Nord', is_active: true },
        { id: 3, name: 'Verona', is_active: false },
      ],
      { headers: { 'X-Total-Count': '3' } },
    ),
  ),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
beforeEach(async () => {
  requests.length = 0;
  signInAs('warehouse');
  await switchLanguage('it');
});

const open = () => renderSection(<App />, { basePath: '/report', url: '/report/giacenze' });

describe('/report/giacenze', () => {
  it('lists one row per product with total in Italian format, unit and an expired marker', async () => {
    open();
    const vite = await screen.findByTestId('stock-row-VITE-10');
    expect(within(vite).getByText('1.234,5')).toBeInTheDocument();
    expect(within(vite).getByText('pz')).toBeInTheDocument();
    expect(within(vite).getByText('Scaduto')).toBeInTheDocument();
    expect(within(screen.getByTestId('stock-row-DADO-M8')).getByText('2,25')).toBeInTheDocument();
    expect(screen.getByTestId('stock-total')).toHaveTextContent('2 prodotti');
    expect(screen.getByTestId('stock-table')).not.toHaveTextContent('piece');
  });

  it('a scanned label finds its product: the code filter takes its code, the other texts are cleared, its row opens (issue 27)', async () => {
    server.use(
      http.get('*/api/barcodes/:code', () =>
        HttpResponse.json({ product: { id: 1, code: 'VITE-10', description: 'Vite zincata' }, batch_number: 'L1', expiry_date: null }),
      ),
    );
    renderSection(<App />, { basePath: '/report', url: '/report/giacenze?description=Vite' });
    await screen.findByTestId('stock-row-VITE-10');
    const scan = screen.getByRole('textbox', { name: 'Scansiona' });
    fireEvent.change(scan, { target: { value: '8001234567897' } });
    fireEvent.keyDown(scan, { key: 'Enter' });
    await waitFor(() => expect(requests.at(-1)?.searchParams.get('code')).toBe('VITE-10'));
    expect(requests.at(-1)?.searchParams.get('description')).toBeNull();
    expect(screen.getByTestId('filter-code').querySelector('input') ?? screen.getByTestId('filter-code')).toHaveValue('VITE-10');
    // Its warehouses and batches, without a click.
    expect(await screen.findByTestId('warehouse-row-Nord')).toHaveTextContent('234,5');
    expect(screen.getByTestId('batch-row-L1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nascondi magazzini e lotti di VITE-10' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('expired batches only (the dashboard card link): sent as expiry=expired, an open row shows its expired batches alone', async () => {
    renderSection(<App />, { basePath: '/report', url: '/report/giacenze?expiry=expired' });
    await screen.findByTestId('stock-row-VITE-10');
    expect(requests.at(-1)?.searchParams.get('expiry')).toBe('expired');
    expect(screen.getByRole('combobox', { name: 'Scadenza' })).toHaveValue('expired');
    fireEvent.click(screen.getByRole('button', { name: 'Mostra magazzini e lotti di VITE-10' }));
    // L1 expired three days ago (Centrale); L2 expires in ten days (Nord): not shown, nor its warehouse.
    expect(await screen.findByTestId('batch-row-L1')).toBeInTheDocument();
    expect(screen.queryByTestId('batch-row-L2')).not.toBeInTheDocument();
    expect(screen.queryByTestId('warehouse-row-Nord')).not.toBeInTheDocument();
    expect(document.querySelector('.report-print-filters')?.textContent).toMatch(/^Scadenza: Solo lotti scaduti · Stampato il/);
    fireEvent.change(screen.getByRole('combobox', { name: 'Scadenza' }), { target: { value: '' } });
    await waitFor(() => expect(requests.at(-1)?.searchParams.get('expiry')).toBeNull());
  });

  it("expiring within the dashboard card's window: sent with within_days, named with it, an open row shows those batches", async () => {
    renderSection(<App />, { basePath: '/report', url: '/report/giacenze?expiry=expiring&within_days=10' });
    await screen.findByTestId('stock-row-VITE-10');
    expect(requests.at(-1)?.searchParams.get('within_days')).toBe('10');
    expect(screen.getByRole('option', { name: 'In scadenza entro 10 giorni' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Mostra magazzini e lotti di VITE-10' }));
    expect(await screen.findByTestId('batch-row-L2')).toBeInTheDocument(); // today + 10: in
    expect(screen.queryByTestId('batch-row-L1')).not.toBeInTheDocument(); // expired: out
  });

  it("the markers and their legend use the card's window: a batch the filter keeps as expiring is marked so", async () => {
    const later = [
      ...DETAILS,
      row({ warehouse_id: 2, warehouse_name: 'Nord', batch_number: 'L3', quantity: '5.000', expiry_date: day(40) }),
    ];
    server.use(http.get('*/api/stock/product/:id', () => HttpResponse.json(later)));
    const l3Marker = async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Mostra magazzini e lotti di VITE-10' }));
      return within(await screen.findByTestId('batch-row-L3')).queryByText(/In scadenza/);
    };
    renderSection(<App />, { basePath: '/report', url: '/report/giacenze?expiry=expiring&within_days=45' });
    await screen.findByTestId('stock-row-VITE-10');
    expect(screen.getByTestId('stock-total')).toHaveTextContent('In scadenza: scade entro 45 giorni.');
    expect(await l3Marker()).toHaveTextContent('In scadenza (40 gg)');
    cleanup();
    open(); // the reports' 30 days: a batch 40 days away is not marked
    await screen.findByTestId('stock-row-VITE-10');
    expect(screen.getByTestId('stock-total')).toHaveTextContent('In scadenza: scade entro 30 giorni.');
    expect(await l3Marker()).toBeNull();
  });

  it('the printed filter line: the filters in force, then the day; no stray dash without filters; French colons', async () => {
    const printed = () => document.querySelector('.report-print-filters')?.textContent;
    renderSection(<App />, { basePath: '/report', url: '/report/giacenze' });
    await screen.findByTestId('stock-row-VITE-10');
    expect(printed()).toMatch(/^Stampato il \d{2}\/\d{2}\/\d{4}$/);
    cleanup();
    await switchLanguage('fr');
    renderSection(<App />, { basePath: '/report', url: '/report/giacenze?code=VITE' });
    await screen.findByTestId('stock-row-VITE-10');
    expect(printed()).toMatch(/^Code : VITE · Imprimé le \d{2}\/\d{2}\/\d{4}$/);
  });

  it('in French: groups with U+202F and a decimal comma, never a dot-grouped number; units "pce" / "kg", never "piece"', async () => {
    await switchLanguage('fr');
    open();
    const vite = await screen.findByTestId('stock-row-VITE-10');
    expect(screen.getByTestId('stock-quantity-VITE-10').textContent).toBe('1\u202f234,5');
    expect(within(vite).getByText('pce')).toBeInTheDocument();
    expect(within(screen.getByTestId('stock-row-DADO-M8')).getByText('kg')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Afficher les entrepôts et lots de VITE-10' }));
    // The warehouse's total is the exact sum of its batches (1000 + 0 in Centrale), Nord's is 234,5.
    // (textContent, not toHaveTextContent: that one turns U+202F into a plain space.)
    expect((await screen.findByTestId('warehouse-row-Centrale')).textContent).toContain('1\u202f000');
    expect(screen.getByTestId('warehouse-row-Nord')).toHaveTextContent('234,5');
    expect(screen.getByTestId('warehouse-row-Nord')).toHaveTextContent('pce');
    const table = screen.getByTestId('stock-table').textContent ?? '';
    expect(table).not.toMatch(/\d\.\d{3}/);
    expect(table).not.toContain('piece');
    expect(screen.getByTestId('stock-total')).toHaveTextContent('2 produits');
  });

  it("sums a warehouse's batches exactly (0.1 + 0.2 is 0,3) and counts thousands of products grouped", async () => {
    server.use(
      http.get('*/api/stock/levels', () => HttpResponse.json([LEVELS[0]], { headers: { 'X-Total-Count': '1234' } })),
      http.get('*/api/stock/product/:id', () =>
        HttpResponse.json([row({ batch_number: 'A', quantity: '0.100' }), row({ batch_number: 'B', quantity: '0.200' })]),
      ),
    );
    open();
    expect(await screen.findByTestId('stock-total')).toHaveTextContent('1.234 prodotti');
    fireEvent.click(await screen.findByRole('button', { name: 'Mostra magazzini e lotti di VITE-10' }));
    const centrale = await screen.findByTestId('warehouse-row-Centrale');
    expect(within(centrale).getByText('0,3')).toBeInTheDocument();
    expect(within(screen.getByTestId('page-of')).getByText('Pagina 1 di 25')).toBeInTheDocument();
  });

  it('expands a product to its warehouses and batches with expiry, production and the ≤ 30 days marker', async () => {
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Mostra magazzini e lotti di VITE-10' }));
    expect(await screen.findByTestId('warehouse-row-Centrale')).toHaveTextContent('1.000');
    const l1 = screen.getByTestId('batch-row-L1');
    expect(l1).toHaveTextContent('Lotto L1 · Produzione 10/01/2025');
    // Cell for cell under the header: the quantity under Quantity, the unit under Unit, the expiry under Expiry.
    const headers = Array.from(screen.getByTestId('stock-table').querySelectorAll('thead th'), (th) => th.textContent);
    const columnOf = (row: HTMLElement, text: string) => {
      let column = 0;
      for (const cell of Array.from(row.querySelectorAll('td'))) {
        if (cell.textContent?.includes(text)) return headers[column];
        column += cell.colSpan;
      }
      return null;
    };
    const centrale = screen.getByTestId('warehouse-row-Centrale');
    expect([columnOf(centrale, '1.000'), columnOf(centrale, 'pz'), columnOf(l1, 'pz'), columnOf(l1, 'Scaduto')]).toEqual([
      'Quantità',
      'Unità',
      'Unità',
      'Prima scadenza',
    ]);
    expect(within(l1).getByText('Scaduto')).toBeInTheDocument();
    expect(within(screen.getByTestId('batch-row-L2')).getByText('In scadenza (10 gg)')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Nascondi magazzini e lotti di VITE-10' }));
    expect(screen.queryByTestId('batch-row-L1')).not.toBeInTheDocument();
  });

  it('sends the filters to the server (code after typing pauses, warehouse at once)', async () => {
    open();
    await screen.findByTestId('stock-row-DADO-M8');
    fireEvent.change(screen.getByLabelText('Codice'), { target: { value: 'vite' } });
    await waitFor(() => expect(screen.queryByTestId('stock-row-DADO-M8')).not.toBeInTheDocument());
    expect(requests.at(-1)!.searchParams.get('code')).toBe('vite');
    await screen.findByRole('option', { name: 'Nord' });
    // An inactive warehouse may still hold stock: offered, marked as the kit's pickers mark it.
    expect(screen.getByRole('option', { name: 'Verona (disattivato)' })).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Magazzino'), { target: { value: '2' } });
    await waitFor(() => expect(requests.at(-1)!.searchParams.get('warehouse_id')).toBe('2'));
    expect(requests.at(-1)!.searchParams.get('limit')).toBe('50');
  });

  it('prints with batches (every row opened first) or without them', async () => {
    const print = jest.spyOn(window, 'print').mockImplementation(() => undefined);
    open();
    await screen.findByTestId('stock-row-VITE-10');
    fireEvent.click(screen.getByTestId('print-batches'));
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    expect(screen.getByTestId('stock-levels')).toHaveAttribute('data-print-batches', 'true');
    expect(screen.getByTestId('batch-row-L1')).toBeInTheDocument();
    fireEvent(window, new Event('afterprint'));
    fireEvent.click(screen.getByTestId('print'));
    await waitFor(() => expect(print).toHaveBeenCalledTimes(2));
    expect(screen.getByTestId('stock-levels')).toHaveAttribute('data-print-batches', 'false');
    print.mockRestore();
  });

  it('says "Errore nel caricamento delle giacenze" / "dei magazzini" when the calls fail, and in French', async () => {
    server.use(
      http.get('*/api/stock/levels', () => HttpResponse.json({ error: 'x', code: 'X' }, { status: 500 })),
      http.get('*/api/warehouses', () => HttpResponse.json({ error: 'x', code: 'X' }, { status: 500 })),
    );
    open();
    expect(await screen.findByText('Errore nel caricamento delle giacenze')).toBeInTheDocument();
    expect(await screen.findByText('Errore nel caricamento dei magazzini')).toBeInTheDocument();
    await switchLanguage('fr');
    expect(await screen.findByText('Erreur lors du chargement du stock')).toBeInTheDocument();
    expect(screen.getByText('Erreur lors du chargement des entrepôts')).toBeInTheDocument();
  });
});

it('the in-transit column (of which in transit, issue 26) and its filter', async () => {
  signInAs('warehouse');
  renderSection(<App />, { basePath: '/report', url: '/report/giacenze' });
  expect(await screen.findByTestId('stock-in-transit-DADO-M8')).toHaveTextContent('1,25');
  expect(screen.getByTestId('stock-in-transit-VITE-10')).toHaveTextContent('—');
  expect(screen.getByRole('columnheader', { name: 'In transito' })).toBeInTheDocument();
  fireEvent.click(screen.getByTestId('filter-in-transit'));
  await waitFor(() => expect(requests.at(-1)?.searchParams.get('in_transit')).toBe('true'));
});
