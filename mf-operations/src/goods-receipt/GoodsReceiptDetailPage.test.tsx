import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { ReceiptOrder, ReceiptOrderItem } from '@wms/shared-api';
import { missingTranslationKeys, switchLanguage } from '@wms/shared-ui/testing';
import { clearToasts, renderOperations } from '../movements/test-support/render';
import { goodsReceiptMessages } from './messages';

function item(id: number, code: string, over: Partial<ReceiptOrderItem> = {}): ReceiptOrderItem {
  return {
    id,
    product_id: id * 10,
    code,
    description: `Descrizione lunga dell'articolo ${code}`,
    ordered_quantity: '100.000',
    received_quantity: '0.000',
    remaining_quantity: '100.000',
    max_receivable_quantity: '110.000',
    unit_of_measure: 'kg',
    status: 'pending',
    completed: false,
    current_warehouse_id: null,
    has_batches: false,
    has_expiry: false,
    has_production_date: false,
    batches: [],
    ...over,
  };
}

const ORDER: ReceiptOrder = {
  id: 7,
  order_number: 'PO-2026-00007',
  order_date: '2026-03-01',
  requested_arrival_date: '2026-03-10',
  supplier_name: 'Acciai Lombardi Srl',
  status: 'partiallyReceived',
  items: [
    item(1, 'FARINA-00', { has_batches: true, has_expiry: true }),
    item(2, 'VITE-M6', {
      unit_of_measure: 'piece',
      received_quantity: '40.000',
      remaining_quantity: '60.000',
      max_receivable_quantity: '70.000',
      status: 'partiallyReceived',
      current_warehouse_id: 1,
    }),
    item(3, 'BULLONE-8', {
      received_quantity: '100.000',
      remaining_quantity: '0.000',
      max_receivable_quantity: '0.000',
      status: 'completed',
    }),
  ],
  summary: {
    // Units differ: no single total (issue 21), one per unit.
    ordered_quantity: null,
    total_received: null,
    quantities: [
      { unit_of_measure: 'kg', ordered: '200.000', received: '100.000' },
      { unit_of_measure: 'piece', ordered: '100.000', received: '40.000' },
    ],
    last_receipt_date: '2026-03-05',
    receipt_count: 2,
  },
  receipts: [],
};

const posted: unknown[] = [];
const keys: string[] = [];
const server = setupServer(
  http.get('*/api/goods-receipts/order-details/:id', () => HttpResponse.json(ORDER)),
  http.get('*/api/goods-receipts/orders', () => HttpResponse.json([], { headers: { 'X-Total-Count': '0' } })),
  http.get('*/api/warehouses', () =>
    HttpResponse.json([
      { id: 1, name: 'Centrale', description: null, is_active: true },
      { id: 2, name: 'Nord', description: null, is_active: true },
    ]),
  ),
  http.post('*/api/goods-receipts/receive', async ({ request }) => {
    posted.push(await request.json());
    keys.push(request.headers.get('idempotency-key') ?? '');
    return HttpResponse.json({ id: 99, document_number: 'DDT-5' }, { status: 201 });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  server.resetHandlers();
  await clearToasts();
});
afterAll(() => server.close());
beforeEach(async () => {
  posted.length = 0;
  keys.length = 0;
  await switchLanguage('it');
});

async function open() {
  renderOperations('/operazioni/ricezione-merce/7');
  await screen.findByTestId('goods-receipt-detail');
  await waitFor(() => expect(within(screen.getByTestId('warehouse-FARINA-00')).getAllByRole('option').length).toBeGreaterThan(1));
}
const type = (testId: string, text: string) =>
  fireEvent.change(screen.getByTestId(testId).querySelector('input') ?? screen.getByTestId(testId), { target: { value: text } });
const input = (testId: string) =>
  (screen.getByTestId(testId).tagName === 'INPUT'
    ? screen.getByTestId(testId)
    : screen.getByTestId(testId).querySelector('input')) as HTMLInputElement;

describe('goods receipt detail', () => {
  it('every message exists in both languages', () => {
    expect(missingTranslationKeys(goodsReceiptMessages)).toEqual([]);
  });

  it('shows the order, statuses in colour, cut descriptions, and locks completed items', async () => {
    await open();
    expect(screen.getByRole('heading', { name: /PO-2026-00007/ })).toBeInTheDocument();
    const done = screen.getByTestId('item-row-BULLONE-8');
    expect(within(done).getByText('Completato')).toHaveClass('badge-success');
    expect(within(screen.getByTestId('item-row-FARINA-00')).getByText('In attesa')).toHaveClass('badge-danger');
    expect(within(screen.getByTestId('item-row-VITE-M6')).getByText('Ricevuto parzialmente')).toHaveClass('badge-warning');
    expect(input('quantity-BULLONE-8')).toBeDisabled();
    expect(within(screen.getByTestId('item-row-FARINA-00')).getByTitle("Descrizione lunga dell'articolo FARINA-00")).toBeInTheDocument();
    expect(screen.getByTestId('summary-count')).toHaveTextContent('2');
  });

  it('refuses to save with the §5 messages and sends nothing', async () => {
    await open();
    await userEvent.click(screen.getByTestId('receive-save'));
    expect(await screen.findByTestId('error-document_number')).toHaveTextContent(
      'Il numero del documento di trasporto (DDT) è obbligatorio',
    );
    expect(screen.getByTestId('error-document_date')).toHaveTextContent('La data del documento di trasporto (DDT) è obbligatoria');
    expect(screen.getByTestId('form-error')).toHaveTextContent('Nessuna modifica da salvare');
    // The kit's rule: focus on the first field in error (no popup over its message).
    expect(input('document-number')).toHaveFocus();
    type('quantity-FARINA-00', '10');
    await userEvent.click(screen.getByTestId('receive-save'));
    expect(await screen.findByTestId('error-batches-FARINA-00')).toHaveTextContent('Questo articolo richiede almeno un lotto');
    expect(screen.getByTestId('error-item.1.warehouse_id')).toHaveTextContent('Seleziona il magazzino');
    expect(posted).toEqual([]);
  });

  it("after a refused save the focus goes to the first field in error, in the form's order", async () => {
    await open();
    type('document-number', 'DDT-5');
    type('document-date', '12/03/2026');
    fireEvent.blur(input('document-date'));
    // Nothing to receive names no field: the first quantity that can be received is where to type.
    await userEvent.click(screen.getByTestId('receive-save'));
    expect(await screen.findByTestId('form-error')).toHaveTextContent('Nessuna modifica da salvare');
    expect(input('quantity-FARINA-00')).toHaveFocus();
    type('quantity-FARINA-00', '10');
    await userEvent.click(screen.getByTestId('receive-save'));
    expect(await screen.findByTestId('error-item.1.warehouse_id')).toBeInTheDocument();
    expect(screen.getByTestId('warehouse-FARINA-00')).toHaveFocus();
    expect(posted).toEqual([]);
  });

  it('batch dialog: Save disabled until the batches sum to the quantity within 0.001 and expiry dates are there', async () => {
    await open();
    type('quantity-FARINA-00', '10');
    await userEvent.click(screen.getByTestId('batches-FARINA-00'));
    const dialog = await screen.findByTestId('batch-dialog');
    const saveBatches = within(dialog).getByTestId('batch-save');
    expect(saveBatches).toBeDisabled();
    type('batch-number-0', 'L1');
    type('batch-quantity-0', '6');
    type('batch-expiry-0', '31/12/2027');
    expect(within(dialog).getByTestId('batch-total')).toHaveTextContent(
      'La somma dei lotti (6) deve essere uguale alla quantità ricevuta (10)',
    );
    expect(saveBatches).toBeDisabled();
    await userEvent.click(within(dialog).getByTestId('batch-add'));
    type('batch-number-1', 'L2');
    type('batch-quantity-1', '3,999');
    expect(saveBatches).toBeDisabled();
    type('batch-expiry-1', '31/01/2028');
    expect(saveBatches).toBeEnabled();
    type('batch-quantity-1', '3,998');
    expect(saveBatches).toBeDisabled();
    type('batch-quantity-1', '4');
    await userEvent.click(saveBatches);
    expect(screen.queryByTestId('batch-dialog')).not.toBeInTheDocument();
    expect(screen.getByTestId('batches-FARINA-00')).toHaveTextContent('Lotti (2)');
  });

  it('one save posts every item with a quantity as one delivery note, with an idempotency key, then returns to the list', async () => {
    await open();
    type('document-number', 'DDT-5');
    type('document-date', '12/03/2026');
    fireEvent.blur(input('document-date'));
    type('quantity-FARINA-00', '10');
    fireEvent.change(screen.getByTestId('warehouse-FARINA-00'), { target: { value: '2' } });
    await userEvent.click(screen.getByTestId('batches-FARINA-00'));
    type('batch-number-0', 'L1');
    type('batch-expiry-0', '31/12/2027');
    await userEvent.click(screen.getByTestId('batch-save'));
    // Italian: the point groups thousands ('1.500' is one thousand five hundred, never 1,5).
    type('quantity-VITE-M6', '1.500');
    await userEvent.click(screen.getByTestId('receive-save'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/operazioni\/ricezione-merce$/));
    expect(posted).toEqual([
      {
        document_number: 'DDT-5',
        document_date: '2026-03-12',
        order_id: 7,
        items: [
          {
            order_item_id: 1,
            product_id: 10,
            quantity: '10',
            warehouse_id: 2,
            batches: [{ batch_number: 'L1', quantity: '10', production_date: null, expiry_date: '2027-12-31' }],
          },
          { order_item_id: 2, product_id: 20, quantity: '1500', warehouse_id: 1, batches: [] },
        ],
      },
    ]);
    expect(keys[0]).toMatch(/.{8,}/);
    expect(await screen.findByTestId('saved-notice')).toHaveTextContent('DDT-5');
  });

  it('shows quantities with their unit labels and totals per unit, never a sum of kg and pieces', async () => {
    await open();
    const vite = screen.getByTestId('item-row-VITE-M6');
    expect(vite).toHaveTextContent('100 pz'); // (U+00A0, normalised by the matcher)
    expect(vite).toHaveTextContent('40 pz');
    expect(vite).not.toHaveTextContent('piece');
    expect(screen.getByTestId('summary-ordered').textContent).toBe('200\u00a0kg · 100\u00a0pz');
    expect(screen.getByTestId('summary-received').textContent).toBe('100\u00a0kg · 40\u00a0pz');
  });

  it('batch sums are exact (0,1 + 0,2 = 0,3) and the mismatch message writes decimals as the reader does', async () => {
    await open();
    type('quantity-FARINA-00', '0,3');
    await userEvent.click(screen.getByTestId('batches-FARINA-00'));
    const dialog = await screen.findByTestId('batch-dialog');
    type('batch-number-0', 'L1');
    type('batch-quantity-0', '0,1');
    type('batch-expiry-0', '31/12/2027');
    expect(within(dialog).getByTestId('batch-total')).toHaveTextContent(
      'La somma dei lotti (0,1) deve essere uguale alla quantità ricevuta (0,3)',
    );
    await userEvent.click(within(dialog).getByTestId('batch-add'));
    type('batch-number-1', 'L2');
    type('batch-quantity-1', '0,2');
    type('batch-expiry-1', '31/01/2028');
    expect(within(dialog).getByTestId('batch-total').textContent).toBe('Totale lotti: 0,3\u00a0kg su 0,3\u00a0kg');
    expect(within(dialog).getByTestId('batch-save')).toBeEnabled();
  });

  it('the list shows received / ordered per unit of measure, never kg and pieces added together', async () => {
    server.use(
      http.get('*/api/goods-receipts/orders', () =>
        HttpResponse.json(
          [
            {
              id: 7,
              order_number: 'PO-2026-00007',
              order_date: '2026-03-01',
              requested_arrival_date: null,
              supplier_name: 'Acciai Lombardi Srl',
              status: 'partiallyReceived',
              item_count: 2,
              ordered_quantity: null,
              received_quantity: null,
              quantities: [
                { unit_of_measure: 'kg', ordered: '2.500', received: '1.000' },
                { unit_of_measure: 'piece', ordered: '40.000', received: '0.000' },
              ],
            },
          ],
          { headers: { 'X-Total-Count': '1' } },
        ),
      ),
    );
    renderOperations('/operazioni/ricezione-merce');
    const table = await screen.findByTestId('receipt-orders');
    await waitFor(() => expect(table).toHaveTextContent('PO-2026-00007'));
    expect(table).toHaveTextContent('1 / 2,5 kg · 0 / 40 pz');
    expect(table).not.toHaveTextContent('42,5');
  });

  it('batch dialog: a scanned label adds its batch line with dates and quantity; another product’s code is refused', async () => {
    const farina = { id: 10, code: 'FARINA-00', description: 'Farina', status: 'active' };
    server.use(
      http.get('*/api/barcodes/:code', ({ params }) =>
        String(params.code).includes('L-SCAN')
          ? HttpResponse.json({ product: farina, batch_number: 'L-SCAN', expiry_date: '2027-03-31', quantity: '6.000' })
          : HttpResponse.json({ product: { ...farina, id: 99, code: 'ALTRO-1' } }),
      ),
    );
    await open();
    type('quantity-FARINA-00', '10');
    await userEvent.click(screen.getByTestId('batches-FARINA-00'));
    const dialog = await screen.findByTestId('batch-dialog');
    const box = within(dialog).getByRole('textbox', { name: 'Scansiona' });
    expect(box).toHaveFocus();
    await userEvent.paste('(3103)006000(17)270331(10)L-SCAN(240)FARINA-00');
    await waitFor(() => expect(input('batch-number-0')).toHaveValue('L-SCAN'));
    await waitFor(() => expect(input('batch-quantity-0')).toHaveValue('6'));
    expect(input('batch-expiry-0')).toHaveValue('31/03/2027');
    expect(screen.queryByTestId('batch-row-1')).not.toBeInTheDocument();
    await userEvent.click(box);
    await userEvent.paste('8001234567897');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      "Il codice letto è del prodotto ALTRO-1, non di questa riga dell'ordine",
    );
    expect(screen.queryByTestId('batch-row-1')).not.toBeInTheDocument();
  });

  it('speaks French', async () => {
    await switchLanguage('fr');
    await open();
    await userEvent.click(screen.getByTestId('receive-save'));
    expect(await screen.findByTestId('error-document_number')).toHaveTextContent('Le numéro du bon de livraison est obligatoire');
  });
});
