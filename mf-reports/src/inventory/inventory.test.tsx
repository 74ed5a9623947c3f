import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { InventoryCountingView, InventoryCountView } from '@wms/shared-api';
import { renderSection, signInAs, switchLanguage } from '@wms/shared-ui/testing';
import App from '../App';
import { parseCounts, sheetCsv } from './csv';

const SUMMARY = {
  id: 7,
  warehouse_id: 1,
  warehouse_name: 'Centrale',
  status: 'open' as const,
  scope: 'all' as const,
  family: null,
  notes: null,
  snapshot_at: '2026-11-25T10:00:00.000Z',
  snapshot_day: '2026-11-25',
  uncounted: null,
  created_by: 'admin',
  closed_by: null,
  closed_at: null,
  line_count: 1,
  counted_count: 0,
};
const LINE = {
  line_id: 70,
  product_id: 5,
  product_code: 'VITE-10',
  product_name: 'Vite zincata',
  unit_of_measure: 'piece',
  has_batch: false,
  has_expiry_date: false,
  batch_number: '',
  counted_quantity: null,
  expiry_date: null,
  counted_by: null,
  counted_at: null,
};
const COUNTING: InventoryCountingView = { ...SUMMARY, lines: [{ ...LINE, history: [] }] };
const REVIEW: InventoryCountView = {
  ...SUMMARY,
  lines: [
    {
      ...LINE,
      counted_quantity: '0.000',
      book_quantity: '10.000',
      difference: '-10.000',
      moved_since: '-8.000',
      current_quantity: '2.000',
      difference_value: null,
      currency: null,
      adjustment: null,
      movement_id: null,
    },
  ],
  matching_lines: 1,
  totals: [],
  uncounted_count: 0,
  unpriced_count: 1,
};

const puts: unknown[] = [];
const server = setupServer(
  http.get('*/api/inventory-counts/7/counting', () => HttpResponse.json(COUNTING)),
  http.get('*/api/inventory-counts/7', () => HttpResponse.json(REVIEW, { headers: { 'X-Total-Count': '1' } })),
  http.get('*/api/products', () =>
    HttpResponse.json([
      {
        id: 5,
        code: 'VITE-10',
        name: 'Vite zincata',
        description: 'Vite',
        barcode: '8012345000012',
        unit_of_measure: 'piece',
        has_batch: false,
        has_expiry_date: false,
      },
    ]),
  ),
  // The scan box's lookup (issue 27): the GTIN of VITE-10; anything else is unknown.
  http.get('*/api/barcodes/:code', ({ params }) =>
    params.code === '8012345000012'
      ? HttpResponse.json({
          product: {
            id: 5,
            code: 'VITE-10',
            name: 'Vite zincata',
            description: 'Vite',
            barcode: '8012345000012',
            unit_of_measure: 'piece',
            has_batch: false,
            has_expiry_date: false,
            status: 'active',
          },
        })
      : HttpResponse.json({ error: `Codice non riconosciuto: ${String(params.code)}`, code: 'BARCODE_UNKNOWN' }, { status: 404 }),
  ),
  http.put('*/api/inventory-counts/7/lines', async ({ request }) => {
    const body = (await request.json()) as { lines: { counted_quantity: string }[] };
    puts.push(body);
    return HttpResponse.json({
      saved: 1,
      lines: [{ line_id: 70, product_id: 5, batch_number: '', counted_quantity: '2.500', counted_at: '2026-11-25T10:05:00.000Z' }],
    });
  }),
  http.post('*/api/inventory-counts/7/apply', () =>
    HttpResponse.json(
      {
        error: "Impossibile applicare l'inventario: 1 righe da correggere (nessuna modifica eseguita)",
        code: 'INVENTORY_PROBLEMS',
        problems: [
          {
            product_id: 5,
            product_code: 'VITE-10',
            batch_number: '',
            reason: 'NEGATIVE_STOCK',
            message: 'La giacenza diventerebbe negativa',
          },
        ],
      },
      { status: 409 },
    ),
  ),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
beforeEach(async () => {
  puts.length = 0;
  await switchLanguage('it');
});

describe('the count sheet CSV', () => {
  it('reads counted quantities with the decimal comma and reports every bad row at once', async () => {
    const { rows, problems } = await parseCounts(
      'codice;prodotto;lotto;scadenza;contato\r\nA-1;x;;;2,5\r\nB-2;y;L1;;abc\r\nC-3;z;;;\r\n;;;;1\r\nD-4;w;;;-1\r\n',
    );
    expect(rows).toEqual([{ row: 2, code: 'A-1', batch: '', counted: '2.5' }]);
    expect(problems).toEqual([
      { row: 3, reason: 'badQuantity', code: 'B-2' },
      { row: 5, reason: 'missingColumns' },
      { row: 6, reason: 'badQuantity', code: 'D-4' },
    ]);
    expect((await parseCounts('A-1;L1;1.234,5')).rows).toEqual([{ row: 1, code: 'A-1', batch: 'L1', counted: '1234.5' }]);
  });

  it('a French header, or a header of other words, is read as a header, not as a bad first row', async () => {
    const french = await parseCounts('code;lot;quantité comptée\r\nA-1;L1;2,5\r\n');
    expect(french).toEqual({ rows: [{ row: 2, code: 'A-1', batch: 'L1', counted: '2.5' }], problems: [] });
    expect((await parseCounts('code;lot;compté\r\nA-1;L1;2,5')).rows).toEqual([{ row: 2, code: 'A-1', batch: 'L1', counted: '2.5' }]);
    const other = await parseCounts('articolo;partita;quantita\r\nA-1;L1;3\r\n');
    expect(other).toEqual({ rows: [{ row: 2, code: 'A-1', batch: 'L1', counted: '3' }], problems: [] });
  });

  it('reads what it writes: a BOM, quoted ";", a quoted line break, blank lines, tabs; an unclosed quote is one problem', async () => {
    const sheet = await sheetCsv([{ code: 'A;1', name: 'Vite\n"M6"', batch: 'L1', expiry: null, book: null, counted: '2.5' }], false);
    expect(await parseCounts(`${sheet}\r\nB-2\tBullone\tL2\t\t3\r\n`)).toEqual({
      rows: [
        { row: 3, code: 'A;1', batch: 'L1', counted: '2.5' },
        { row: 5, code: 'B-2', batch: 'L2', counted: '3' },
      ],
      problems: [],
    });
    expect(await parseCounts('A-1;L1;2\r\nB-2;"L2;3\r\n')).toEqual({ rows: [], problems: [{ row: 3, reason: 'unreadable' }] });
  });

  it('writes the sheet with a BOM, ";" and the decimal comma; the book column only when asked', async () => {
    const rows = [{ code: 'A;1', name: 'Vite', batch: '', expiry: null, book: '10.500', counted: null }];
    expect(await sheetCsv(rows, false)).toBe('\uFEFFcodice;prodotto;lotto;scadenza;contato\r\n"A;1";Vite;;;\r\n');
    expect(await sheetCsv(rows, true)).toContain(';10,5;');
  });
});

describe('/report/inventario', () => {
  it('a counter scans a code, types 2,5 and saves: the exact decimal goes to the server, the cursor back to the code box', async () => {
    signInAs('warehouse');
    renderSection(<App />, { basePath: '/report', url: '/report/inventario/7' });
    const box = await screen.findByTestId('scan-box');
    await waitFor(() => expect(box).toHaveFocus());
    fireEvent.change(box, { target: { value: '8012345000012' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(await screen.findByTestId('line-product')).toHaveTextContent('VITE-10');
    const qty = screen.getByTestId('line-quantity');
    fireEvent.focus(qty);
    fireEvent.change(qty, { target: { value: '2,5' } });
    fireEvent.blur(qty);
    fireEvent.submit(screen.getByTestId('line-form'));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toMatchObject({ lines: [{ product_id: 5, counted_quantity: '2.5' }] });
    expect(await screen.findByTestId('counted-table')).toHaveTextContent('2,5');
    await waitFor(() => expect(screen.getByTestId('scan-box')).toHaveFocus());
  });

  it('who counts but may not review (warehouse) is sent home from the review, told what was refused; no call is made', async () => {
    signInAs('warehouse');
    renderSection(<App />, { basePath: '/report', url: '/report/inventario/7/revisione' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(screen.queryByTestId('review-line-VITE-10')).toBeNull();
  });

  it('a refused apply lists every line to fix', async () => {
    signInAs('direction');
    renderSection(<App />, { basePath: '/report', url: '/report/inventario/7/revisione' });
    expect(await screen.findByTestId('review-line-VITE-10')).toHaveTextContent('-10');
    fireEvent.click(screen.getByTestId('review-apply'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Applica inventario' }));
    const problems = await screen.findByTestId('apply-problems');
    expect(problems).toHaveTextContent('VITE-10');
    expect(problems).toHaveTextContent('La giacenza diventerebbe negativa');
  });
});
