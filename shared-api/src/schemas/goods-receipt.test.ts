import { fieldMessages } from '../validation/issues';
import {
  addScannedBatch,
  goodsReceiptSchema,
  receiptBatchBody,
  receiptBatchesSchema,
  receiptDraftSchema,
  receiptDraftWithScan,
  receiptOfNote,
  type ReceiptDraftLine,
} from './goods-receipt';

/** Issue 22: the detail screen's form and batch dialog parse with the server's receipt rules and say the same words. */
const batched = { has_batches: true, has_expiry: true, has_production_date: false };
const plain = { has_batches: false, has_expiry: false, has_production_date: false };
const line = (order_item_id: number, quantity: string, over: object = {}) => ({
  order_item_id,
  product_id: order_item_id * 10,
  quantity,
  warehouse_id: null,
  batches: [],
  ...over,
});
const messages = (r: { success: boolean; error?: Parameters<typeof fieldMessages>[0] }) => (r.error ? fieldMessages(r.error, 'it') : {});

describe('receipt draft (the detail form)', () => {
  const schema = receiptDraftSchema([batched, plain]);

  it('nothing typed: the header rules and "no changes", as the server says of an empty body', () => {
    const draft = { document_number: ' ', document_date: '', order_id: 7, items: [line(1, ''), line(2, '')] };
    expect(messages(schema.safeParse(draft))).toEqual({
      document_number: 'Il numero del documento di trasporto (DDT) è obbligatorio',
      document_date: 'La data del documento di trasporto (DDT) è obbligatoria',
      items: 'Nessuna modifica da salvare',
    });
    const body = { ...draft, items: [] };
    expect(messages(goodsReceiptSchema.safeParse(body)).items).toBe('Nessuna modifica da salvare');
  });

  it("a line's maximum (the order's answer) refuses more at its quantity, with the maximum; up to it is fine", () => {
    const capped = receiptDraftSchema([batched, { ...plain, max_receivable_quantity: '187.5' }]);
    const draft = (quantity: string) => ({
      document_number: 'DDT-1',
      document_date: '2026-03-12',
      order_id: 7,
      items: [line(1, ''), line(2, quantity, { warehouse_id: 1 })],
    });
    expect(messages(capped.safeParse(draft('1500')))).toEqual({ 'items.1.quantity': 'Valore troppo grande (massimo 187,5)' });
    expect(capped.safeParse(draft('187.5')).success).toBe(true);
  });

  it("each rule on its line's index: warehouse, the product's batches; lines without a quantity say nothing", () => {
    const draft = { document_number: 'DDT-1', document_date: '2026-03-12', order_id: 7, items: [line(1, '10'), line(2, '')] };
    expect(messages(schema.safeParse(draft))).toEqual({
      'items.0.warehouse_id': 'Seleziona il magazzino per ogni articolo ricevuto',
      'items.0.batches': 'Questo articolo richiede almeno un lotto',
    });
    const batches = [{ batch_number: 'L1', quantity: '6', production_date: null, expiry_date: null }];
    const mismatch = { ...draft, items: [line(1, '10', { warehouse_id: 1, batches }), line(2, '5', { warehouse_id: 1 })] };
    expect(messages(schema.safeParse(mismatch))).toEqual({
      'items.0.batches': 'La somma dei lotti (6) deve essere uguale alla quantità ricevuta (10)',
      'items.0.batches.0.expiry_date': 'La data di scadenza è obbligatoria per questo prodotto',
    });
  });
});

describe('batch dialog', () => {
  const row = (over: object = {}) => ({ batch_number: '', quantity: '10', production_date: '', expiry_date: '', ...over });

  it('every problem at once, whatever row is incomplete, with the server words', () => {
    const r = receiptBatchesSchema(batched, '10').safeParse({
      batches: [row(), row({ batch_number: 'L2', quantity: '', expiry_date: '2027-01-31' })],
    });
    const m = messages(r);
    expect(m['batches.0.batch_number']).toBe('Il numero di lotto è obbligatorio');
    expect(m['batches.0.expiry_date']).toBe('La data di scadenza è obbligatoria per questo prodotto');
    expect(m['batches.1.quantity']).toBeDefined();
    // The sum is not compared while a quantity is missing: "(10) must equal (10)" would stand beside the empty field.
    expect(m.batches).toBeUndefined();
  });

  it('within 0.001 of the quantity the rows are taken; a batch number twice is refused', () => {
    const ok = receiptBatchesSchema(batched, '10').safeParse({
      batches: [
        row({ batch_number: 'L1', quantity: '6', expiry_date: '2027-12-31' }),
        row({ batch_number: 'L2', quantity: '3.999', expiry_date: '2028-01-31' }),
      ],
    });
    expect(ok.success).toBe(true);
    const twice = receiptBatchesSchema(batched, '10').safeParse({
      batches: [
        row({ batch_number: 'L1', quantity: '5', expiry_date: '2027-12-31' }),
        row({ batch_number: 'l1 ', quantity: '5', expiry_date: '2027-12-31' }),
      ],
    });
    expect(messages(twice)).toEqual({ 'batches.1.batch_number': 'Lo stesso lotto compare due volte' });
  });

  it('rows go to the body with blanks as null', () => {
    expect(receiptBatchBody(row({ batch_number: ' L1 ' }))).toEqual({
      batch_number: 'L1',
      quantity: '10',
      production_date: null,
      expiry_date: null,
    });
  });

  it('a scanned label replaces the untouched row, else adds one with what is still missing', () => {
    expect(addScannedBatch([row()], '10', { batch_number: 'LS', quantity: '6', expiry_date: '2027-03-31' })).toEqual([
      row({ batch_number: 'LS', quantity: '6', expiry_date: '2027-03-31' }),
    ]);
    const kept = [row({ batch_number: 'L1', quantity: '6' })];
    expect(addScannedBatch(kept, '10', { batch_number: 'L2' })).toEqual([...kept, row({ batch_number: 'L2', quantity: '4' })]);
    expect(addScannedBatch(kept, '6', { batch_number: 'L2' })[1].quantity).toBe('');
  });
});

describe('a scan on the receipt page (the dock scans each carton)', () => {
  const item = (id: number, product_id: number, flags: object, over: object = {}) => ({
    id,
    product_id,
    ordered_quantity: '20.000',
    received_quantity: '0.000',
    max_receivable_quantity: '20.000',
    unit_of_measure: 'kg',
    completed: false,
    ...batched,
    ...flags,
    ...over,
  });
  // Product 10 is on the order twice: its first line received in full, its second still open.
  const order = {
    items: [
      item(1, 10, {}, { received_quantity: '20.000', max_receivable_quantity: '0.000' }),
      item(2, 10, {}),
      item(3, 30, plain),
      item(4, 40, { has_batches: false, has_expiry: true }),
    ],
  } as unknown as Parameters<typeof receiptDraftWithScan>[0];
  const lines: ReceiptDraftLine[] = [line(1, ''), line(2, ''), line(3, '4'), line(4, '')];
  const scan = (found: object, ls = lines) => receiptDraftWithScan(order, ls, { product: { id: 10 }, ...found });

  it('a product not on the order, or one with nothing left to receive, is refused with its reason', () => {
    expect(scan({ product: { id: 99 } })).toEqual({ ok: false, reason: 'notOnOrder', line: null });
    const allIn = { items: [order.items[0]] } as typeof order;
    expect(receiptDraftWithScan(allIn, [lines[0]], { product: { id: 10 } })).toEqual({ ok: false, reason: 'nothingLeft', line: 0 });
  });

  it('a code without a quantity fills nothing: the line that can still receive is named for the focus', () => {
    expect(scan({ batch_number: 'L1' })).toEqual({ ok: true, items: lines, line: 1, filled: false });
  });

  it('a label with a quantity adds it to the line and to its batch: the same batch again adds to its row', () => {
    const first = scan({ batch_number: 'L1', quantity: '6', expiry_date: '2027-03-31', production_date: '2026-01-01' });
    if (!first.ok) throw new Error('refused');
    expect(first.line).toBe(1);
    expect(first.items[1]).toMatchObject({
      quantity: '6',
      // The product manages no production date: the label's is not kept.
      batches: [{ batch_number: 'L1', quantity: '6', expiry_date: '2027-03-31', production_date: '' }],
    });
    expect(first.items[0]).toBe(lines[0]);
    const again = scan({ batch_number: 'L1', quantity: '2.5' }, first.items);
    const other = scan({ batch_number: 'L2', quantity: '1', expiry_date: '2027-06-30' }, again.ok ? again.items : []);
    if (!other.ok) throw new Error('refused');
    expect(other.items[1]).toMatchObject({
      quantity: '9.5',
      batches: [
        { batch_number: 'L1', quantity: '8.5', expiry_date: '2027-03-31' },
        { batch_number: 'L2', quantity: '1', expiry_date: '2027-06-30' },
      ],
    });
  });

  it('a carton more than the order still takes is refused at the scan, with what the line takes; another open line of the product may take it', () => {
    // Refused: the product's first line is named, to show it (its maximum, its status).
    expect(scan({ batch_number: 'L1', quantity: '20.001' })).toEqual({ ok: false, reason: 'nothingLeft', line: 0 });
    const most = scan({ batch_number: 'L1', quantity: '18' });
    if (!most.ok) throw new Error('refused');
    expect(scan({ batch_number: 'L1', quantity: '3' }, most.items)).toEqual({ ok: false, reason: 'nothingLeft', line: 0 });
    expect(scan({ batch_number: 'L1', quantity: '2' }, most.items)).toMatchObject({ ok: true, line: 1 });
    // The same product on a second open line: the carton goes to the first line that can still take it.
    const twice = { items: [order.items[1], { ...order.items[1], id: 5 }] } as typeof order;
    const next = receiptDraftWithScan(twice, [most.items[1], line(5, '')], { product: { id: 10 }, batch_number: 'L1', quantity: '3' });
    expect(next).toMatchObject({ ok: true, line: 1, filled: true });
  });

  it('a product without batches adds to the quantity typed; one with dates only keeps one row per date', () => {
    const plainScan = receiptDraftWithScan(order, lines, { product: { id: 30 }, quantity: '3', batch_number: 'X' });
    expect(plainScan.ok && plainScan.items[2]).toMatchObject({ quantity: '7', batches: [] });
    const dated = (expiry: string, ls = lines) =>
      receiptDraftWithScan(order, ls, { product: { id: 40 }, quantity: '2', expiry_date: expiry });
    const once = dated('2027-01-31');
    const twice = once.ok ? dated('2027-01-31', once.items) : once;
    const third = twice.ok ? dated('2027-02-28', twice.items) : twice;
    expect(third.ok && third.items[3]).toMatchObject({
      quantity: '6',
      batches: [
        { batch_number: '', quantity: '4', expiry_date: '2027-01-31' },
        { batch_number: '', quantity: '2', expiry_date: '2027-02-28' },
      ],
    });
  });
});

describe('the same delivery note again', () => {
  const receipts = [
    { id: 1, document_number: 'DDT-7', reversed: true },
    { id: 2, document_number: ' ddt-7 ', reversed: false },
    { id: 3, document_number: 'DDT-8', reversed: false },
  ];
  it('is the receipt with that number, spaces and case aside; a reversed one does not count', () => {
    expect(receiptOfNote({ receipts }, 'DDT-7 ')?.id).toBe(2);
    expect(receiptOfNote({ receipts: receipts.slice(0, 1) }, 'DDT-7')).toBeUndefined();
    expect(receiptOfNote({ receipts }, 'DDT-9')).toBeUndefined();
  });
});
