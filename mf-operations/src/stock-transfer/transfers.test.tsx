import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { StockRow, Transfer, TransferListRow, Warehouse } from '@wms/shared-api';
import { switchLanguage } from '@wms/shared-ui/testing';
import { clearToasts, renderOperations } from '../movements/test-support/render';
import { company as companyFixture, product } from '../movements/test-support/server';
import './StockTransferRoutes';

/** The transfer screens against an in-memory API (msw): what they show and what they send. */
const warehouse = (id: number, name: string): Warehouse => ({
  id,
  name,
  description: null,
  is_active: true,
  address: null,
  city: null,
  province: null,
  zip_code: null,
  country: null,
  created_by: null,
  modified_by: null,
  created_at: '',
  updated_at: '',
});
const flour = product(11, 'FAR-00', { has_batch: true, has_expiry_date: true, unit_of_measure: 'kg', description: 'Farina 00' });
const stock = (batch: string, quantity: string, expiry: string): StockRow => ({
  product_id: 11,
  warehouse_id: 1,
  warehouse_name: 'Centrale',
  in_transit: false,
  batch_number: batch,
  quantity,
  expiry_date: expiry,
  production_date: null,
  product_code: 'FAR-00',
  product_name: null,
  product_description: 'Farina 00',
  product_category: 'Alimentari',
  unit_of_measure: 'kg',
});
const head = {
  id: 5,
  number: 'TR-2026-00005',
  from_warehouse_id: 1,
  from_warehouse_name: 'Centrale',
  to_warehouse_id: 2,
  to_warehouse_name: 'Nord',
  transfer_date: '2026-11-25',
  carrier: 'Bianchi',
  packages: 2,
  gross_weight: '12.500',
  notes: null,
  shipped_at: '2026-11-25T09:00:00.000Z',
  received_at: null,
  closed_at: null,
  created_by: 'admin',
  created_at: '2026-11-25T08:00:00.000Z',
};
const inTransit: Transfer = {
  ...head,
  status: 'in_transit',
  lines: [
    {
      id: 51,
      line_no: 1,
      product_id: 11,
      product_code: 'FAR-00',
      product_description: 'Farina 00',
      unit_of_measure: 'kg',
      batch_number: 'L2',
      quantity: '4.000',
      production_date: null,
      expiry_date: '2027-01-31',
      received_quantity: null,
      shortfall_reason: null,
    },
  ],
};
const listRow: TransferListRow = {
  ...head,
  status: 'in_transit',
  line_count: 1,
  total_quantity: '4.000',
  quantities: [{ unit_of_measure: 'kg', quantity: '4.000' }],
};

const sent: Array<{ method: string; path: string; body: unknown; key: string | null; params: Record<string, string> }> = [];
const record = async (request: Request) => {
  const url = new URL(request.url);
  sent.push({
    method: request.method,
    path: url.pathname,
    params: Object.fromEntries(url.searchParams),
    key: request.headers.get('idempotency-key'),
    body: request.method === 'GET' ? null : await request.clone().json(),
  });
};

const server = setupServer(
  http.get('*/api/warehouses', () =>
    HttpResponse.json([warehouse(1, 'Centrale'), warehouse(2, 'Nord')], { headers: { 'X-Total-Count': '2' } }),
  ),
  http.get('*/api/products', () => HttpResponse.json([flour], { headers: { 'X-Total-Count': '1' } })),
  http.get('*/api/products/11', () => HttpResponse.json(flour)),
  // FEFO: the server answers earliest expiry first; the form keeps that order.
  http.get('*/api/stock/product/11', () => HttpResponse.json([stock('L2', '6.000', '2027-01-31'), stock('L7', '10.000', '2027-09-30')])),
  http.get('*/api/transfers', async ({ request }) => {
    await record(request);
    return HttpResponse.json([listRow], { headers: { 'X-Total-Count': '1' } });
  }),
  http.get('*/api/transfers/5', () => HttpResponse.json(inTransit)),
  http.post('*/api/transfers', async ({ request }) => {
    await record(request);
    return HttpResponse.json({ ...inTransit, id: 9, number: 'TR-2026-00009', status: 'draft' }, { status: 201 });
  }),
  http.get('*/api/transfers/9', () => HttpResponse.json({ ...inTransit, id: 9, number: 'TR-2026-00009', status: 'draft' })),
  http.post('*/api/transfers/5/receive', async ({ request }) => {
    await record(request);
    return HttpResponse.json({ ...inTransit, status: 'partially_received' });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterEach(async () => {
  server.resetHandlers();
  sent.length = 0;
  await clearToasts();
  await switchLanguage('it');
});
afterAll(() => server.close());

it('the list: number, warehouses, status; the status filter goes to the server', async () => {
  const user = userEvent.setup();
  renderOperations('/operazioni/trasferimenti');
  const table = await screen.findByTestId('transfers-table');
  expect(await within(table).findByRole('link', { name: 'TR-2026-00005' })).toHaveAttribute('href', '/operazioni/trasferimenti/5');
  expect(within(table).getAllByText('In transito').length).toBeGreaterThan(0);
  await user.selectOptions(screen.getByTestId('filter-status'), 'draft');
  await waitFor(() => expect(sent.some((s) => s.params.status === 'draft')).toBe(true));
});

/** The form's first line: from Centrale to Nord, FAR-00 picked by its code, its FEFO batch L2 chosen. */
const fillLine = async (user: ReturnType<typeof userEvent.setup>) => {
  await screen.findByTestId('transfer-form');
  await waitFor(() => expect(within(screen.getByTestId('from-warehouse')).getAllByRole('option').length).toBe(3));
  await user.selectOptions(screen.getByTestId('from-warehouse'), '1');
  await user.selectOptions(screen.getByTestId('to-warehouse'), '2');
  await user.type(screen.getByTestId('product-0'), 'FAR');
  await user.click(await screen.findByTestId('product-option-FAR-00'));
  await waitFor(() => expect(screen.getByTestId('batch-0')).toHaveValue('L2'));
};

it('the form offers the batches at the source FEFO with expiry and availability, and sends exact quantities', async () => {
  const user = userEvent.setup();
  renderOperations('/operazioni/trasferimenti/nuovo');
  await screen.findByTestId('transfer-form');
  await user.click(screen.getByTestId('save-transfer'));
  expect(await screen.findAllByText('Campo obbligatorio')).not.toHaveLength(0);
  expect(sent.filter((s) => s.method === 'POST')).toHaveLength(0);
  await fillLine(user);
  expect(
    within(screen.getByTestId('batch-0'))
      .getAllByRole('option')
      .map((o) => o.textContent),
  ).toEqual(['Scegli il lotto', 'L2 · scad. 31/01/2027 · disponibili 6\u00a0kg', 'L7 · scad. 30/09/2027 · disponibili 10\u00a0kg']);
  await user.type(screen.getByTestId('quantity-0'), '2,5');
  await user.type(screen.getByTestId('gross-weight'), '1.234,5');
  await user.click(screen.getByTestId('save-transfer'));
  await waitFor(() => expect(sent.filter((s) => s.method === 'POST')).toHaveLength(1));
  const post = sent.find((s) => s.method === 'POST')!;
  expect(post.key).toBeTruthy();
  expect(post.body).toMatchObject({
    from_warehouse_id: 1,
    to_warehouse_id: 2,
    lines: [{ product_id: 11, batch_number: 'L2', quantity: '2.5' }],
    gross_weight: '1234.5',
  });
});

it('a scanned label (issue 27) fills the line: product, the scanned batch over the FEFO one, and the quantity it carries', async () => {
  server.use(
    http.get('*/api/barcodes/:code', () =>
      HttpResponse.json({ product: flour, batch_number: 'L7', expiry_date: '2027-09-30', quantity: '2.500' }),
    ),
  );
  const user = userEvent.setup();
  renderOperations('/operazioni/trasferimenti/nuovo');
  await screen.findByTestId('transfer-form');
  await waitFor(() => expect(within(screen.getByTestId('from-warehouse')).getAllByRole('option').length).toBe(3));
  await user.selectOptions(screen.getByTestId('from-warehouse'), '1');
  await user.selectOptions(screen.getByTestId('to-warehouse'), '2');
  await user.click(screen.getByRole('textbox', { name: 'Scansiona' }));
  await user.paste('(01)08001234567897(17)270930(10)L7(3102)000250');
  await waitFor(() => expect(screen.getByTestId('batch-0')).toHaveValue('L7'));
  await waitFor(() => expect(screen.getByTestId('quantity-0')).toHaveValue('2,5'));
  expect(screen.getByTestId('batch-0')).toHaveValue('L7');
  await user.click(screen.getByTestId('save-transfer'));
  await waitFor(() => expect(sent.filter((s) => s.method === 'POST')).toHaveLength(1));
  expect(sent.find((s) => s.method === 'POST')!.body).toMatchObject({ lines: [{ product_id: 11, batch_number: 'L7', quantity: '2.5' }] });
});

it('receiving short asks for the reason and sends it with the arrived quantity, exactly once', async () => {
  const user = userEvent.setup();
  renderOperations('/operazioni/trasferimenti/5/ricevi');
  const arrived = await screen.findByTestId('arrived-0');
  expect(arrived).toHaveValue('4');
  expect(screen.queryByTestId('reason-0')).not.toBeInTheDocument();
  await user.clear(arrived);
  await user.type(arrived, '1,5');
  await user.selectOptions(await screen.findByTestId('reason-0'), 'damaged');
  await user.click(screen.getByTestId('confirm-receive'));
  await waitFor(() => expect(sent.filter((s) => s.path.endsWith('/receive'))).toHaveLength(1));
  const post = sent.find((s) => s.path.endsWith('/receive'))!;
  expect(post.key).toBeTruthy();
  expect(post.body).toEqual({ lines: [{ line_id: 51, quantity: '1.5', reason: 'damaged' }] });
});

it('receiving checks what arrived as the server does, in the form: not above what was shipped, short only with a reason', async () => {
  const user = userEvent.setup();
  renderOperations('/operazioni/trasferimenti/5/ricevi');
  const arrived = await screen.findByTestId('arrived-0');
  await user.clear(arrived);
  await user.type(arrived, '5');
  await user.click(screen.getByTestId('confirm-receive'));
  expect(await screen.findByTestId('error-lines.0.quantity')).toHaveTextContent('Quantità superiore a quella spedita (4)');
  expect(arrived).toHaveFocus();
  await user.clear(arrived);
  await user.type(arrived, '3');
  await user.click(screen.getByTestId('confirm-receive'));
  expect(await screen.findByTestId('error-lines.0.reason')).toBeInTheDocument();
  expect(screen.getByTestId('reason-0')).toHaveFocus();
  expect(sent.filter((s) => s.path.endsWith('/receive'))).toHaveLength(0);
});

it('the transfer page: its facts and its lines (what was shipped, what arrived) in the kit table', async () => {
  renderOperations('/operazioni/trasferimenti/5');
  const table = await screen.findByRole('table', { name: 'Righe del trasferimento TR-2026-00005' });
  const [, row] = within(table).getAllByRole('row');
  expect(
    within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent),
  ).toEqual(['FAR-00 Farina 00', 'L2 · 31/01/2027', '4\u00a0kg', '—', '']);
  expect(screen.getByText('Trasporto').nextElementSibling).toHaveTextContent('Bianchi · 2 colli · 12,5 kg');
});

describe('audit 3: no mixed-unit sum, no valid-looking DDT of a void transfer, a warning above the stock on hand', () => {
  const company = companyFixture({ logo_mime_type: null, logo_updated_at: null });
  const closed = (status: Transfer['status']): Transfer => ({ ...inTransit, status, closed_at: '2026-11-26T10:00:00.000Z' });
  const printServer = (tr: Transfer) =>
    server.use(
      http.get('*/api/transfers/5', () => HttpResponse.json(tr)),
      http.get('*/api/company', () => HttpResponse.json(company)),
      http.get('*/api/warehouses/:id', ({ params }) =>
        HttpResponse.json(params.id === '1' ? warehouse(1, 'Centrale') : warehouse(2, 'Nord')),
      ),
    );

  it('the list shows the quantities per unit, never one sum of litres, pieces and kilograms, and offers the DDT only of a valid shipment', async () => {
    // The old total adds every line whatever its unit (12,5 l + 1.500 pz + 5 pz = "1517.5"); `quantities` keeps them apart.
    const row = (id: number, status: TransferListRow['status']): TransferListRow => ({
      ...listRow,
      id,
      number: `TR-2026-0000${id}`,
      status,
      line_count: 3,
      total_quantity: '1517.500',
      quantities: [
        { unit_of_measure: 'l', quantity: '12.500' },
        { unit_of_measure: 'piece', quantity: '1505.000' },
      ],
    });
    server.use(
      http.get('*/api/transfers', () =>
        HttpResponse.json([row(4, 'in_transit'), row(5, 'reversed'), row(6, 'cancelled'), row(7, 'draft'), row(8, 'received')], {
          headers: { 'X-Total-Count': '5' },
        }),
      ),
    );
    renderOperations('/operazioni/trasferimenti');
    const table = await screen.findByTestId('transfers-table');
    await within(table).findByRole('link', { name: 'TR-2026-00004' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers.some((h) => /quantit/i.test(h ?? ''))).toBe(true);
    expect(within(table).getAllByText('12,5 l · 1.505 pz')).toHaveLength(5);
    expect(table).not.toHaveTextContent('1.517,5');
    expect(table).not.toHaveTextContent('1517');
    expect(screen.getByTestId('print-transfer-4')).toHaveAttribute('href', '/operazioni/trasferimenti/4/stampa');
    expect(screen.getByTestId('print-transfer-8')).toBeInTheDocument();
    for (const id of [5, 6, 7]) expect(screen.queryByTestId(`print-transfer-${id}`)).toBeNull();
  });

  it('the page of a reversed transfer offers no DDT; a shipped one does', async () => {
    server.use(http.get('*/api/transfers/5', () => HttpResponse.json(closed('reversed'))));
    renderOperations('/operazioni/trasferimenti/5');
    expect(await screen.findByTestId('transfer-status')).toHaveTextContent('Stornato');
    expect(screen.queryByTestId('print-transfer')).toBeNull();
    cleanup();
    server.use(http.get('*/api/transfers/5', () => HttpResponse.json(inTransit)));
    renderOperations('/operazioni/trasferimenti/5');
    expect(await screen.findByTestId('print-transfer')).toHaveAttribute('href', '/operazioni/trasferimenti/5/stampa');
  });

  it('the DDT of a valid shipment carries no void mark, and writes "Date :" with a no-break space in French', async () => {
    printServer(inTransit);
    await switchLanguage('fr');
    renderOperations('/operazioni/trasferimenti/5/stampa');
    expect(await screen.findByTestId('ddt-number')).toHaveTextContent('DDT-2026-00005');
    expect(screen.queryByTestId('ddt-void')).toBeNull();
    // textContent, exactly: toHaveTextContent would read a no-break space as any space.
    expect(screen.getByTestId('ddt-date').parentElement!.textContent).toBe('Date\u00a0: 25/11/2026');
    expect(screen.getByTestId('ddt-reason').parentElement!.textContent).toBe('Motif du transport\u00a0: Transfert entre entrepôts');
  });

  it('the DDT of a reversed transfer says, on screen and on paper, that it is not valid (Italian and French)', async () => {
    printServer(closed('reversed'));
    renderOperations('/operazioni/trasferimenti/5/stampa');
    const banner = await screen.findByTestId('ddt-void');
    expect(banner).toHaveTextContent(/^STORNATO — documento non valido La spedizione è stata stornata/);
    // Inside the printed sheet, with the mark across the page that only paper shows.
    const sheet = screen.getByTestId('transfer-print').querySelector('.ddt-sheet')!;
    expect(sheet).toContainElement(banner);
    const mark = sheet.querySelector('.ddt-void-mark');
    expect(mark).toHaveTextContent('STORNATO — documento non valido');
    expect(mark).toHaveAttribute('aria-hidden', 'true');
    expect(document.title).toContain('DDT-2026-00005 STORNATO — documento non valido');
    cleanup();
    await switchLanguage('fr');
    renderOperations('/operazioni/trasferimenti/5/stampa');
    expect((await screen.findByTestId('ddt-void')).textContent).toMatch(
      /^EXTOURNÉ — document non valable L’expédition a été extournée\u00a0: la marchandise est revenue/,
    );
  });

  it('the DDT of a discarded draft says so', async () => {
    printServer(closed('cancelled'));
    renderOperations('/operazioni/trasferimenti/5/stampa');
    expect(await screen.findByTestId('ddt-void')).toHaveTextContent(/^SCARTATO — documento non valido La bozza è stata scartata/);
    cleanup();
    await switchLanguage('fr');
    renderOperations('/operazioni/trasferimenti/5/stampa');
    expect((await screen.findByTestId('ddt-void')).textContent).toMatch(
      /^ABANDONNÉ — document non valable Le brouillon a été abandonné\u00a0:/,
    );
  });

  it('the DDT of a draft says it is not valid yet (the goods have not left)', async () => {
    printServer(closed('draft'));
    renderOperations('/operazioni/trasferimenti/5/stampa');
    expect(await screen.findByTestId('ddt-void')).toHaveTextContent(/^BOZZA — documento non ancora valido La merce non è ancora partita/);
    cleanup();
    await switchLanguage('fr');
    renderOperations('/operazioni/trasferimenti/5/stampa');
    expect((await screen.findByTestId('ddt-void')).textContent).toMatch(/^BROUILLON — document pas encore valable/);
  });

  it('a quantity above what the batch has now is warned about under the field, live, and the draft still saves', async () => {
    const user = userEvent.setup();
    renderOperations('/operazioni/trasferimenti/nuovo');
    await fillLine(user);
    const warning = screen.getByTestId('over-available-0');
    const field = screen.getByTestId('quantity-0');
    expect(warning).toHaveAttribute('role', 'status');
    expect(warning).toBeEmptyDOMElement();
    await user.type(field, '6');
    expect(warning).toBeEmptyDOMElement(); // all of it: not more
    expect(warning.parentElement!.textContent).toBe('Disponibile: 6\u00a0kg');
    await user.type(field, ',001');
    expect(warning.textContent).toBe('Più di quanto disponibile ora (6\u00a0kg): la spedizione sarà rifiutata finché non arriva la merce');
    // It replaces the "available" hint (it says the same figure) and is part of the field's description.
    expect(warning.parentElement).not.toHaveTextContent('Disponibile:');
    expect(field.getAttribute('aria-describedby')).toContain(warning.parentElement!.id);
    // Another batch has more: the warning follows it.
    await user.selectOptions(screen.getByTestId('batch-0'), 'L7');
    await waitFor(() => expect(warning).toBeEmptyDOMElement());
    await user.selectOptions(screen.getByTestId('batch-0'), 'L2');
    await waitFor(() => expect(warning).not.toBeEmptyDOMElement());
    await user.click(screen.getByTestId('save-transfer'));
    await waitFor(() => expect(sent.filter((s) => s.method === 'POST')).toHaveLength(1));
    expect(sent.find((s) => s.method === 'POST')!.body).toMatchObject({
      lines: [{ product_id: 11, batch_number: 'L2', quantity: '6.001' }],
    });
  });

  it('the warning in French, with a no-break space before the colon', async () => {
    await switchLanguage('fr');
    const user = userEvent.setup();
    renderOperations('/operazioni/trasferimenti/nuovo');
    await fillLine(user);
    await user.type(screen.getByTestId('quantity-0'), '1 500');
    expect(screen.getByTestId('over-available-0').textContent).toBe(
      'Plus que le disponible actuel (6\u00a0kg)\u00a0: l’expédition sera refusée tant que la marchandise n’est pas arrivée',
    );
  });
});
