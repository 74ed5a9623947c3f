import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { Party, SaleStockRow, SaleView } from '@wms/shared-api';
import { missingTranslationKeys, switchLanguage } from '@wms/shared-ui/testing';
import { product } from '../movements/test-support/server';
import { clearToasts, renderOperations } from '../movements/test-support/render';
import { salesMessages } from './messages';

/** The sales screens against an in-memory /api (msw): what the form shows, what it sends, what it refuses. */
const customer = (id: number, business_name: string) => ({ id, business_name, city: 'Brescia' }) as Party;
const stockRow = (
  warehouse_id: number,
  batch_number: string | null,
  quantity: string,
  expiry_date: string | null,
  expired = false,
): SaleStockRow => ({
  product_id: 1,
  warehouse_id,
  warehouse_name: warehouse_id === 1 ? 'Centrale' : 'Nord',
  batch_number,
  quantity,
  unit_of_measure: 'kg',
  expiry_date,
  received_at: '2025-01-01',
  expired,
});
const sale = (id: number, over: Partial<SaleView> = {}): SaleView => ({
  id,
  status: 'active',
  product_id: 1,
  product_code: 'LATTE-01',
  product_description: 'Latte UHT 1 l',
  quantity: '2.000',
  unit_of_measure: 'kg',
  batch_number: 'L2',
  expiry_date: '2027-06-30',
  warehouse_id: 1,
  warehouse_name: 'Centrale',
  customer_id: 7,
  customer_name: 'Bar Centrale',
  created_at: '05/03/2026',
  created_by: 'admin',
  movement_id: 10,
  replaces_id: null,
  replaced_by_id: null,
  cancelled_at: null,
  ...over,
});

const fake = {
  customers: [customer(7, 'Bar Centrale')],
  // FEFO as the server answers: the expired batch first, then by expiry.
  stock: [] as SaleStockRow[],
  sales: [] as SaleView[],
  posted: [] as { body: unknown; key: string | null; method: string; url: string }[],
};

const server = setupServer(
  http.get('*/api/customers', ({ request }) => {
    const active = new URL(request.url).searchParams.get('active');
    return HttpResponse.json(active === 'true' ? fake.customers : [], { headers: { 'X-Total-Count': String(fake.customers.length) } });
  }),
  http.get('*/api/customers/:id', () => HttpResponse.json(fake.customers[0])),
  http.get('*/api/products', () =>
    HttpResponse.json([product(1, 'LATTE-01', { description: 'Latte UHT 1 l', has_batch: true, has_expiry_date: true })], {
      headers: { 'X-Total-Count': '1' },
    }),
  ),
  http.get('*/api/products/:id', () =>
    HttpResponse.json(product(1, 'LATTE-01', { description: 'Latte UHT 1 l', has_batch: true, has_expiry_date: true })),
  ),
  http.get('*/api/sales/stock/:id', () => HttpResponse.json(fake.stock)),
  http.get('*/api/sales', () => HttpResponse.json(fake.sales, { headers: { 'X-Total-Count': String(fake.sales.length) } })),
  http.get('*/api/sales/:id', ({ params }) => HttpResponse.json(fake.sales.find((s) => String(s.id) === params.id))),
  http.post('*/api/sales', async ({ request }) => {
    fake.posted.push({ body: await request.json(), key: request.headers.get('idempotency-key'), method: 'POST', url: request.url });
    return HttpResponse.json(sale(3), { status: 201 });
  }),
  http.put('*/api/sales/:id', async ({ request }) => {
    fake.posted.push({ body: await request.json(), key: request.headers.get('idempotency-key'), method: 'PUT', url: request.url });
    return HttpResponse.json(sale(4));
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  server.resetHandlers();
  await clearToasts();
});
afterAll(() => server.close());
beforeEach(async () => {
  fake.customers = [customer(7, 'Bar Centrale')];
  // FEFO as the server answers: the expired batch first, then by expiry. Quantities as exact decimal text.
  fake.stock = [
    stockRow(1, 'L0', '3.000', '2025-01-31', true),
    stockRow(2, 'L1', '6.500', '2027-01-31'),
    stockRow(1, 'L2', '4.000', '2027-06-30'),
  ];
  fake.sales = [sale(1), sale(2, { status: 'cancelled', customer_name: 'Trattoria Da Gino' })];
  fake.posted = [];
  await switchLanguage('it');
});

const quantity = () => screen.getByLabelText(/^Quantità/) as HTMLInputElement;
const batch = () => screen.getByTestId('sale-batch') as HTMLSelectElement;
const saveButton = () => screen.getByRole('button', { name: 'Salva' });

async function fillCustomerAndProduct() {
  await userEvent.type(screen.getByRole('combobox', { name: /Cliente/ }), 'Bar');
  await userEvent.click(await screen.findByTestId('customer-option-7'));
  await userEvent.type(screen.getByRole('combobox', { name: /Prodotto/ }), 'LATTE');
  await userEvent.click(await screen.findByTestId('product-option-LATTE-01'));
  await waitFor(() => expect(batch().value).not.toBe(''));
}

it('has every message in both languages', () => {
  expect(missingTranslationKeys(salesMessages)).toEqual([]);
});

it('/operazioni/vendite/abc names no sale: not found, never an empty new sale', async () => {
  renderOperations('/operazioni/vendite/abc', 'sales');
  expect(await screen.findByTestId('not-found')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Salva' })).toBeNull();
});

it('FEFO: batches earliest expiry first, expired ones marked and not selectable, the first non-expired preselected', async () => {
  renderOperations('/operazioni/vendite/nuova', 'sales');
  await screen.findByTestId('sale-form');
  await fillCustomerAndProduct();
  const options = Array.from(batch().options).slice(1);
  expect(options.map((o) => o.textContent)).toEqual([
    'Centrale · lotto L0 · scad. 31/01/2025 · disp. 3\u00a0kg — SCADUTO',
    'Nord · lotto L1 · scad. 31/01/2027 · disp. 6,5\u00a0kg',
    'Centrale · lotto L2 · scad. 30/06/2027 · disp. 4\u00a0kg',
  ]);
  expect(options[0].disabled).toBe(true);
  expect(batch().value).toBe('2|L1');
});

it('types 2,5 and sends the exact decimal "2.5" with an Idempotency-Key, then says so and returns to the list', async () => {
  renderOperations('/operazioni/vendite/nuova', 'sales');
  await screen.findByTestId('sale-form');
  await fillCustomerAndProduct();
  await userEvent.type(quantity(), '2,5');
  await userEvent.click(saveButton());
  await screen.findByTestId('sales-page');
  expect(fake.posted).toHaveLength(1);
  expect(fake.posted[0].body).toEqual({ product_id: 1, warehouse_id: 2, batch_number: 'L1', quantity: '2.5', customer_id: 7 });
  expect(fake.posted[0].key).toMatch(/.{8,}/);
  expect(await screen.findByText('Vendita registrata con successo')).toBeInTheDocument();
});

it('back on the list, the sale just saved is highlighted (the kit’s saved row), the others not', async () => {
  fake.sales = [sale(2), sale(3)];
  renderOperations('/operazioni/vendite/nuova', 'sales');
  await screen.findByTestId('sale-form');
  await fillCustomerAndProduct();
  await userEvent.type(quantity(), '2');
  await userEvent.click(saveButton());
  const saved = await screen.findByTestId('sale-row-3');
  await waitFor(() => expect(saved).toHaveClass('row-saved'));
  expect(saved).toHaveAttribute('aria-current', 'true');
  expect(screen.getByTestId('sale-row-2')).not.toHaveClass('row-saved');
});

it('above availability: the message and Save disabled; without a customer Save is disabled too', async () => {
  renderOperations('/operazioni/vendite/nuova', 'sales');
  await screen.findByTestId('sale-form');
  expect(saveButton()).toBeDisabled();
  // Disabled, and it says why (never a grey button with no reason); the reason goes with the customer chosen.
  expect(screen.getByTestId('sale-save-reason')).toHaveTextContent('Scegli il cliente per poter salvare');
  await fillCustomerAndProduct();
  expect(screen.queryByTestId('sale-save-reason')).toBeNull();
  await userEvent.type(quantity(), '7');
  expect(screen.getByText('Quantità superiore alla disponibilità: disponibili 6,5')).toBeInTheDocument();
  expect(saveButton()).toBeDisabled();
  await userEvent.selectOptions(batch(), '1|L2');
  await userEvent.clear(quantity());
  await userEvent.type(quantity(), '0,5');
  await userEvent.click(saveButton());
  expect(await screen.findByText('Quantità non valida: minimo 1, al massimo 3 decimali')).toBeInTheDocument();
  expect(fake.posted).toHaveLength(0);
});

it('a refusal of the server is shown in its words; nothing else happens', async () => {
  server.use(
    http.post('*/api/sales', () =>
      HttpResponse.json({ error: 'Quantità superiore alla disponibilità: disponibili 1', code: 'INSUFFICIENT_STOCK' }, { status: 409 }),
    ),
  );
  renderOperations('/operazioni/vendite/nuova', 'sales');
  await screen.findByTestId('sale-form');
  await fillCustomerAndProduct();
  await userEvent.type(quantity(), '2');
  await userEvent.click(saveButton());
  expect(await screen.findByTestId('sale-failure')).toHaveTextContent('Quantità superiore alla disponibilità: disponibili 1');
  expect(screen.getByTestId('sale-form')).toBeInTheDocument();
});

it('says so when no customer exists', async () => {
  fake.customers = [];
  renderOperations('/operazioni/vendite/nuova', 'sales');
  expect(await screen.findByTestId('no-customers')).toHaveTextContent('Nessun cliente disponibile');
});

it('edit: the sale being edited gives its quantity back to its batch (max = available + its quantity), sent with PUT', async () => {
  renderOperations('/operazioni/vendite/1', 'sales');
  await screen.findByTestId('sale-form');
  await waitFor(() => expect(batch().value).toBe('1|L2'));
  expect(within(batch()).getByText('Centrale · lotto L2 · scad. 30/06/2027 · disp. 6 kg')).toBeInTheDocument();
  await userEvent.clear(quantity());
  await userEvent.type(quantity(), '6');
  await userEvent.click(saveButton());
  await screen.findByTestId('sales-page');
  expect(fake.posted[0]).toMatchObject({ method: 'PUT', body: { quantity: '6', batch_number: 'L2', warehouse_id: 1 } });
  expect(fake.posted[0].url).toMatch(/\/api\/sales\/1$/);
});

it('edit of a sale of 1,1 from a batch holding 2,2: the maximum is exactly 3,3 (no float sum)', async () => {
  fake.sales = [sale(1, { quantity: '1.100' })];
  fake.stock = [stockRow(1, 'L2', '2.200', '2027-06-30')];
  renderOperations('/operazioni/vendite/1', 'sales');
  await screen.findByTestId('sale-form');
  await waitFor(() => expect(batch().value).toBe('1|L2'));
  expect(quantity()).toHaveValue('1,1');
  expect(within(batch()).getByText('Centrale · lotto L2 · scad. 30/06/2027 · disp. 3,3 kg')).toBeInTheDocument();
  expect(quantity()).toHaveAccessibleDescription('Da 1 a 3,3, al massimo 3 decimali');
  await userEvent.clear(quantity());
  await userEvent.type(quantity(), '3,3');
  expect(screen.queryByText(/Quantità superiore alla disponibilità/)).not.toBeInTheDocument();
  expect(saveButton()).toBeEnabled();
  await userEvent.clear(quantity());
  await userEvent.type(quantity(), '3,301');
  expect(screen.getByText('Quantità superiore alla disponibilità: disponibili 3,3')).toBeInTheDocument();
  expect(saveButton()).toBeDisabled();
});

it("the list shows quantities in the reader's language: 1.234,5 in Italian, 1 234,5 in French", async () => {
  fake.sales = [sale(1, { quantity: '1234.500' })];
  renderOperations('/operazioni/vendite', 'sales');
  const table = await screen.findByRole('table', { name: 'Elenco delle vendite' });
  // The unit by its label, never the code, kept on the figure's line (a no-break space).
  expect(within(table).getByText('1.234,5').closest('td')?.textContent).toBe('1.234,5\u00a0kg');
  await switchLanguage('fr');
  const fr = await screen.findByRole('table', { name: 'Liste des ventes' });
  expect(
    within(fr)
      .getByText('1\u202f234,5', { normalizer: (t) => t })
      .closest('td')?.textContent,
  ).toBe('1\u202f234,5\u00a0kg');
});

it('the list: cancelled rows greyed without actions; active ones offer edit and cancel; in French once', async () => {
  renderOperations('/operazioni/vendite', 'sales');
  const table = await screen.findByRole('table', { name: 'Elenco delle vendite' });
  const rows = within(table).getAllByRole('row').slice(1);
  expect(rows[0]).not.toHaveClass('row-inactive');
  expect(within(rows[0]).getByTestId('sale-cancel-1')).toBeInTheDocument();
  expect(rows[1]).toHaveClass('row-inactive');
  expect(within(rows[1]).queryByRole('button')).not.toBeInTheDocument();
  expect(within(rows[1]).getByText('Revocata')).toBeInTheDocument();
  await switchLanguage('fr');
  expect(await screen.findByRole('table', { name: 'Liste des ventes' })).toBeInTheDocument();
  expect(screen.getByText('Révoquée')).toBeInTheDocument();
});

describe('scanning (issue 27)', () => {
  const latte = product(1, 'LATTE-01', { description: 'Latte UHT 1 l', has_batch: true, has_expiry_date: true });
  const scans: string[] = [];
  beforeEach(() => {
    scans.length = 0;
    server.use(
      http.get('*/api/barcodes/:code', ({ params }) => {
        const code = params.code as string;
        scans.push(code);
        if (code.includes('L2')) return HttpResponse.json({ product: latte, batch_number: 'L2', expiry_date: '2027-06-30' });
        if (code.includes('L0')) return HttpResponse.json({ product: latte, batch_number: 'L0', expiry_date: '2025-01-31' });
        if (code.includes('L9')) return HttpResponse.json({ product: latte, batch_number: 'L9', expiry_date: '2030-01-31' });
        if (code.includes('VITE')) return HttpResponse.json({ product: product(5, 'VITE-M6', { has_batch: false }), batch_number: 'NOPE' });
        return HttpResponse.json({ code: 'BARCODE_UNKNOWN', error: `Codice non riconosciuto: ${code}` }, { status: 404 });
      }),
    );
  });
  const scan = async (text: string) => {
    const box = await screen.findByRole('textbox', { name: 'Scansiona' });
    await userEvent.click(box);
    await userEvent.paste(text);
  };

  it('a label’s GS1 fills product and batch: the scanned sellable batch overrides FEFO', async () => {
    renderOperations('/operazioni/vendite/nuova', 'sales');
    await scan('1727063010L2\u001d240LATTE-01');
    await waitFor(() => expect(batch().value).toBe('1|L2'));
    expect(screen.getByRole('combobox', { name: /Prodotto/ })).toHaveValue('LATTE-01 — Latte UHT 1 l');
    expect(screen.getByTestId('sale-scan-status')).toHaveTextContent('Letto: LATTE-01');
    expect(scans).toEqual(['1727063010L2\u001d240LATTE-01']);
  });

  it('an expired batch is refused with the reason; a batch not in stock says so and FEFO stays; unknown changes nothing', async () => {
    renderOperations('/operazioni/vendite/nuova', 'sales');
    await scan('(17)250131(10)L0(240)LATTE-01');
    expect(await screen.findByRole('alert')).toHaveTextContent('Il lotto L0 è scaduto il 31/01/2025: non può essere venduto');
    expect(screen.queryByTestId('sale-batch')).not.toBeInTheDocument();
    await scan('(17)300131(10)L9(240)LATTE-01');
    expect(await screen.findByTestId('sale-scan-note')).toHaveTextContent('Il lotto L9 letto non è in giacenza');
    expect(batch().value).toBe('2|L1');
    await scan('NOPE');
    expect(await screen.findByText('Codice non riconosciuto: NOPE')).toBeInTheDocument();
    expect(batch().value).toBe('2|L1');
  });

  it('a label’s batch is ignored for a product without batches: no batch message', async () => {
    fake.stock = [stockRow(1, null, '5.000', null)];
    renderOperations('/operazioni/vendite/nuova', 'sales');
    await scan('(01)08012345000012(10)NOPE(240)VITE-M6');
    expect(await screen.findByTestId('sale-scan-status')).toHaveTextContent('Letto: VITE-M6');
    await waitFor(() => expect(batch().value).toBe('1|'));
    expect(screen.queryByTestId('sale-scan-note')).toBeNull();
  });
});
