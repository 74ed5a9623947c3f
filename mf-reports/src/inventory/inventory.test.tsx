import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { InventoryCountingView, InventoryCountView } from '@wms/shared-api';
import { renderSection, signInAs, switchLanguage } from '@wms/shared-ui/testing';
import App from '../App';
import { countsToSave, parseCounts, sheetCsv, type ProductRules } from './csv';

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

/** A product managing batches, expiry and production dates (OL-IDR-68-200L of the demo): its batch L1 is on the count. */
const OIL = {
  id: 9,
  code: 'OL-IDR-68-200L',
  name: 'Olio idraulico',
  description: 'Olio',
  barcode: null,
  unit_of_measure: 'liter',
  has_batch: true,
  has_expiry_date: true,
  has_production_date: true,
  status: 'active',
};
const OIL_LINE = {
  ...LINE,
  line_id: 71,
  product_id: 9,
  product_code: 'OL-IDR-68-200L',
  product_name: 'Olio idraulico',
  unit_of_measure: 'liter',
  has_batch: true,
  has_expiry_date: true,
  batch_number: 'L1',
  expiry_date: '2027-06-30',
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

/** The scan box answers these codes with their products (and the GTIN of VITE-10, as the default handler). */
function scanAnswers(products: Record<string, object>) {
  server.use(
    http.get('*/api/barcodes/:code', ({ params }) => {
      const product = products[String(params.code)];
      return product ? HttpResponse.json({ product }) : undefined;
    }),
  );
}

async function scanCode(code: string) {
  const box = await screen.findByTestId('scan-box');
  await waitFor(() => expect(box).toHaveFocus());
  fireEvent.change(box, { target: { value: code } });
  fireEvent.keyDown(box, { key: 'Enter' });
  expect(await screen.findByTestId('line-product')).toHaveTextContent(code);
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
beforeEach(async () => {
  puts.length = 0;
  await switchLanguage('it');
});

describe('the count sheet CSV', () => {
  const noDates = { expiry: null, production: null };

  it('reads counted quantities with the decimal comma and reports every bad row at once', async () => {
    const { rows, problems } = await parseCounts(
      'codice;prodotto;lotto;scadenza;contato\r\nA-1;x;;;2,5\r\nB-2;y;L1;;abc\r\nC-3;z;;;\r\n;;;;1\r\nD-4;w;;;-1\r\n',
    );
    // A row with a bad quantity stays a row (its code and batch are checked too); the problem says what is wrong.
    expect(rows).toEqual([
      { row: 2, code: 'A-1', batch: '', counted: '2.5', ...noDates },
      { row: 3, code: 'B-2', batch: 'L1', counted: null, ...noDates },
      { row: 6, code: 'D-4', batch: '', counted: null, ...noDates },
    ]);
    expect(problems).toEqual([
      { row: 3, reason: 'badQuantity', code: 'B-2' },
      { row: 5, reason: 'missingColumns' },
      { row: 6, reason: 'badQuantity', code: 'D-4' },
    ]);
    expect((await parseCounts('A-1;L1;1.234,5')).rows).toEqual([{ row: 1, code: 'A-1', batch: 'L1', counted: '1234.5', ...noDates }]);
  });

  it('a French header, or a header of other words, is read as a header, not as a bad first row', async () => {
    const french = await parseCounts('code;lot;quantité comptée\r\nA-1;L1;2,5\r\n');
    expect(french).toEqual({
      rows: [{ row: 2, code: 'A-1', batch: 'L1', counted: '2.5', ...noDates }],
      problems: [],
      columns: { expiry: false, production: false },
    });
    expect((await parseCounts('code;lot;compté\r\nA-1;L1;2,5')).rows).toEqual([
      { row: 2, code: 'A-1', batch: 'L1', counted: '2.5', ...noDates },
    ]);
    const other = await parseCounts('articolo;partita;quantita\r\nA-1;L1;3\r\n');
    expect(other.rows).toEqual([{ row: 2, code: 'A-1', batch: 'L1', counted: '3', ...noDates }]);
    expect(other.problems).toEqual([]);
  });

  it('reads what it writes: a BOM, quoted ";", a quoted line break, blank lines, tabs; an unclosed quote is one problem', async () => {
    const sheet = await sheetCsv(
      [{ code: 'A;1', name: 'Vite\n"M6"', batch: 'L1', expiry: '2027-06-30', book: null, counted: '2.5' }],
      false,
    );
    expect(await parseCounts(`${sheet}\r\nB-2\tBullone\tL2\t\t3\r\n`)).toEqual({
      rows: [
        { row: 3, code: 'A;1', batch: 'L1', counted: '2.5', expiry: '2027-06-30', production: null },
        { row: 5, code: 'B-2', batch: 'L2', counted: '3', ...noDates },
      ],
      problems: [],
      columns: { expiry: true, production: false },
    });
    expect(await parseCounts('A-1;L1;2\r\nB-2;"L2;3\r\n')).toMatchObject({ rows: [], problems: [{ row: 3, reason: 'unreadable' }] });
  });

  it('writes the expiry dd/MM/yyyy as the sheet shows it, and reads it back, ISO days of older files too', async () => {
    const rows = [
      { code: 'GRASSO-LIT-1KG', name: 'Grasso', batch: 'L411A', expiry: '2027-06-30', book: null, counted: '130' },
      { code: 'VITE-10', name: 'Vite', batch: '', expiry: null, book: null, counted: '12.5' },
    ];
    const csv = await sheetCsv(rows, false);
    expect(csv).toBe(
      '\uFEFFcodice;prodotto;lotto;scadenza;contato\r\nGRASSO-LIT-1KG;Grasso;L411A;30/06/2027;130\r\nVITE-10;Vite;;;12,5\r\n',
    );
    expect((await parseCounts(csv)).rows.map((r) => r.expiry)).toEqual(['2027-06-30', null]);
    const older = await parseCounts('codice;prodotto;lotto;scadenza;contato\r\nGRASSO-LIT-1KG;Grasso;L411A;2027-06-30;130\r\n');
    expect(older.rows[0]).toMatchObject({ expiry: '2027-06-30', counted: '130' });
    // A production column (not in the exported sheet) is read too; a day that does not exist is the row's problem.
    const bad = await parseCounts('codice;lotto;scadenza;produzione;contato\r\nA-1;L9;31/02/2027;1/3/2026;2\r\n');
    expect(bad.rows).toEqual([{ row: 2, code: 'A-1', batch: 'L9', counted: '2', expiry: null, production: '2026-03-01' }]);
    expect(bad.problems).toEqual([{ row: 2, reason: 'badExpiry', text: '31/02/2027' }]);
    expect(bad.columns).toEqual({ expiry: true, production: true });
  });

  describe('rows of new batches', () => {
    const COUNT = [LINE, OIL_LINE];
    const products: Record<string, ProductRules> = { 'ol-idr-68-200l': OIL, 'vite-10': { ...LINE, id: 5, has_production_date: false } };
    const asked: string[] = [];
    const findProduct = (code: string) => {
      asked.push(code);
      return Promise.resolve(products[code.toLowerCase()] ?? null);
    };
    beforeEach(() => {
      asked.length = 0;
    });

    it('every problem of every row at once, a new batch without its dates included; nothing to save', async () => {
      const file = [
        'codice;prodotto;lotto;scadenza;contato',
        'VITE-10;Vite;;;3',
        'NOPE-CODE;;;;5',
        'VITE-10;Vite;;;abc',
        'OL-IDR-68-200L;x;ZZZ9;;4',
        'NOPE-2;;;31/02/2027;x',
        'OL-IDR-68-200L;x;L1;30/06/2027;2',
        'OL-IDR-68-200L;x;;;1',
      ].join('\r\n');
      const result = await countsToSave(file, COUNT, findProduct);
      expect(result.lines).toEqual([]);
      expect(result.problems).toEqual([
        { row: 3, reason: 'unknownProduct', code: 'NOPE-CODE' },
        { row: 4, reason: 'badQuantity', code: 'VITE-10' },
        { row: 4, reason: 'duplicateRow', first: 2 },
        // No production column in the sheet: the batch cannot be saved from it.
        { row: 5, reason: 'countOnPage', batch: 'ZZZ9', dates: 'both' },
        { row: 6, reason: 'badQuantity', code: 'NOPE-2' },
        { row: 6, reason: 'badExpiry', text: '31/02/2027' },
        { row: 6, reason: 'unknownProduct', code: 'NOPE-2' },
        { row: 8, reason: 'missingBatch' },
      ]);
      // A known batch of a product on the count is not looked up; each other code once.
      expect(asked).toEqual(['NOPE-CODE', 'OL-IDR-68-200L', 'NOPE-2']);
    });

    it('with a production column, a new batch names the dates it lacks; given, they are sent as ISO days', async () => {
      const header = 'codice;lotto;scadenza;produzione;contato';
      const missing = await countsToSave(`${header}\r\nOL-IDR-68-200L;ZZZ9;;;4\r\nOL-IDR-68-200L;ZZZ8;31/12/2027;;4`, COUNT, findProduct);
      expect(missing.problems).toEqual([
        { row: 2, reason: 'datesMissing', batch: 'ZZZ9', dates: 'both' },
        { row: 3, reason: 'datesMissing', batch: 'ZZZ8', dates: 'production' },
      ]);
      const good = await countsToSave(
        `${header}\r\nOL-IDR-68-200L;ZZZ9;31/12/2027;2026-01-15;4,5\r\nOL-IDR-68-200L;L1;30/06/2027;;2\r\nVITE-10;;;;1.500`,
        COUNT,
        findProduct,
      );
      expect(good).toEqual({
        lines: [
          { product_id: 9, batch_number: 'ZZZ9', counted_quantity: '4.5', expiry_date: '2027-12-31', production_date: '2026-01-15' },
          { product_id: 9, batch_number: 'L1', counted_quantity: '2', expiry_date: null, production_date: null },
          { product_id: 5, batch_number: '', counted_quantity: '1500', expiry_date: null, production_date: null },
        ],
        rows: [2, 3, 4],
        problems: [],
      });
    });
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

  it('a new batch of a product with production dates: both date fields, required, sent as ISO days', async () => {
    scanAnswers({ 'OL-IDR-68-200L': OIL });
    signInAs('warehouse');
    renderSection(<App />, { basePath: '/report', url: '/report/inventario/7' });
    await scanCode('OL-IDR-68-200L');
    const batch = screen.getByTestId('line-batch');
    // No date to ask while the batch is unknown or on the count.
    expect(screen.queryByTestId('line-expiry')).toBeNull();
    expect(screen.queryByTestId('line-production')).toBeNull();
    fireEvent.change(batch, { target: { value: 'LNEW1' } });
    const expiry = screen.getByTestId('line-expiry');
    const production = screen.getByTestId('line-production');
    expect(expiry).toHaveAccessibleName(/^Scadenza/);
    expect(production).toHaveAccessibleName(/^Produzione/);
    expect(expiry).toHaveAttribute('aria-required', 'true');
    expect(production).toHaveAttribute('aria-required', 'true');
    fireEvent.change(expiry, { target: { value: '31/12/2027' } });
    fireEvent.blur(expiry);
    fireEvent.change(production, { target: { value: '15/01/2026' } });
    fireEvent.blur(production);
    fireEvent.change(screen.getByTestId('line-quantity'), { target: { value: '3' } });
    fireEvent.submit(screen.getByTestId('line-form'));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({
      lines: [{ product_id: 9, batch_number: 'LNEW1', counted_quantity: '3', expiry_date: '2027-12-31', production_date: '2026-01-15' }],
    });
  });

  it("the server's refusal of a new batch's date shows at that field, in words, never as a field path", async () => {
    scanAnswers({ 'OL-IDR-68-200L': { ...OIL, has_expiry_date: false } });
    server.use(
      http.put('*/api/inventory-counts/7/lines', async ({ request }) => {
        puts.push(await request.json());
        return HttpResponse.json(
          {
            error: 'Dati non validi: lines.0.production_date: La data di produzione è obbligatoria per questo prodotto',
            code: 'VALIDATION',
            fields: { 'lines.0.production_date': 'La data di produzione è obbligatoria per questo prodotto' },
          },
          { status: 400 },
        );
      }),
    );
    signInAs('warehouse');
    renderSection(<App />, { basePath: '/report', url: '/report/inventario/7' });
    await scanCode('OL-IDR-68-200L');
    fireEvent.change(screen.getByTestId('line-batch'), { target: { value: 'LNEW1' } });
    // The product manages production dates only: no expiry field.
    expect(screen.queryByTestId('line-expiry')).toBeNull();
    fireEvent.change(screen.getByTestId('line-quantity'), { target: { value: '3' } });
    fireEvent.submit(screen.getByTestId('line-form'));
    const message = await screen.findByTestId('error-production_date');
    expect(message).toHaveTextContent('La data di produzione è obbligatoria per questo prodotto');
    expect(puts[0]).toMatchObject({ lines: [{ batch_number: 'LNEW1', production_date: null }] });
    const failure = screen.getByTestId('line-failure');
    expect(failure).toHaveTextContent('Conteggio non salvato: correggi i campi indicati');
    expect(screen.getByTestId('line-form')).not.toHaveTextContent('lines.0');
    await waitFor(() => expect(screen.getByTestId('line-production')).toHaveFocus());
  });

  it('the count sheet imports nothing while a row is wrong, and says every problem of a row at once (it, fr)', async () => {
    server.use(
      http.get('*/api/products', ({ request }) => {
        const q = new URL(request.url).searchParams.get('q');
        return HttpResponse.json(q === OIL.code ? [OIL] : []);
      }),
    );
    const csv =
      '\uFEFFcodice;prodotto;lotto;scadenza;contato\r\nVITE-10;Vite;;;3\r\nNOPE-CODE;;;;5\r\nVITE-10;Vite;;;abc\r\nOL-IDR-68-200L;x;ZZZ9;;4\r\nOL-IDR-68-200L;x;ZZZ8;31/02/2027;x\r\n';
    // jsdom's File has no text(): the browser's is given.
    const file = () => Object.assign(new File([csv], 'inventario-7.csv', { type: 'text/csv' }), { text: () => Promise.resolve(csv) });
    signInAs('warehouse');
    renderSection(<App />, { basePath: '/report', url: '/report/inventario/7/foglio' });
    await userEvent.upload(await screen.findByTestId('sheet-import'), file());
    const items = async () =>
      within(await screen.findByTestId('import-problems'))
        .getAllByRole('listitem')
        .map((li) => li.textContent);
    expect(await items()).toEqual([
      'Riga 3: prodotto NOPE-CODE inesistente',
      'Riga 4: quantità non valida; prodotto e lotto già alla riga 2',
      'Riga 5: il nuovo lotto ZZZ9 richiede la scadenza e la data di produzione, che questo file non riporta: contalo nella pagina di conteggio',
      'Riga 6: quantità non valida; scadenza non valida (31/02/2027): scrivi gg/mm/aaaa; il nuovo lotto ZZZ8 richiede la data di produzione, che questo file non riporta: contalo nella pagina di conteggio',
    ]);
    await switchLanguage('fr');
    await userEvent.upload(screen.getByTestId('sheet-import'), file());
    await waitFor(async () => expect((await items())[0]).toBe('Ligne 3\u00a0: produit NOPE-CODE inexistant'));
    expect(await items()).toEqual([
      'Ligne 3\u00a0: produit NOPE-CODE inexistant',
      'Ligne 4\u00a0: quantité non valide; produit et lot déjà à la ligne 2',
      'Ligne 5\u00a0: le nouveau lot ZZZ9 demande la date d’expiration et la date de production, que ce fichier ne donne pas\u00a0: comptez-le sur la page de comptage',
      'Ligne 6\u00a0: quantité non valide; date d’expiration non valide (31/02/2027)\u00a0: écrivez jj/mm/aaaa; le nouveau lot ZZZ8 demande la date de production, que ce fichier ne donne pas\u00a0: comptez-le sur la page de comptage',
    ]);
    expect(puts).toEqual([]);
  });

  it('the count sheet imports a new batch with the dates its product manages, sent as ISO days', async () => {
    server.use(http.get('*/api/products', () => HttpResponse.json([OIL])));
    const csv = 'codice;lotto;scadenza;produzione;contato\r\nOL-IDR-68-200L;ZZZ9;31/12/2027;15/01/2026;4,5\r\nVITE-10;;;;1.500\r\n';
    signInAs('warehouse');
    renderSection(<App />, { basePath: '/report', url: '/report/inventario/7/foglio' });
    const file = Object.assign(new File([csv], 'conteggi.csv', { type: 'text/csv' }), { text: () => Promise.resolve(csv) });
    await userEvent.upload(await screen.findByTestId('sheet-import'), file);
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({
      lines: [
        { product_id: 9, batch_number: 'ZZZ9', counted_quantity: '4.5', expiry_date: '2027-12-31', production_date: '2026-01-15' },
        { product_id: 5, batch_number: '', counted_quantity: '1500', expiry_date: null, production_date: null },
      ],
    });
    expect(screen.queryByTestId('import-problems')).toBeNull();
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
