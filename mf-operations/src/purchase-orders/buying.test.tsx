import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { addDays, companyToday, type Price, type PurchaseOrderItem, type PurchaseOrderSummary } from '@wms/shared-api';
import { missingTranslationKeys, switchLanguage } from '@wms/shared-ui/testing';
import { pricesMessages } from '../prices/messages';
import { PRICE_SEARCH_STORAGE_KEY } from '../prices/PriceListPage';
import { clearToasts, renderOperations } from '../movements/test-support/render';
import { company as companyFixture, product } from '../movements/test-support/server';
import { purchaseOrdersMessages } from './messages';

/** The buying screens against an in-memory API (msw): what they send and what they show. */
const today = companyToday();
const supplier = {
  id: 7,
  business_name: 'Bulloneria Lombarda Srl',
  vat_number: '01234567897',
  address: 'Via A 1',
  city: 'Brescia',
  province: 'BS',
  zip_code: '25100',
  country: 'Italia',
  email: 'a@b.it',
  phone: '030 1',
  contact_name: null,
  contact_role: null,
  contact_phone: null,
  shipping_method: null,
  notes: null,
  is_active: true,
  created_by: null,
  modified_by: null,
  created_at: '',
  updated_at: '',
};
const vite = product(11, 'VT-M8', { supplier_id: 7, supplier_name: supplier.business_name, description: 'Vite M8 zincata' });
const price = (id: number, over: Partial<Price>): Price => ({
  id,
  product_id: 11,
  product_code: 'VT-M8',
  product_name: null,
  product_description: 'Vite M8 zincata',
  supplier_id: 7,
  supplier_name: supplier.business_name,
  price: '2.50000',
  currency: 'EUR',
  start_date: today,
  end_date: null,
  status: 'active',
  created_by: 'admin',
  modified_by: null,
  created_at: '',
  updated_at: '',
  ...over,
});
/** A line of order 3 (VT-M8 in pieces, nothing received), as GET /purchase-orders/{id} answers it. */
const orderItem = (over: Partial<PurchaseOrderItem>): PurchaseOrderItem => ({
  id: 31,
  line_no: 1,
  product_id: 11,
  product_code: 'VT-M8',
  product_name: 'Vite M8 zincata',
  product_description: 'Vite M8 zincata',
  unit_of_measure: 'piece',
  quantity: '1.000',
  unit_price: '1.0000',
  total: '1.0000',
  currency: 'EUR',
  price_source: 'price',
  received_quantity: '0.000',
  remaining_quantity: '1.000',
  completed: false,
  status: 'pending',
  ...over,
});
const sent: Array<{ method: string; path: string; body: unknown; params: Record<string, string> }> = [];
/** A new order of Bulloneria Lombarda with one line of VT-M8, a product with no price in force. */
async function newOrderLineWithoutPrice() {
  renderOperations('/operazioni/ordini-fornitori/nuovo', 'orders');
  await screen.findByTestId('purchase-order-form');
  await userEvent.type(screen.getByRole('combobox', { name: /Fornitore/ }), 'Bull');
  await userEvent.click(await screen.findByText('Bulloneria Lombarda Srl'));
  await userEvent.click(screen.getByTestId('add-line'));
  await userEvent.type(screen.getByRole('combobox', { name: /Prodotto/ }), 'VT');
  await userEvent.click(await screen.findByTestId('product-option-VT-M8'));
  await waitFor(() => expect(screen.getByTestId('price-source-0')).toHaveTextContent('Nessun prezzo in vigore'));
}

const record = async (request: Request) => {
  const url = new URL(request.url);
  sent.push({
    method: request.method,
    path: url.pathname,
    params: Object.fromEntries(url.searchParams),
    body: request.method === 'GET' || request.method === 'DELETE' ? null : await request.clone().json(),
  });
};
const order: PurchaseOrderSummary = {
  id: 3,
  order_number: 'PO-2026-00003',
  order_date: '2026-03-02',
  requested_arrival_date: '2026-03-20',
  confirmed_arrival_date: null,
  supplier_id: 7,
  supplier_name: supplier.business_name,
  notes: null,
  currency: 'EUR',
  status: 'partiallyReceived',
  total_amount: '12.3456',
  totals: [{ currency: 'EUR', amount: '12.3456' }],
  item_count: 1,
  created_by: 'admin',
  modified_by: null,
  created_at: '',
  updated_at: '',
};

const company = companyFixture();
const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const server = setupServer(
  http.get('*/api/prices', async ({ request }) => {
    await record(request);
    const rows = [
      price(1, {}),
      price(2, { start_date: addDays(today, -40), end_date: addDays(today, -1), status: 'inactive', price: '2.12345' }),
    ];
    return HttpResponse.json(rows, { headers: { 'X-Total-Count': '2' } });
  }),
  http.get('*/api/prices/counts', () => HttpResponse.json({ total: 2, active: 1, inactive: 1, upcoming: 0 })),
  http.get('*/api/prices/in-force', async ({ request }) => {
    await record(request);
    return HttpResponse.json({
      price_id: 1,
      product_id: 11,
      supplier_id: 7,
      price: '2.12345',
      currency: 'EUR',
      start_date: '2026-01-01',
      end_date: null,
    });
  }),
  http.post('*/api/prices', async ({ request }) => {
    await record(request);
    return HttpResponse.json({ error: 'Esiste già un prezzo valido per questo periodo', code: 'PRICE_OVERLAP' }, { status: 409 });
  }),
  http.get('*/api/prices/1', () => HttpResponse.json(price(1, {}))),
  http.get('*/api/prices/404', () => HttpResponse.json({ error: 'Prezzo non trovato' }, { status: 404 })),
  http.put('*/api/prices/:id', async ({ request }) => {
    await record(request);
    return HttpResponse.json(price(1, { price: '2.75000' }));
  }),
  http.delete('*/api/prices/:id', async ({ request }) => {
    await record(request);
    return HttpResponse.json({ message: 'ok', id: 1 });
  }),
  http.delete('*/api/purchase-orders/:id', async ({ request }) => {
    await record(request);
    return HttpResponse.json({ message: 'ok', id: 3 });
  }),
  http.get('*/api/suppliers', () => HttpResponse.json([supplier], { headers: { 'X-Total-Count': '1' } })),
  http.get('*/api/suppliers/7', () => HttpResponse.json(supplier)),
  http.get('*/api/products', () => HttpResponse.json([vite], { headers: { 'X-Total-Count': '1' } })),
  http.get('*/api/products/11', () => HttpResponse.json(vite)),
  http.get('*/api/purchase-orders', async ({ request }) => {
    await record(request);
    return HttpResponse.json([order], { headers: { 'X-Total-Count': '1' } });
  }),
  http.post('*/api/purchase-orders', async ({ request }) => {
    await record(request);
    return HttpResponse.json({ ...order, items: [] }, { status: 201 });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  server.resetHandlers();
  await clearToasts();
  localStorage.clear();
  sent.length = 0;
});
afterAll(() => server.close());
beforeEach(() => switchLanguage('it'));

it('has every message in both languages', () => {
  expect(missingTranslationKeys(pricesMessages)).toEqual([]);
  expect(missingTranslationKeys(purchaseOrdersMessages)).toEqual([]);
});

describe('prices', () => {
  it('lists prices with counters, 2–5 decimals, dd/MM/yyyy, status badges; the search is kept in the browser', async () => {
    renderOperations('/operazioni/prezzi', 'administration');
    const table = await screen.findByRole('table', { name: 'Elenco dei prezzi' });
    expect(within(table).getByText('2,50 €')).toBeInTheDocument();
    expect(within(table).getByText('2,12345 €')).toBeInTheDocument();
    expect(within(table).getByText('Non attivo')).toBeInTheDocument();
    expect(within(table).getByText(today.split('-').reverse().join('/'))).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('count-inactive')).toHaveTextContent('Non attivi: 1'));
    await userEvent.type(screen.getByPlaceholderText('Cerca...'), 'vite');
    await waitFor(() => expect(sent.some((r) => r.path === '/api/prices' && r.params.q === 'vite')).toBe(true));
    expect(localStorage.getItem(PRICE_SEARCH_STORAGE_KEY)).toBe('vite');
  });

  it('sends an exact price typed with a decimal comma and shows the §8 overlap text on 409', async () => {
    renderOperations('/operazioni/prezzi/nuovo', 'administration');
    await screen.findByTestId('price-form');
    await userEvent.type(screen.getByRole('combobox', { name: /Prodotto/ }), 'VT');
    await userEvent.click(await screen.findByTestId('product-option-VT-M8'));
    await userEvent.type(screen.getByLabelText(/Prezzo/), '2,5');
    await userEvent.click(screen.getByRole('button', { name: 'Salva' }));
    expect(await screen.findAllByText('Esiste già un prezzo valido per questo periodo')).not.toHaveLength(0);
    const post = sent.find((r) => r.method === 'POST');
    expect(post?.body).toMatchObject({ product_id: 11, supplier_id: 7, price: '2.5', currency: 'EUR', start_date: today });
  });
});

describe('prices on the kit (issue 22)', () => {
  it('deletes a price through its row action, named after its row, after asking', async () => {
    renderOperations('/operazioni/prezzi', 'administration');
    const from = today.split('-').reverse().join('/');
    await userEvent.click(await screen.findByRole('button', { name: `Elimina il prezzo di VT-M8 (Bulloneria Lombarda Srl) dal ${from}` }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(`Sei sicuro di voler eliminare il prezzo di VT-M8 (Bulloneria Lombarda Srl) dal ${from}?`);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Elimina' }));
    expect(await screen.findByText('Prezzo eliminato con successo')).toBeInTheDocument();
    expect(sent.some((r) => r.method === 'DELETE' && r.path === '/api/prices/1')).toBe(true);
  });

  it('a stored search is restored by the list helper', async () => {
    localStorage.setItem(PRICE_SEARCH_STORAGE_KEY, 'bullone');
    renderOperations('/operazioni/prezzi', 'administration');
    await waitFor(() => expect(sent.some((r) => r.path === '/api/prices' && r.params.q === 'bullone')).toBe(true));
    expect(screen.getByPlaceholderText('Cerca...')).toHaveValue('bullone');
  });

  it('loads a price into its form, saves it and shows it highlighted back on the list', async () => {
    renderOperations('/operazioni/prezzi/1', 'administration');
    const input = await screen.findByTestId('price-input');
    expect(input).toHaveValue('2,5');
    await userEvent.clear(input);
    await userEvent.type(input, '2,75');
    await userEvent.click(screen.getByRole('button', { name: 'Salva' }));
    const row = await screen.findByTestId('price-row-1');
    expect(row).toHaveClass('row-saved');
    expect(row).toHaveAttribute('aria-current', 'true');
    expect(sent.find((r) => r.method === 'PUT')?.body).toMatchObject({ price: '2.75', supplier_id: 7, product_id: 11 });
  });

  it('a price that does not exist says so, with the way back', async () => {
    renderOperations('/operazioni/prezzi/404', 'administration');
    expect(await screen.findByText('Prezzo non trovato')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Prezzi' })).toHaveAttribute('href', '/operazioni/prezzi');
  });
});

describe('purchase orders', () => {
  it('lists orders with the status in words, 2-decimal totals and the supplier cut at 15 characters', async () => {
    renderOperations('/operazioni/ordini-fornitori', 'orders');
    const table = await screen.findByRole('table', { name: 'Elenco degli ordini fornitori' });
    expect(within(table).getByText('PO-2026-00003')).toBeInTheDocument();
    expect(within(table).getByText('Arrivato Parzialmente')).toBeInTheDocument();
    expect(within(table).getByText('12,35 €')).toBeInTheDocument();
    expect(within(table).getAllByText('Bulloneria Lomb…').length).toBeGreaterThan(0);
  });

  it('refuses an order without lines with the message inline (once), then prices a line from the price in force and sends exact decimals', async () => {
    renderOperations('/operazioni/ordini-fornitori/nuovo', 'orders');
    await screen.findByTestId('purchase-order-form');
    // No supplier: SPEC §8's line above the buttons, the field its own word under it.
    await userEvent.click(screen.getByRole('button', { name: 'Salva' }));
    expect(await screen.findByText('Compila tutti i campi obbligatori (date e fornitore)')).toHaveClass('alert-error');
    expect(screen.getByRole('combobox', { name: /Fornitore/ })).toHaveAccessibleDescription('Campo obbligatorio');
    await userEvent.type(screen.getByRole('combobox', { name: /Fornitore/ }), 'Bull');
    await userEvent.click(await screen.findByText('Bulloneria Lombarda Srl'));
    await userEvent.click(screen.getByRole('button', { name: 'Salva' }));
    expect(await screen.findAllByText("Aggiungi almeno un prodotto all'ordine")).toHaveLength(1);
    expect(screen.queryByText(/Compila tutti i campi/)).not.toBeInTheDocument();

    await userEvent.click(screen.getByTestId('add-line'));
    // The new line's product has the focus (not the button), to be typed at once.
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Prodotto/ })).toHaveFocus());
    await userEvent.type(screen.getByRole('combobox', { name: /Prodotto/ }), 'VT');
    await userEvent.click(await screen.findByTestId('product-option-VT-M8'));
    await waitFor(() => expect(screen.getByTestId('price-source-0')).toHaveTextContent('Prezzo in vigore dal 01/01/2026'));
    // Text that cannot be read gets no total (the last readable quantity is not guessed), then 2,5 is read exactly.
    await userEvent.type(screen.getByLabelText(/Quantità/), '2,5,');
    await waitFor(() => expect(screen.getByTestId('line-total-0')).toHaveTextContent('Totale: —'));
    expect(screen.getByTestId('order-total')).toHaveTextContent('Totale ordine: —');
    await userEvent.type(screen.getByLabelText(/Quantità/), '{Backspace}');
    await waitFor(() => expect(screen.getByTestId('line-total-0')).toHaveTextContent('5,3088 €')); // 2.5 × 2.1235 = 5.30875 → 5.3088
    expect(screen.getByTestId('order-total')).toHaveTextContent('5,31 €');
    // The product's unit by its label beside the quantity, never the code.
    expect(screen.getByTestId('line-0')).toHaveTextContent('pz');
    expect(screen.getByTestId('line-0')).not.toHaveTextContent('piece');
    await userEvent.click(screen.getByRole('button', { name: 'Salva' }));
    await waitFor(() => expect(sent.some((r) => r.method === 'POST' && r.path === '/api/purchase-orders')).toBe(true));
    const post = sent.find((r) => r.method === 'POST' && r.path === '/api/purchase-orders');
    expect(post?.body).toMatchObject({
      supplier_id: 7,
      order_date: today,
      items: [{ product_id: 11, quantity: '2.5', unit_price: '2.1235' }],
    });
    // The lines are kept once, as the form's items: what the screen adds to a line (its key, code, origin) is not sent.
    expect((post?.body as { items: unknown[] }).items).toEqual([
      { id: null, product_id: 11, quantity: '2.5', unit_price: '2.1235', price_source: 'manual' },
    ]);
    await screen.findByRole('table', { name: 'Elenco degli ordini fornitori' });
  });

  it("a unit price typed where none is in force is saved as the supplier's price from today; the order is highlighted", async () => {
    server.use(
      http.get('*/api/prices/in-force', () => HttpResponse.json(null)),
      http.post('*/api/prices/from-today', async ({ request }) => {
        await record(request);
        return HttpResponse.json({ outcome: 'created', price: price(9, { price: '3.50000' }), closed: null }, { status: 201 });
      }),
    );
    await newOrderLineWithoutPrice();
    // The offer comes with a typed price, not with the 0 put there for want of a price.
    expect(screen.queryByTestId('line-save-price-0')).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/Quantità/), '2');
    await userEvent.clear(screen.getByTestId('unit-price-0'));
    await userEvent.type(screen.getByTestId('unit-price-0'), '3,5');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Salva come prezzo del fornitore da oggi' }));
    await userEvent.click(screen.getByRole('button', { name: 'Salva' }));
    expect(await screen.findByText('Prezzo del fornitore di VT-M8 salvato da oggi')).toBeInTheDocument();
    // One call: the server ends the old price and starts this one today, in one transaction (nothing to put back here).
    expect(sent.find((r) => r.path === '/api/prices/from-today')?.body).toEqual({
      supplier_id: 7,
      product_id: 11,
      price: '3.5',
      currency: 'EUR',
    });
    // The order first, then its price; back on the list the saved order is highlighted.
    const writes = sent.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`);
    expect(writes).toEqual(['POST /api/purchase-orders', 'POST /api/prices/from-today']);
    expect(await screen.findByTestId('order-row-3')).toHaveClass('row-saved');
  });

  it("a refused 'price from today' is said with the server's reason; the order stays saved and nothing else is written", async () => {
    server.use(
      http.get('*/api/prices/in-force', () => HttpResponse.json(null)),
      http.post('*/api/prices/from-today', async ({ request }) => {
        await record(request);
        return HttpResponse.json({ error: 'Esiste già un prezzo valido per questo periodo', code: 'PRICE_OVERLAP' }, { status: 409 });
      }),
    );
    await newOrderLineWithoutPrice();
    await userEvent.type(screen.getByLabelText(/Quantità/), '2');
    await userEvent.clear(screen.getByTestId('unit-price-0'));
    await userEvent.type(screen.getByTestId('unit-price-0'), '3,5');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Salva come prezzo del fornitore da oggi' }));
    await userEvent.click(screen.getByRole('button', { name: 'Salva' }));
    expect(
      await screen.findByText('Prezzo del fornitore di VT-M8 non salvato: Esiste già un prezzo valido per questo periodo'),
    ).toBeInTheDocument();
    expect(await screen.findByTestId('order-row-3')).toHaveClass('row-saved');
    const writes = sent.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`);
    expect(writes).toEqual(['POST /api/purchase-orders', 'POST /api/prices/from-today']);
  });

  it('filters (late only, on the kit) reach the server and the CSV export, which downloads the filtered list', async () => {
    server.use(
      http.get('*/api/purchase-orders/export.csv', async ({ request }) => {
        await record(request);
        return new HttpResponse('numero;data\n', { headers: { 'content-type': 'text/csv' } });
      }),
    );
    URL.createObjectURL = jest.fn(() => 'blob:orders');
    URL.revokeObjectURL = jest.fn();
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderOperations('/operazioni/ordini-fornitori?late=true', 'orders');
    expect(await screen.findByTestId('filter-late')).toBeChecked();
    await waitFor(() => expect(sent.some((r) => r.path === '/api/purchase-orders' && r.params.late === 'true')).toBe(true));
    await userEvent.click(screen.getByTestId('export-orders'));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(sent.find((r) => r.path === '/api/purchase-orders/export.csv')?.params).toEqual({ late: 'true' });
    await userEvent.click(screen.getByTestId('filter-late'));
    await waitFor(() => expect(screen.getByTestId('filter-late')).not.toBeChecked());
    click.mockRestore();
  });

  it('deletes an order through its row action after asking; edit and print are named after the order', async () => {
    // Only an order with nothing received can go: the received one offers no Delete the server would refuse.
    const received = { ...order, id: 4, order_number: 'PO-2026-00004' };
    server.use(
      http.get('*/api/purchase-orders', () =>
        HttpResponse.json([{ ...order, status: 'notReceived' }, received], { headers: { 'X-Total-Count': '2' } }),
      ),
    );
    renderOperations('/operazioni/ordini-fornitori', 'orders');
    expect(await screen.findByRole('link', { name: "Modifica l'ordine PO-2026-00004" })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: "Elimina l'ordine PO-2026-00004" })).toBeNull();
    expect(await screen.findByRole('link', { name: "Modifica l'ordine PO-2026-00003" })).toHaveAttribute(
      'href',
      '/operazioni/ordini-fornitori/3',
    );
    expect(screen.getByRole('link', { name: "Stampa l'ordine PO-2026-00003" })).toHaveAttribute(
      'href',
      '/operazioni/ordini-fornitori/3/stampa',
    );
    await userEvent.click(screen.getByRole('button', { name: "Elimina l'ordine PO-2026-00003" }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Elimina' }));
    expect(await screen.findByText('Ordine eliminato con successo')).toBeInTheDocument();
    expect(sent.some((r) => r.method === 'DELETE' && r.path === '/api/purchase-orders/3')).toBe(true);
  });

  it('a line with goods received can be neither removed nor given another product, and says why', async () => {
    const received = { received_quantity: '40.000', remaining_quantity: '60.000', status: 'partiallyReceived' } as const;
    const item = orderItem({ quantity: '100.000', unit_price: '1.0000', total: '100.0000', ...received });
    server.use(http.get('*/api/purchase-orders/3', () => HttpResponse.json({ ...order, items: [item] })));
    renderOperations('/operazioni/ordini-fornitori/3', 'orders');
    expect(await screen.findByTestId('remove-line-0')).toBeDisabled();
    expect(screen.getByTestId('line-0')).toHaveTextContent('Riga già ricevuta: non si può togliere né cambiare prodotto');
    expect(within(screen.getByTestId('line-0')).getByRole('combobox')).toBeDisabled();
  });

  it('an order received in full opens read-only: its form address shows the order with a notice, and goes back to the list', async () => {
    const received = { received_quantity: '100.000', remaining_quantity: '0.000', status: 'completed' } as const;
    const item = orderItem({ quantity: '100.000', unit_price: '1.0000', total: '100.0000', ...received });
    server.use(
      http.get('*/api/purchase-orders/3', () => HttpResponse.json({ ...order, status: 'fullyReceived', items: [item] })),
      http.get('*/api/company', () => HttpResponse.json(company)),
    );
    renderOperations('/operazioni/ordini-fornitori/3', 'orders');
    expect(await screen.findByTestId('order-received-in-full')).toHaveTextContent(
      'Ordine ricevuto completamente: non si modifica più, qui in sola lettura.',
    );
    expect(screen.getByTestId('location')).toHaveTextContent('/operazioni/ordini-fornitori/3/stampa');
    expect(screen.queryByTestId('purchase-order-form')).toBeNull();
    expect(screen.getByRole('link', { name: 'Torna agli ordini' })).toHaveAttribute('href', '/operazioni/ordini-fornitori');
  });

  it('an order that does not exist says SPEC §8\'s "Order not found", with the way back to the orders', async () => {
    server.use(http.get('*/api/purchase-orders/404', () => HttpResponse.json({ error: 'Ordine non trovato' }, { status: 404 })));
    renderOperations('/operazioni/ordini-fornitori/404', 'orders');
    expect(await screen.findByTestId('not-found')).toHaveTextContent('Order not found');
    expect(screen.getByRole('link', { name: 'Ordini fornitori' })).toHaveAttribute('href', '/operazioni/ordini-fornitori');
  });

  it.each([
    ['/operazioni/ordini-fornitori/abc', 'Order not found', 'purchase-order-form', 'orders'],
    ['/operazioni/ordini-fornitori/12abc', 'Order not found', 'purchase-order-form', 'orders'],
    ['/operazioni/prezzi/abc', 'Prezzo non trovato', 'price-form', 'administration'],
  ] as const)('%s names no record: not found, never an empty new form that would save a new one', async (url, words, form, role) => {
    renderOperations(url, role);
    expect(await screen.findByTestId('not-found')).toHaveTextContent(words);
    expect(screen.queryByTestId(form)).toBeNull();
  });

  it.each([
    ['/operazioni/ordini-fornitori/2/x', '/operazioni/ordini-fornitori', 'orders'],
    ['/operazioni/prezzi/5/x/y', '/operazioni/prezzi', 'administration'],
  ] as const)('an unknown address under an area (%s) goes to its list, never a blank page', async (url, list, role) => {
    renderOperations(url, role);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(list));
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });

  it("the printed order sent to the supplier names units by their label and writes numbers in the reader's language", async () => {
    const item = orderItem({ quantity: '1500.000', unit_price: '0.0123', total: '18.4500', remaining_quantity: '1500.000' });
    server.use(
      http.get('*/api/purchase-orders/3', () =>
        HttpResponse.json({ ...order, totals: [{ currency: 'EUR', amount: '18.45' }], items: [item] }),
      ),
      http.get('*/api/company', () => HttpResponse.json(company)),
      http.get('*/api/company/logo', () => new HttpResponse(PNG_BYTES, { headers: { 'content-type': 'image/png' } })),
    );
    renderOperations('/operazioni/ordini-fornitori/3/stampa', 'orders');
    const sheet = await screen.findByTestId('order-print');
    // The company's header comes from /company (issue 26), the supplier's address and VAT number from /suppliers/7.
    expect(await screen.findByTestId('company-name')).toHaveTextContent('Ditta Stampa S.r.l.');
    expect(screen.getByTestId('company-address')).toHaveTextContent('Via Po 3, 10121 Torino (TO), Italia');
    expect(screen.getByTestId('company-vat')).toHaveTextContent('P. IVA 09876543217');
    expect(await screen.findByTestId('company-logo')).toHaveAttribute('src', expect.stringMatching(/^data:image\/png;base64,/));
    expect(screen.getByTestId('print-supplier-address')).toHaveTextContent('Via A 1, ');
    expect(screen.getByTestId('print-supplier-address')).toHaveTextContent('Brescia');
    expect(screen.getByTestId('print-supplier-vat')).toHaveTextContent('P. IVA 01234567897');
    expect(screen.getByTestId('print-unit-31')).toHaveTextContent('pz');
    expect(sheet).not.toHaveTextContent('piece');
    expect(sheet).toHaveTextContent('1.500');
    expect(sheet).toHaveTextContent('0,0123 €');
    expect(screen.getByTestId('print-total')).toHaveTextContent('18,45 €');
    await switchLanguage('fr');
    expect(screen.getByTestId('print-unit-31')).toHaveTextContent('pce');
    expect(screen.getByTestId('order-print').textContent).toContain('1\u202f500');
    // French typography: a no-break space before the colon ("Date : 05/03/2026"); Italian has none.
    expect(screen.getByTestId('order-print').textContent).toMatch(/Date\u00a0: \d\d\/\d\d\/\d{4}/);
  });
});
