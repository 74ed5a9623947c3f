import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
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

/** A delivery note of order 7 as the order's history shows it (DDT-1 of 05/03/2026), with `over` changed. */
const receiptOf = (over: Record<string, unknown>) => ({
  id: 41,
  order_id: 7,
  order_number: 'PO-2026-00007',
  supplier_name: 'Acciai Lombardi Srl',
  document_number: 'DDT-1',
  document_date: '2026-03-05',
  receipt_date: '2026-03-05',
  created_by: 'Walter',
  created_at: '2026-03-05T10:00:00Z',
  reversed: false,
  reversed_at: null,
  reversed_by: null,
  ...over,
});

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

  it("warehouses that cannot be read: every line's picker says so (read once for the whole order)", async () => {
    let asked = 0;
    server.use(
      http.get('*/api/warehouses', () => {
        asked += 1;
        return HttpResponse.json({ error: 'down' }, { status: 500 });
      }),
    );
    renderOperations('/operazioni/ricezione-merce/7');
    const picker = await screen.findByTestId('warehouse-FARINA-00');
    await waitFor(() => expect(picker.closest('.field')).toHaveTextContent('Elenco non disponibile'));
    expect(asked).toBe(1);
  });

  it('an address that names no order (abc) says not found, with no Retry that cannot work', async () => {
    renderOperations('/operazioni/ricezione-merce/abc', 'warehouse');
    expect(await screen.findByTestId('not-found')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Riprova' })).toBeNull();
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
    expect(screen.getByTestId('error-items')).toHaveTextContent('Nessuna modifica da salvare');
    // The kit's rule: focus on the first field in error (no popup over its message), and no toast repeating it.
    expect(input('document-number')).toHaveFocus();
    expect(document.querySelector('.Toastify__toast')).toBeNull();
    type('quantity-FARINA-00', '10');
    await userEvent.click(screen.getByTestId('receive-save'));
    expect(await screen.findByTestId('error-items.0.batches')).toHaveTextContent('Questo articolo richiede almeno un lotto');
    expect(screen.getByTestId('error-items.0.warehouse_id')).toHaveTextContent('Seleziona il magazzino');
    expect(posted).toEqual([]);
  });

  it('a quantity above what the line may still receive is refused at its field, before any batch (Italian "1.500" is 1 500)', async () => {
    await open();
    type('document-number', 'DDT-5');
    type('document-date', '12/03/2026');
    type('quantity-VITE-M6', '1.500');
    await userEvent.click(screen.getByTestId('receive-save'));
    expect(await screen.findByTestId('error-items.1.quantity')).toHaveTextContent('Valore troppo grande (massimo 70)');
    expect(input('quantity-VITE-M6')).toHaveFocus();
    expect(posted).toEqual([]);
    type('quantity-VITE-M6', '70');
    await userEvent.click(screen.getByTestId('receive-save'));
    await waitFor(() => expect(posted).toHaveLength(1));
  });

  it("after a refused save the focus goes to the first field in error, in the form's order", async () => {
    await open();
    type('document-number', 'DDT-5');
    type('document-date', '12/03/2026');
    fireEvent.blur(input('document-date'));
    // Nothing to receive names no field: the first quantity that can be received is where to type.
    await userEvent.click(screen.getByTestId('receive-save'));
    expect(await screen.findByTestId('error-items')).toHaveTextContent('Nessuna modifica da salvare');
    expect(input('quantity-FARINA-00')).toHaveFocus();
    type('quantity-FARINA-00', '10');
    await userEvent.click(screen.getByTestId('receive-save'));
    expect(await screen.findByTestId('error-items.0.warehouse_id')).toBeInTheDocument();
    expect(screen.getByTestId('warehouse-FARINA-00')).toHaveFocus();
    expect(posted).toEqual([]);
  });

  it('batch dialog: no message on open; Confirm shows them and keeps the dialog; within 0.001 it closes, focus back on its opener', async () => {
    await open();
    type('quantity-FARINA-00', '10');
    const opener = screen.getByTestId('batches-FARINA-00');
    await userEvent.click(opener);
    const dialog = await screen.findByTestId('batch-dialog');
    // Focus moves in (the scan box), and nothing is said before the user did anything.
    expect(within(dialog).getByRole('textbox', { name: 'Scansiona' })).toHaveFocus();
    expect(dialog.querySelector('.field-error')).toBeNull();
    const saveBatches = within(dialog).getByTestId('batch-save');
    await userEvent.click(saveBatches);
    expect(await within(dialog).findByTestId('error-batches.0.batch_number')).toHaveTextContent('Il numero di lotto è obbligatorio');
    expect(within(dialog).getByTestId('error-batches.0.expiry_date')).toHaveTextContent('La data di scadenza è obbligatoria');
    expect(input('batch-number-0')).toHaveFocus();
    type('batch-number-0', 'L1');
    type('batch-quantity-0', '6');
    type('batch-expiry-0', '31/12/2027');
    expect(within(dialog).getByTestId('batch-total')).toHaveTextContent(
      'La somma dei lotti (6) deve essere uguale alla quantità ricevuta (10)',
    );
    await userEvent.click(within(dialog).getByTestId('batch-add'));
    expect(input('batch-number-1')).toHaveFocus();
    type('batch-number-1', 'L2');
    type('batch-quantity-1', '3,998');
    type('batch-expiry-1', '31/01/2028');
    await userEvent.click(saveBatches);
    expect(screen.getByTestId('batch-dialog')).toBeInTheDocument();
    type('batch-quantity-1', '3,999');
    await userEvent.click(saveBatches);
    expect(screen.queryByTestId('batch-dialog')).not.toBeInTheDocument();
    expect(opener).toHaveTextContent('Lotti (2)');
    expect(opener).toHaveFocus();
  });

  it('batch dialog: a field speaks once left; a day that does not exist says so, not "required"', async () => {
    await open();
    type('quantity-FARINA-00', '10');
    await userEvent.click(screen.getByTestId('batches-FARINA-00'));
    const dialog = await screen.findByTestId('batch-dialog');
    type('batch-expiry-0', '31/02/2027');
    expect(dialog.querySelector('.field-error')).toBeNull();
    fireEvent.blur(input('batch-expiry-0'));
    expect(await within(dialog).findByTestId('error-batches.0.expiry_date')).toHaveTextContent('Il giorno 31/02/2027 non esiste');
    expect(within(dialog).getByTestId('error-batches.0.expiry_date')).not.toHaveTextContent('obbligatoria');
    // The untouched batch number says nothing yet; Confirm names both, the date still as not valid.
    expect(within(dialog).queryByTestId('error-batches.0.batch_number')).toBeNull();
    await userEvent.click(within(dialog).getByTestId('batch-save'));
    expect(within(dialog).getByTestId('error-batches.0.batch_number')).toBeInTheDocument();
    expect(within(dialog).getByTestId('error-batches.0.expiry_date')).toHaveTextContent('Il giorno 31/02/2027 non esiste');
    await switchLanguage('fr');
    expect(await within(dialog).findByTestId('error-batches.0.expiry_date')).toHaveTextContent('Le jour 31/02/2027 n’existe pas');
  });

  it('one save posts every item with a quantity as one delivery note, with an idempotency key, then returns to the list', async () => {
    const row = { id: 7, order_number: 'PO-2026-00007', order_date: '2026-03-01', requested_arrival_date: null, supplier_name: 'Acciai' };
    const more = { status: 'partiallyReceived', item_count: 2, ordered_quantity: null, received_quantity: null, quantities: [] };
    server.use(
      http.get('*/api/goods-receipts/orders', () => HttpResponse.json([{ ...row, ...more }], { headers: { 'X-Total-Count': '1' } })),
    );
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
    type('quantity-VITE-M6', '60');
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
          { order_item_id: 2, product_id: 20, quantity: '60', warehouse_id: 1, batches: [] },
        ],
      },
    ]);
    expect(keys[0]).toMatch(/.{8,}/);
    expect(await screen.findByTestId('saved-notice')).toHaveTextContent('DDT-5');
    // Said once, by the list's notice (no toast besides), and the order received is the highlighted row.
    expect(screen.getAllByText(/Ricezione registrata \(DDT DDT-5\)/)).toHaveLength(1);
    await waitFor(() => expect(screen.getByText('PO-2026-00007').closest('tr')).toHaveClass('row-saved'));
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

  it('batch dialog: a removed row takes its unreadable day with it (Confirm is not blocked by a row gone)', async () => {
    await open();
    type('quantity-FARINA-00', '10');
    await userEvent.click(screen.getByTestId('batches-FARINA-00'));
    const dialog = await screen.findByTestId('batch-dialog');
    type('batch-number-0', 'L1');
    type('batch-expiry-0', '31/12/2027');
    await userEvent.click(within(dialog).getByTestId('batch-add'));
    type('batch-expiry-1', '31/02/2027');
    await userEvent.click(within(screen.getByTestId('batch-row-1')).getByRole('button', { name: 'Rimuovi riga' }));
    await userEvent.click(within(dialog).getByTestId('batch-save'));
    expect(screen.queryByTestId('batch-dialog')).not.toBeInTheDocument();
    expect(screen.getByTestId('batches-FARINA-00')).toHaveTextContent('Lotti (1)');
  });

  it('batch sums are exact (0,1 + 0,2 = 0,3) and the mismatch message writes decimals as the reader does', async () => {
    await open();
    type('quantity-FARINA-00', '0,3');
    await userEvent.click(screen.getByTestId('batches-FARINA-00'));
    const dialog = await screen.findByTestId('batch-dialog');
    type('batch-number-0', 'L1');
    type('batch-quantity-0', '0,1');
    type('batch-expiry-0', '31/12/2027');
    fireEvent.blur(input('batch-quantity-0'));
    expect(within(dialog).getByTestId('batch-total')).toHaveTextContent(
      'La somma dei lotti (0,1) deve essere uguale alla quantità ricevuta (0,3)',
    );
    await userEvent.click(within(dialog).getByTestId('batch-add'));
    type('batch-number-1', 'L2');
    type('batch-quantity-1', '0,2');
    type('batch-expiry-1', '31/01/2028');
    expect(within(dialog).getByTestId('batch-total').textContent).toBe('Totale lotti: 0,3\u00a0kg su 0,3\u00a0kg');
    await userEvent.click(within(dialog).getByTestId('batch-save'));
    expect(screen.queryByTestId('batch-dialog')).not.toBeInTheDocument();
  });

  async function fillExpiredReceipt() {
    await open();
    type('document-number', 'DDT-9');
    type('document-date', '12/03/2026');
    fireEvent.blur(input('document-date'));
    type('quantity-FARINA-00', '10');
    fireEvent.change(screen.getByTestId('warehouse-FARINA-00'), { target: { value: '2' } });
    await userEvent.click(screen.getByTestId('batches-FARINA-00'));
    type('batch-number-0', 'L-OLD');
    type('batch-expiry-0', '31/01/2020');
    await userEvent.click(screen.getByTestId('batch-save'));
  }

  it('a batch expired before today asks first: Cancel keeps the form, Confirm sends confirm_expired', async () => {
    await fillExpiredReceipt();
    await userEvent.click(screen.getByTestId('receive-save'));
    const ask = await screen.findByTestId('confirm-dialog');
    expect(within(ask).getByTestId('expired-batches')).toHaveTextContent('lotto L-OLD di FARINA-00, scaduto il 31/01/2020');
    await userEvent.click(within(ask).getByTestId('confirm-cancel'));
    expect(screen.queryByTestId('confirm-dialog')).not.toBeInTheDocument();
    expect(posted).toEqual([]);
    expect(input('document-number')).toHaveValue('DDT-9');
    await userEvent.click(screen.getByTestId('receive-save'));
    await userEvent.click(within(await screen.findByTestId('confirm-dialog')).getByTestId('confirm-ok'));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({
      confirm_expired: true,
      items: [{ batches: [{ batch_number: 'L-OLD', expiry_date: '2020-01-31' }] }],
    });
  });

  it('a refusal of the server shows once, in the form (its box and the field it names), not as a toast', async () => {
    server.use(
      http.post('*/api/goods-receipts/receive', () =>
        HttpResponse.json(
          { error: 'Dati non validi', code: 'VALIDATION', fields: { 'items.0.warehouse_id': 'Magazzino disattivato' } },
          { status: 400 },
        ),
      ),
    );
    await open();
    type('document-number', 'DDT-9');
    type('document-date', '12/03/2026');
    fireEvent.blur(input('document-date'));
    type('quantity-VITE-M6', '5');
    await userEvent.click(screen.getByTestId('receive-save'));
    expect(await screen.findByTestId('form-error')).toHaveTextContent('Dati non validi');
    expect(screen.getByTestId('error-items.1.warehouse_id')).toHaveTextContent('Magazzino disattivato');
    await waitFor(() => expect(screen.getByTestId('warehouse-VITE-M6')).toHaveFocus());
    expect(document.querySelector('.Toastify__toast')).toBeNull();
  });

  it('the same delivery note again on this order asks first (it would receive the goods twice); a reversed one does not', async () => {
    let reversed = false;
    server.use(
      http.get('*/api/goods-receipts/order-details/:id', () =>
        HttpResponse.json({ ...ORDER, receipts: [receiptOf({ reversed, lines: [] })] }),
      ),
    );
    await open();
    type('document-number', ' ddt-1 ');
    type('document-date', '12/03/2026');
    type('quantity-VITE-M6', '5');
    await userEvent.click(screen.getByTestId('receive-save'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('DDT DDT-1 già registrato');
    expect(dialog).toHaveTextContent('Il DDT DDT-1 del 05/03/2026 è già registrato per questo ordine');
    await userEvent.click(within(dialog).getByTestId('confirm-cancel'));
    expect(posted).toHaveLength(0);
    await userEvent.click(screen.getByTestId('receive-save'));
    await userEvent.click(within(await screen.findByRole('dialog')).getByTestId('confirm-ok'));
    await waitFor(() => expect(posted).toHaveLength(1));
    // Once that receipt is reversed, the same number is received again without a question.
    reversed = true;
    cleanup();
    await open();
    type('document-number', 'DDT-1');
    type('document-date', '12/03/2026');
    type('quantity-VITE-M6', '5');
    await userEvent.click(screen.getByTestId('receive-save'));
    await waitFor(() => expect(posted).toHaveLength(2));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a fully received order opens read-only: its items, what was received and the labels; no form, no Save', async () => {
    const receivedItem = (id: number, code: string) =>
      item(id, code, { received_quantity: '100.000', remaining_quantity: '0.000', max_receivable_quantity: '0.000', status: 'completed' });
    server.use(
      http.get('*/api/goods-receipts/order-details/:id', () =>
        HttpResponse.json({
          ...ORDER,
          status: 'fullyReceived',
          items: [receivedItem(1, 'FARINA-00'), receivedItem(3, 'BULLONE-8')],
          receipts: [
            receiptOf({
              lines: [
                {
                  id: 1,
                  order_item_id: 1,
                  product_id: 10,
                  product_code: 'FARINA-00',
                  product_description: 'Farina',
                  unit_of_measure: 'kg',
                  warehouse_id: 1,
                  warehouse_name: 'Centrale',
                  quantity: '100.000',
                  batches: [
                    { batch_number: 'L1', quantity: '60.000', production_date: null, expiry_date: '2027-12-31' },
                    { batch_number: 'L2', quantity: '40.000', production_date: null, expiry_date: '2027-12-31' },
                  ],
                },
              ],
            }),
          ],
        }),
      ),
    );
    renderOperations('/operazioni/ricezione-merce/7');
    expect(await screen.findByTestId('receipt-done')).toHaveTextContent('Ordine ricevuto completamente');
    expect(screen.queryByTestId('receive-save')).toBeNull();
    expect(screen.queryByTestId('document-number')).toBeNull();
    expect(screen.queryByTestId('quantity-FARINA-00')).toBeNull();
    expect(screen.getByTestId('item-row-FARINA-00')).toHaveTextContent('100 kg');
    expect(screen.getByTestId('receipt-DDT-1')).toHaveTextContent('(L1, L2)');
    expect(screen.getByTestId('labels-DDT-1')).toHaveAttribute('href', '/operazioni/ricezione-merce/etichette/41');
    // Reversing asks about that delivery note by its number, answered by the action itself.
    await userEvent.click(screen.getByTestId('reverse-DDT-1'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Storna il DDT DDT-1');
    expect(within(dialog).getByTestId('confirm-ok')).toHaveTextContent('Storna');
  });

  it('a reversed receipt offers neither labels nor a reversal; its labels address prints nothing and says why', async () => {
    const line = {
      id: 1,
      order_item_id: 2,
      product_id: 20,
      product_code: 'VITE-M6',
      product_description: 'Vite',
      unit_of_measure: 'piece',
      warehouse_id: 1,
      warehouse_name: 'Centrale',
      quantity: '40.000',
      batches: [],
    };
    const reversed = receiptOf({ reversed: true, reversed_at: '2026-03-06T09:00:00Z', reversed_by: 'Walter', lines: [line] });
    const live = receiptOf({ id: 42, document_number: 'DDT-2', lines: [line] });
    server.use(
      http.get('*/api/goods-receipts/order-details/:id', () => HttpResponse.json({ ...ORDER, receipts: [live, reversed] })),
      http.get('*/api/goods-receipts/:id', ({ params }) => HttpResponse.json(params.id === '41' ? reversed : live)),
      http.get('*/api/company', () => HttpResponse.json({ name: 'Ferramenta Srl', logo_mime_type: null, logo_updated_at: null })),
    );
    await open();
    expect(screen.getByTestId('receipt-DDT-1')).toHaveTextContent('— Stornato');
    expect(screen.queryByTestId('labels-DDT-1')).toBeNull();
    expect(screen.queryByTestId('reverse-DDT-1')).toBeNull();
    expect(screen.getByTestId('labels-DDT-2')).toHaveAttribute('href', '/operazioni/ricezione-merce/etichette/42');
    cleanup();
    renderOperations('/operazioni/ricezione-merce/etichette/41');
    expect(await screen.findByTestId('labels-reversed')).toHaveTextContent('non ci sono etichette da stampare');
    expect(screen.queryAllByTestId('label')).toHaveLength(0);
    expect(screen.queryByTestId('print-now')).toBeNull();
    cleanup();
    renderOperations('/operazioni/ricezione-merce/etichette/42');
    expect(await screen.findAllByTestId('label')).toHaveLength(1);
    expect(screen.getByTestId('print-now')).toBeInTheDocument();
    expect(screen.queryByTestId('labels-reversed')).toBeNull();
  });

  it("an item's receipt history: its totals, its receipts newest first, labels only for a receipt not reversed", async () => {
    const receipt = (id: number, ddt: string, over: Record<string, unknown> = {}) => ({
      receipt_id: id,
      ddt_number: ddt,
      ddt_date: '2026-03-05',
      receipt_date: '2026-03-06',
      received_quantity: '1500.000',
      remaining_quantity: '250.500',
      warehouse_name: 'Centrale',
      reversed: false,
      batches: [{ batchNumber: 'L1', quantity: '1500.000', productionDate: null, expiryDate: '2027-03-31' }],
      ...over,
    });
    server.use(
      http.get('*/api/goods-receipts/item-history/:id', () =>
        HttpResponse.json({
          item_id: 1,
          order_id: 7,
          order_number: 'PO-2026-00007',
          product_code: 'FARINA-00',
          product_description: 'Farina tipo 00',
          unit_of_measure: 'kg',
          total_ordered: '2000.000',
          total_received: '1749.500',
          last_receipt_date: '2026-03-06',
          receipt_count: 2,
          status: 'partiallyReceived',
          receipts: [receipt(42, 'DDT-2'), receipt(41, 'DDT-1', { reversed: true, batches: [] })],
        }),
      ),
    );
    renderOperations('/operazioni/ricezione-merce/storico/1');
    const table = await screen.findByTestId('history-table');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Storico ricezioni articolo FARINA-00');
    expect(screen.getByTestId('history-received')).toHaveTextContent('1.749,5 kg');
    expect(screen.getByTestId('history-count')).toHaveTextContent('2');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.getAttribute('data-testid'))).toEqual(['history-receipt-DDT-2', 'history-receipt-DDT-1']);
    expect(rows[0]).toHaveTextContent('05/03/2026');
    expect(rows[0]).toHaveTextContent('1.500 kg');
    expect(rows[0]).toHaveTextContent('L1 · 1.500 kg · Scadenza 31/03/2027');
    expect(within(rows[0]).getByTestId('labels-DDT-2')).toHaveAttribute('href', '/operazioni/ricezione-merce/etichette/42');
    // A reversed receipt: muted and marked, no labels (its goods went back), its batches a dash.
    expect(rows[1]).toHaveClass('muted');
    expect(rows[1]).toHaveTextContent('(Stornato)');
    expect(rows[1]).toHaveTextContent('—');
    expect(screen.queryByTestId('labels-DDT-1')).toBeNull();
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

  it("the page scan box fills the scanned carton's line and batch; a product code focuses its quantity; others are refused", async () => {
    const product = (id: number, code: string) => ({ id, code, description: code, status: 'active' });
    const answers: Record<string, object> = {
      LABEL: { product: product(10, 'FARINA-00'), batch_number: 'L-SCAN', expiry_date: '2027-03-31', quantity: '6.000' },
      VITE: { product: product(20, 'VITE-M6') },
      BULLONE: { product: product(30, 'BULLONE-8') },
      ALTRO: { product: product(99, 'ALTRO-1') },
      PALLET: { product: product(10, 'FARINA-00'), batch_number: 'L-SCAN', quantity: '100' },
    };
    server.use(http.get('*/api/barcodes/:code', ({ params }) => HttpResponse.json(answers[String(params.code)])));
    await open();
    const box = within(screen.getByTestId('receipt-scan')).getByRole('textbox');
    const scan = async (code: string) => {
      await userEvent.click(box);
      await userEvent.paste(code);
    };
    const scrolled: Element[] = [];
    const jsdomHasNone = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    await scan('LABEL');
    await waitFor(() => expect(input('quantity-FARINA-00')).toHaveValue('6'));
    // The filled line is brought into view; the scan box keeps the focus for the next carton.
    expect(scrolled).toEqual([screen.getByTestId('item-row-FARINA-00')]);
    expect(box).toHaveFocus();
    await scan('LABEL'); // a second carton of the same batch
    await waitFor(() => expect(input('quantity-FARINA-00')).toHaveValue('12'));
    expect(screen.getByTestId('batches-FARINA-00')).toHaveTextContent('Lotti (1)');
    scrolled.length = 0;
    await scan('PALLET'); // 12 + 100 is more than the line's maximum (110): refused at the scan, the line as it was
    expect(await within(screen.getByTestId('receipt-scan')).findByRole('alert')).toHaveTextContent(
      "Quest'ordine non può ricevere questo collo del prodotto FARINA-00: resta meno da ricevere, o niente. Mettilo da parte",
    );
    expect(input('quantity-FARINA-00')).toHaveValue('12');
    // The refused carton's line is shown too (its maximum), and the box keeps the focus.
    expect(scrolled).toEqual([screen.getByTestId('item-row-FARINA-00')]);
    expect(box).toHaveFocus();
    await scan('VITE'); // a product's own code carries no quantity: the line's quantity takes the focus
    await waitFor(() => expect(input('quantity-VITE-M6')).toHaveFocus());
    scrolled.length = 0;
    await scan('BULLONE'); // a line received in full: shown with its "Completato"
    expect(await within(screen.getByTestId('receipt-scan')).findByRole('alert')).toHaveTextContent(
      "Quest'ordine non può ricevere questo collo del prodotto BULLONE-8",
    );
    expect(scrolled).toEqual([screen.getByTestId('item-row-BULLONE-8')]);
    scrolled.length = 0;
    await scan('ALTRO'); // not on the order: no line to show
    await waitFor(() =>
      expect(within(screen.getByTestId('receipt-scan')).getByRole('alert')).toHaveTextContent("Il prodotto ALTRO-1 non è in quest'ordine"),
    );
    expect(scrolled).toEqual([]);
    Element.prototype.scrollIntoView = jsdomHasNone;
    type('document-number', 'DDT-9');
    type('document-date', '12/03/2026');
    fireEvent.change(screen.getByTestId('warehouse-FARINA-00'), { target: { value: '2' } });
    await userEvent.click(screen.getByTestId('receive-save'));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect((posted[0] as { items: unknown[] }).items).toEqual([
      {
        order_item_id: 1,
        product_id: 10,
        quantity: '12',
        warehouse_id: 2,
        batches: [{ batch_number: 'L-SCAN', quantity: '12', production_date: null, expiry_date: '2027-03-31' }],
      },
    ]);
  });

  it('speaks French', async () => {
    await switchLanguage('fr');
    await open();
    await userEvent.click(screen.getByTestId('receive-save'));
    expect(await screen.findByTestId('error-document_number')).toHaveTextContent('Le numéro du bon de livraison est obligatoire');
  });
});
