import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { today as todayIso } from '@wms/shared-ui';
import { missingTranslationKeys, switchLanguage } from '@wms/shared-ui/testing';
import { movementsMessages } from './messages';
import { clearToasts, renderOperations } from './test-support/render';
import { fake, requestsOf, resetFake, server, stockRow } from './test-support/server';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  server.resetHandlers();
  await clearToasts();
});
afterAll(() => server.close());
beforeEach(async () => {
  resetFake();
  await switchLanguage('it');
});

const NEW = '/operazioni/movimenti/nuovo';
/** A label with or without its required marker ("Quantità *"). */
const req = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`);
const today = todayIso();
const todayText = today.split('-').reverse().join('/');

const field = {
  type: () => screen.getByLabelText(req('Tipo di movimento')) as HTMLSelectElement,
  date: () => screen.getByLabelText(req('Data')) as HTMLInputElement,
  product: () => screen.getByRole('combobox', { name: req('Prodotto') }),
  warehouse: () => screen.getByTestId('movement-warehouse') as HTMLSelectElement,
  destination: () => screen.getByLabelText(req('Magazzino di destinazione')) as HTMLSelectElement,
  batch: () => screen.getByLabelText(req('Lotto')) as HTMLInputElement | HTMLSelectElement,
  production: () => screen.getByLabelText(req('Data di produzione')) as HTMLInputElement,
  expiry: () => screen.getByLabelText(req('Data di scadenza')) as HTMLInputElement,
  quantity: () => screen.getByLabelText(req('Quantità')) as HTMLInputElement,
  notes: () => screen.getByLabelText(req('Note')) as HTMLTextAreaElement,
};
const save = () => userEvent.click(screen.getByRole('button', { name: 'Salva' }));
const errorOf = (name: string) => screen.queryByTestId(`error-${name}`);

/** Opens the form once its warehouse picker has read the warehouses (the kit's picker reads them itself). */
async function openForm(url = NEW) {
  renderOperations(url);
  await screen.findByTestId('movement-form');
  await waitFor(() => expect(field.warehouse().options.length).toBeGreaterThan(1));
}

/** Types in the product box and picks the product from the server's answer. */
async function chooseProduct(text: string, code: string) {
  await userEvent.clear(field.product());
  await userEvent.type(field.product(), text);
  await userEvent.click(await screen.findByTestId(`product-option-${code}`));
}

/** Saving returned to the list, which has loaded its rows (nothing left in flight when the test ends). */
async function backOnList() {
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/operazioni\/movimenti$/));
  expect(await screen.findByRole('table', { name: 'Elenco dei movimenti di magazzino' })).toBeInTheDocument();
}

const setDate = (input: HTMLInputElement, value: string) => fireEvent.change(input, { target: { value } });

describe('/operazioni/movimenti/nuovo', () => {
  it('starts as a load dated today, with the three types and no product', async () => {
    await openForm();
    expect(screen.getByRole('heading', { level: 1, name: 'Nuovo movimento' })).toBeInTheDocument();
    expect(Array.from(field.type().options).map((o) => [o.value, o.textContent])).toEqual([
      ['C', 'Carico'],
      ['S', 'Scarico'],
      ['T', 'Trasferimento'],
    ]);
    expect(field.type()).toHaveValue('C');
    expect(field.date()).toHaveValue(todayText); // dd/MM/yyyy whatever the browser's locale;
    expect(field.product()).toHaveValue('');
    expect(field.quantity()).toHaveAttribute('inputmode', 'decimal');
    // Active warehouses only.
    expect(Array.from(field.warehouse().options).map((o) => o.textContent)).toEqual(['Seleziona un magazzino', 'Centrale', 'Nord']);
    expect(screen.queryByLabelText('Magazzino di destinazione')).not.toBeInTheDocument();
  });

  it('searches products on the server, debounced, one short page of active ones (never the whole catalogue)', async () => {
    fake.productTotal = 100_000;
    await openForm();
    await userEvent.type(field.product(), 'latte');
    expect(await screen.findByTestId('product-option-LATTE-01')).toHaveTextContent('LATTE-01Latte UHT 1 l');
    const searches = requestsOf('GET', '/products');
    // Typing five letters asked once (or twice with the focus's empty search), never per key, never without a limit.
    expect(searches.length).toBeLessThanOrEqual(2);
    expect(searches.at(-1)!.params).toEqual({ q: 'latte', status: 'active', sort: 'code', order: 'asc', limit: '20' });
    expect(screen.getByText('Altri 99.999 risultati: continua a digitare per restringere')).toBeInTheDocument();
    // Keyboard: Enter picks the highlighted product.
    await userEvent.keyboard('{Enter}');
    expect(field.product()).toHaveValue('LATTE-01 — Latte UHT 1 l');
    expect(screen.getByTestId('movement-product-flags')).toHaveTextContent('Gestione: lotti, scadenza, data di produzione');
  });

  it('requires type, date, product, warehouse and a quantity above zero', async () => {
    await openForm();
    setDate(field.date(), '');
    await userEvent.type(field.quantity(), '0');
    await save();
    expect(errorOf('movement_date')).toHaveTextContent('Campo obbligatorio');
    expect(errorOf('product_id')).toHaveTextContent('Campo obbligatorio');
    expect(errorOf('warehouse_id')).toHaveTextContent('Campo obbligatorio');
    expect(errorOf('quantity')).toHaveTextContent('Il valore deve essere maggiore di zero');
    expect(field.date()).toHaveFocus();
    expect(requestsOf('POST')).toHaveLength(0);
  });

  it('a load of a batch product needs the batch, and the production and expiry dates the product manages', async () => {
    await openForm();
    await chooseProduct('LATTE', 'LATTE-01');
    await userEvent.selectOptions(field.warehouse(), 'Centrale');
    await userEvent.type(field.quantity(), '10');
    // Free text for a load.
    expect(field.batch().tagName).toBe('INPUT');
    await save();
    expect(errorOf('batch_number')).toHaveTextContent('Il lotto è obbligatorio per questo prodotto');
    expect(errorOf('production_date')).toHaveTextContent('La data di produzione è obbligatoria per questo prodotto');
    expect(errorOf('expiry_date')).toHaveTextContent('La data di scadenza è obbligatoria per questo prodotto');
    expect(requestsOf('POST')).toHaveLength(0);

    // A product managing only batches asks for no dates.
    await chooseProduct('OLIO', 'OLIO-5L');
    expect(screen.queryByLabelText('Data di produzione')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Data di scadenza')).not.toBeInTheDocument();
    await save();
    expect(errorOf('batch_number')).toHaveTextContent('Il lotto è obbligatorio per questo prodotto');
    expect(errorOf('production_date')).not.toBeInTheDocument();
  });

  it('refuses an expiry before the production date (shared schema wording)', async () => {
    await openForm();
    await chooseProduct('LATTE', 'LATTE-01');
    await userEvent.selectOptions(field.warehouse(), 'Centrale');
    await userEvent.type(field.batch(), 'L7');
    setDate(field.production(), '2025-05-10');
    setDate(field.expiry(), '2025-05-01');
    await userEvent.type(field.quantity(), '1');
    await save();
    expect(errorOf('expiry_date')).toHaveTextContent('La data di scadenza non può precedere la data di produzione');
    expect(requestsOf('POST')).toHaveLength(0);
  });

  it.each(['2,5,1', '2,1234', 'dieci'])(
    'never saves a quantity it cannot read exactly (%j): inline message, focus, nothing sent',
    async (typed) => {
      await openForm();
      await chooseProduct('VITE', 'VITE-M6');
      await userEvent.selectOptions(field.warehouse(), 'Nord');
      await userEvent.type(field.quantity(), typed);
      await save();
      expect(errorOf('quantity')).toBeInTheDocument();
      expect(field.quantity()).toHaveFocus();
      expect(field.quantity()).toHaveValue(typed);
      expect(requestsOf('POST', '/stock-movements')).toHaveLength(0);
    },
  );

  it('saves a load: POST with dd/MM/yyyy dates, the decimal-comma quantity read exactly, the author; success toast; back to the list', async () => {
    await openForm();
    await chooseProduct('LATTE', 'LATTE-01');
    await userEvent.selectOptions(field.warehouse(), 'Nord');
    await userEvent.type(field.batch(), 'L10');
    await userEvent.clear(field.production());
    await userEvent.type(field.production(), '01/03/2025');
    setDate(field.expiry(), '2026-03-01');
    await userEvent.type(field.quantity(), '10,25');
    await userEvent.type(field.notes(), 'Rientro da cliente');
    await save();
    expect(await screen.findByText('Movimento registrato con successo')).toBeInTheDocument();
    expect(requestsOf('POST', '/stock-movements')).toEqual([
      expect.objectContaining({
        body: {
          movement_type: 'C',
          movement_date: todayText,
          product_id: 1,
          warehouse_id: 2,
          destination_warehouse_id: null,
          quantity: '10.25',
          batch_number: 'L10',
          production_date: '01/03/2025',
          expiry_date: '01/03/2026',
          notes: 'Rientro da cliente',
          created_by: 'warehouse',
          modified_by: 'warehouse',
        },
      }),
    ]);
    await backOnList();
    // The list shows the new movement highlighted (issue 22: a saved row is shown and highlighted in its list).
    const created = fake.movements.at(-1)!;
    await waitFor(() => expect(screen.getByTestId(`movement-quantity-${created.id}`).closest('tr')).toHaveClass('row-saved'));
  });

  it('a scanned receipt label fills product, batch, dates and quantity of a load (issue 27)', async () => {
    const latte = fake.products.find((p) => p.code === 'LATTE-01')!;
    server.use(
      http.get('*/api/barcodes/:code', () =>
        HttpResponse.json({
          product: latte,
          batch_number: 'L-SCAN',
          production_date: '2026-01-15',
          expiry_date: '2027-03-31',
          quantity: '12.500',
        }),
      ),
    );
    await openForm();
    await userEvent.click(screen.getByRole('textbox', { name: 'Scansiona' }));
    await userEvent.paste('(11)260115(17)270331(3101)000125(10)L-SCAN(240)LATTE-01');
    await waitFor(() => expect(field.batch()).toHaveValue('L-SCAN'));
    await waitFor(() => expect(field.product()).toHaveValue('LATTE-01 — Latte UHT 1 l'));
    expect(field.production()).toHaveValue('15/01/2026');
    expect(field.expiry()).toHaveValue('31/03/2027');
    expect(field.quantity()).toHaveValue('12,5');
  });

  it('loading a batch already in stock takes its dates', async () => {
    await openForm();
    await chooseProduct('LATTE', 'LATTE-01');
    await userEvent.selectOptions(field.warehouse(), 'Nord');
    await waitFor(() => expect(requestsOf('GET', '/stock/product/1')).not.toHaveLength(0));
    await userEvent.type(field.batch(), 'L1');
    expect(field.production()).toHaveValue('01/02/2025');
    expect(field.expiry()).toHaveValue('31/01/2026');
    expect(screen.getByTestId('movement-batch-hint')).toHaveTextContent('Lotto già in giacenza: date riprese dalla giacenza');
  });

  describe('transfer', () => {
    it('needs a destination, different from the source (same-warehouse message while choosing and on save)', async () => {
      await openForm();
      await userEvent.selectOptions(field.type(), 'T');
      expect(screen.getByLabelText(req('Magazzino di origine'))).toBe(field.warehouse());
      await chooseProduct('VITE', 'VITE-M6');
      await userEvent.selectOptions(field.warehouse(), 'Centrale');
      await userEvent.type(field.quantity(), '5');
      await save();
      expect(errorOf('destination_warehouse_id')).toHaveTextContent('Seleziona il magazzino di destinazione');

      await userEvent.selectOptions(field.destination(), 'Centrale');
      expect(errorOf('destination_warehouse_id')).toHaveTextContent(
        'Il magazzino di destinazione deve essere diverso da quello di origine',
      );
      expect(field.destination()).toHaveAttribute('aria-invalid', 'true');
      await save();
      expect(errorOf('destination_warehouse_id')).toHaveTextContent(
        'Il magazzino di destinazione deve essere diverso da quello di origine',
      );
      expect(requestsOf('POST')).toHaveLength(0);

      await userEvent.selectOptions(field.destination(), 'Nord');
      expect(errorOf('destination_warehouse_id')).not.toBeInTheDocument();
      await save();
      expect(await screen.findByText('Movimento registrato con successo')).toBeInTheDocument();
      expect(requestsOf('POST')[0].body).toMatchObject({
        movement_type: 'T',
        warehouse_id: 1,
        destination_warehouse_id: 2,
        quantity: '5',
        batch_number: null,
      });
      await backOnList();
    });

    it('takes from the in-stock batches of the source warehouse', async () => {
      await openForm();
      await userEvent.selectOptions(field.type(), 'T');
      await chooseProduct('LATTE', 'LATTE-01');
      await userEvent.selectOptions(field.warehouse(), 'Nord');
      await waitFor(() => expect(within(field.batch()).getAllByRole('option')).toHaveLength(2));
      expect(
        within(field.batch())
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Scegli il lotto', 'L9 · scad. 31/12/2025 · disponibili 9\u00a0pz']);
      expect(requestsOf('GET', '/stock/product/1').at(-1)!.params).toEqual({ warehouse_id: '2' });
    });
  });

  describe('unload', () => {
    async function unloadOfLatte() {
      await openForm();
      await userEvent.selectOptions(field.type(), 'S');
      await chooseProduct('LATTE', 'LATTE-01');
      await userEvent.selectOptions(field.warehouse(), 'Centrale');
      await waitFor(() => expect(field.batch()).toBeEnabled());
    }

    it('offers the in-stock batches of that warehouse, earliest expiry first, with the available quantity', async () => {
      await unloadOfLatte();
      const batch = field.batch();
      expect(batch.tagName).toBe('SELECT');
      expect(
        within(batch)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual([
        'Scegli il lotto',
        'L1 · scad. 31/01/2026 · disponibili 6,5\u00a0pz',
        'L2 · scad. 30/06/2026 · disponibili 4\u00a0pz',
        'L3 · disponibili 2\u00a0pz',
      ]);
      expect(screen.getByTestId('movement-batch-hint')).toHaveTextContent('Lotti in giacenza, dalla scadenza più vicina');
      expect(requestsOf('GET', '/stock/product/1').at(-1)!.params).toEqual({ warehouse_id: '1' });
      // No dates to type for goods that leave: they go with the dates they have in stock.
      expect(screen.queryByLabelText('Data di scadenza')).not.toBeInTheDocument();
    });

    it('requires a batch for a batch product', async () => {
      await unloadOfLatte();
      await userEvent.type(field.quantity(), '1');
      await save();
      expect(errorOf('batch_number')).toHaveTextContent('Il lotto è obbligatorio per questo prodotto');
      expect(field.batch()).toHaveFocus();
      expect(requestsOf('POST')).toHaveLength(0);
    });

    it('caps the quantity at what is available: max, the insufficient-stock message, nothing sent; then saves within it', async () => {
      await unloadOfLatte();
      await userEvent.selectOptions(field.batch(), 'L1');
      expect(field.quantity()).toHaveAccessibleDescription(/Disponibile: 6,5/);
      expect(screen.getByTestId('movement-available')).toHaveTextContent('Disponibile: 6,5');
      await userEvent.type(field.quantity(), '7');
      expect(errorOf('quantity')).toHaveTextContent('Giacenza insufficiente: disponibili 6,5');
      await save();
      expect(errorOf('quantity')).toHaveTextContent('Giacenza insufficiente: disponibili 6,5');
      expect(field.quantity()).toHaveFocus();
      expect(requestsOf('POST')).toHaveLength(0);

      await userEvent.clear(field.quantity());
      await userEvent.type(field.quantity(), '6.5');
      expect(errorOf('quantity')).not.toBeInTheDocument();
      await save();
      expect(await screen.findByText('Movimento registrato con successo')).toBeInTheDocument();
      expect(requestsOf('POST')[0].body).toMatchObject({
        movement_type: 'S',
        product_id: 1,
        warehouse_id: 1,
        batch_number: 'L1',
        quantity: '6.5',
        production_date: null,
        expiry_date: null,
      });
      await backOnList();
    });

    it('a product without batches shows what the warehouse holds, and says when it holds none', async () => {
      await openForm();
      await userEvent.selectOptions(field.type(), 'S');
      await chooseProduct('VITE', 'VITE-M6');
      expect(screen.queryByLabelText('Lotto')).not.toBeInTheDocument();
      await userEvent.selectOptions(field.warehouse(), 'Centrale');
      expect(await screen.findByText('Disponibile: 1.234,5 pz')).toBeInTheDocument();
      await userEvent.type(field.quantity(), '1234.6');
      expect(errorOf('quantity')).toHaveTextContent('Giacenza insufficiente: disponibili 1.234,5');
      await userEvent.selectOptions(field.warehouse(), 'Nord');
      expect(await screen.findByText('Nessuna giacenza di questo prodotto nel magazzino scelto')).toBeInTheDocument();
      expect(errorOf('quantity')).toHaveTextContent('Giacenza insufficiente: disponibili 0');
    });

    it("shows the server's refusal as it words it, stays on the form and re-reads the stock", async () => {
      server.use(
        http.post('*/api/stock-movements', () =>
          HttpResponse.json(
            {
              error: 'Giacenza insufficiente: nel magazzino Centrale sono disponibili 3 del prodotto LATTE-01, lotto L1, richiesti 6',
              code: 'INSUFFICIENT_STOCK',
            },
            { status: 409 },
          ),
        ),
      );
      await unloadOfLatte();
      await userEvent.selectOptions(field.batch(), 'L1');
      await userEvent.type(field.quantity(), '6');
      const stockReads = requestsOf('GET', '/stock/product/1').length;
      fake.stock = [stockRow(1, 1, 'L1', 3, '2026-01-31')];
      await save();
      expect(await screen.findByTestId('movement-save-error')).toHaveTextContent(
        'Giacenza insufficiente: nel magazzino Centrale sono disponibili 3 del prodotto LATTE-01, lotto L1, richiesti 6',
      );
      expect(screen.getByTestId('location')).toHaveTextContent('/operazioni/movimenti/nuovo');
      await waitFor(() => expect(requestsOf('GET', '/stock/product/1').length).toBe(stockReads + 1));
      expect(await screen.findByText('Disponibile: 3 pz')).toBeInTheDocument();
      expect(errorOf('quantity')).toHaveTextContent('Giacenza insufficiente: disponibili 3');
    });
  });

  it("puts the server's field messages next to the fields", async () => {
    server.use(
      http.post('*/api/stock-movements', () =>
        HttpResponse.json(
          {
            error: 'Dati non validi: notes: Testo troppo lungo',
            code: 'VALIDATION',
            fields: { notes: 'Testo troppo lungo (massimo 2000 caratteri)' },
          },
          { status: 400 },
        ),
      ),
    );
    await openForm();
    await chooseProduct('VITE', 'VITE-M6');
    await userEvent.selectOptions(field.warehouse(), 'Centrale');
    await userEvent.type(field.quantity(), '1');
    await save();
    expect(await screen.findByTestId('movement-save-error')).toHaveTextContent('Dati non validi: notes: Testo troppo lungo');
    expect(errorOf('notes')).toHaveTextContent('Testo troppo lungo (massimo 2000 caratteri)');
  });

  it('a save that fails without a reason shows saveFailed', async () => {
    server.use(http.post('*/api/stock-movements', () => HttpResponse.error()));
    await openForm();
    await chooseProduct('VITE', 'VITE-M6');
    await userEvent.selectOptions(field.warehouse(), 'Centrale');
    await userEvent.type(field.quantity(), '1');
    await save();
    expect(await screen.findByTestId('movement-save-error')).toHaveTextContent('Errore durante il salvataggio del movimento');
    expect(screen.getByRole('button', { name: 'Salva' })).toBeEnabled();
  });

  it("warehouses that cannot be read: the form shows, its warehouse picker says so with the kit's Retry", async () => {
    let fail = true;
    server.use(http.get('*/api/warehouses', () => (fail ? HttpResponse.error() : HttpResponse.json(fake.warehouses))));
    renderOperations(NEW);
    await screen.findByTestId('movement-form');
    const picker = field.warehouse().closest('.field') as HTMLElement;
    await waitFor(() => expect(picker).toHaveTextContent('Elenco non disponibile'));
    fail = false;
    await userEvent.click(within(picker).getByRole('button', { name: 'Riprova' }));
    await waitFor(() => expect(Array.from(field.warehouse().options).map((o) => o.textContent)).toContain('Centrale'));
    expect(picker).not.toHaveTextContent('Elenco non disponibile');
  });

  it('Cancel goes back to the list with its filters', async () => {
    renderOperations('/operazioni/movimenti?type=T');
    await userEvent.click(await screen.findByRole('link', { name: 'Nuovo movimento' }));
    await screen.findByTestId('movement-form');
    await userEvent.click(screen.getByRole('button', { name: 'Annulla' }));
    await backOnList();
    expect(requestsOf('GET', '/stock-movements').at(-1)!.params).toMatchObject({ type: 'T' });
  });

  it('says it in French, rules included', async () => {
    await switchLanguage('fr');
    await openForm();
    expect(screen.getByRole('heading', { level: 1, name: 'Nouveau mouvement' })).toBeInTheDocument();
    expect(Array.from((screen.getByLabelText(req('Type de mouvement')) as HTMLSelectElement).options).map((o) => o.textContent)).toEqual([
      'Entrée',
      'Sortie',
      'Transfert',
    ]);
    await userEvent.selectOptions(screen.getByLabelText(req('Type de mouvement')), 'T');
    expect(screen.getByLabelText(req("Entrepôt d'origine"))).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText(req("Entrepôt d'origine")), 'Centrale');
    await userEvent.selectOptions(screen.getByLabelText(req('Entrepôt de destination')), 'Centrale');
    expect(errorOf('destination_warehouse_id')).toHaveTextContent("L'entrepôt de destination doit être différent de l'entrepôt d'origine");
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(errorOf('product_id')).toHaveTextContent('Champ obligatoire');
    expect(screen.getByLabelText(req('Quantité'))).toBeInTheDocument();
    expect(screen.getByLabelText(req('Notes'))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Annuler' })).toBeInTheDocument();
    // A language switch rewords the messages already shown.
    await switchLanguage('it');
    expect(errorOf('product_id')).toHaveTextContent('Campo obbligatorio');
  });
});

describe('/operazioni/movimenti/{id}', () => {
  it('loads the movement and corrects it: PUT to the id cut at its first hyphen; its own goods count as available', async () => {
    // 8-manual: an unload of 1,25 from L2 (4 left in stock) in Centrale.
    await openForm('/operazioni/movimenti/8-manual');
    expect(screen.getByRole('heading', { level: 1, name: 'Modifica movimento' })).toBeInTheDocument();
    expect(requestsOf('GET', '/stock-movements/8-manual')).toHaveLength(1);
    expect(field.type()).toHaveValue('S');
    expect(field.date()).toHaveValue('08/03/2025');
    expect(field.product()).toHaveValue('LATTE-01 — Latte UHT 1 l');
    expect(field.warehouse()).toHaveValue('1');
    await waitFor(() => expect(field.batch()).toHaveValue('L2'));
    expect(field.quantity()).toHaveValue('1,25');
    expect(await screen.findByText('Disponibile: 5,25 pz')).toBeInTheDocument();
    expect(within(field.batch()).getByRole('option', { name: 'L2 · scad. 30/06/2026 · disponibili 5,25\u00a0pz' })).toBeInTheDocument();

    await userEvent.clear(field.quantity());
    await userEvent.type(field.quantity(), '5.25');
    expect(errorOf('quantity')).not.toBeInTheDocument();
    await save();
    expect(await screen.findByText('Movimento modificato con successo')).toBeInTheDocument();
    expect(requestsOf('PUT')).toEqual([
      expect.objectContaining({
        path: '/stock-movements/8',
        body: expect.objectContaining({
          movement_type: 'S',
          movement_date: '08/03/2025',
          batch_number: 'L2',
          quantity: '5.25',
          modified_by: 'warehouse',
        }),
      }),
    ]);
    await backOnList();
  });

  it('a load keeps its batch and dates', async () => {
    await openForm('/operazioni/movimenti/5-manual');
    expect(field.type()).toHaveValue('C');
    expect(field.product()).toHaveValue('VITE-M6 — Vite M6 zincata');
    expect(field.quantity()).toHaveValue('1.234,5');
    expect(field.notes()).toHaveValue('Inventario iniziale del magazzino centrale');
  });

  it('a movement made by a document (a sale) is not edited here', async () => {
    renderOperations('/operazioni/movimenti/7');
    expect(await screen.findByTestId('movement-not-editable')).toHaveTextContent('generato da un documento');
    expect(screen.queryByTestId('movement-form')).not.toBeInTheDocument();
    // The warehouse role may not open sales: only the way back.
    expect(screen.queryByTestId('movement-open-document')).not.toBeInTheDocument();
  });

  it('no dead end: a role that may open the document is offered it, where the movement is changed', async () => {
    renderOperations('/operazioni/movimenti/7', 'sales');
    const open = await screen.findByRole('link', { name: 'Apri il documento V-2025-003' });
    expect(open).toHaveAttribute('href', '/operazioni/vendite/3');
    expect(screen.getByRole('link', { name: "Torna all'elenco" })).toHaveAttribute('href', '/operazioni/movimenti');
  });

  it('a movement that does not exist says so, with the way back to the list (no Retry that cannot work)', async () => {
    renderOperations('/operazioni/movimenti/999-manual');
    expect(await screen.findByTestId('not-found')).toHaveTextContent('Movimento non trovato');
    expect(screen.getByRole('link', { name: "Torna all'elenco" })).toHaveAttribute('href', '/operazioni/movimenti');
    expect(screen.queryByRole('button', { name: 'Riprova' })).not.toBeInTheDocument();
  });

  it('a movement that cannot be read (not a 404) shows the error with Retry', async () => {
    server.use(http.get('*/api/stock-movements/:id', () => HttpResponse.error()));
    renderOperations('/operazioni/movimenti/5-manual');
    expect(await screen.findByTestId('movement-load-error')).toHaveTextContent('Errore nel caricamento del movimento');
    expect(screen.getByRole('button', { name: 'Riprova' })).toBeInTheDocument();
  });
});

it('the movements messages have the same keys in it and fr', () => {
  expect(missingTranslationKeys(movementsMessages)).toEqual([]);
});
