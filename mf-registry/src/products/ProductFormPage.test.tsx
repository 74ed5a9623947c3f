import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { switchLanguage } from '@wms/shared-ui/testing';
import { clearToasts, fake, renderRegistry, requestsOf, resetFake, server } from '../test-support/render';

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

const NEW = '/anagrafica/prodotti/nuovo';
const field = (label: RegExp | string) => screen.getByLabelText(label);
const save = () => userEvent.click(screen.getByTestId('product-save'));
const errorOf = (name: string) => screen.queryByTestId(`error-${name}`);

async function fillRequired(user: ReturnType<typeof userEvent.setup>, code = 'NEW-1') {
  await user.type(field(/^Codice/), code);
  await user.type(field(/^Descrizione/), 'Nuovo articolo');
  await user.type(field(/^Famiglia/), 'Viteria');
}

describe('new product form', () => {
  it('shows every §2 field: units m, kg, piece, l; currencies EUR (default), USD, MAD, CNY; the management flags', async () => {
    renderRegistry(NEW);
    expect(await screen.findByRole('heading', { level: 1, name: 'Nuovo prodotto' })).toBeInTheDocument();
    await waitFor(() => expect(within(field('Fornitore') as HTMLElement).getAllByRole('option')).toHaveLength(3));
    expect(
      within(field('Fornitore') as HTMLElement)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Nessun fornitore', 'Bulloneria Bresciana S.r.l.', 'Chimica Adriatica S.r.l.']);
    const units = within(field('Unità di misura') as HTMLElement).getAllByRole('option');
    expect(units.map((o) => (o as HTMLOptionElement).value)).toEqual(['', 'm', 'kg', 'piece', 'l']);
    expect(units.map((o) => o.textContent)).toEqual(['Non specificata', 'm (metri)', 'kg (chilogrammi)', 'pezzo', 'l (litri)']);
    expect(field(/^Valuta/)).toHaveValue('EUR');
    expect(
      within(field(/^Valuta/) as HTMLElement)
        .getAllByRole('option')
        .map((o) => (o as HTMLOptionElement).value),
    ).toEqual(['', 'EUR', 'USD', 'MAD', 'CNY']);
    for (const flag of ['Gestione lotti', 'Gestione data di scadenza', 'Gestione data di produzione', 'Semilavorato'])
      expect(field(flag)).not.toBeChecked();
    expect(field(/^Codice/)).toHaveFocus();
  });

  it('says "Campo obbligatorio" under code, description, family and currency, and sends nothing', async () => {
    const user = userEvent.setup();
    renderRegistry(NEW);
    await user.selectOptions(field(/^Valuta/), '');
    await save();
    for (const name of ['code', 'description', 'category', 'currency']) expect(errorOf(name)).toHaveTextContent('Campo obbligatorio');
    expect(errorOf('supplier_id')).toBeNull();
    expect(errorOf('unit_of_measure')).toBeNull();
    expect(field(/^Codice/)).toHaveFocus();
    expect(field(/^Codice/)).toHaveAttribute('aria-invalid', 'true');
    expect(requestsOf('POST', '/products')).toHaveLength(0);
    // A field's message goes as soon as it is edited.
    await user.type(field(/^Codice/), 'X');
    expect(errorOf('code')).toBeNull();
  });

  it('says "Testo troppo lungo (massimo 50 caratteri)" for a long code, and blanks count as missing', async () => {
    const user = userEvent.setup();
    renderRegistry(NEW);
    await user.type(field(/^Codice/), 'C'.repeat(51));
    await user.type(field(/^Descrizione/), '   ');
    await save();
    expect(errorOf('code')).toHaveTextContent('Testo troppo lungo (massimo 50 caratteri)');
    expect(errorOf('description')).toHaveTextContent('Campo obbligatorio');
  });

  it('shows the validation messages in French', async () => {
    await switchLanguage('fr');
    renderRegistry(NEW);
    expect(screen.getByRole('heading', { level: 1, name: 'Nouveau produit' })).toBeInTheDocument();
    await save();
    expect(errorOf('code')).toHaveTextContent('Champ obligatoire');
    expect(field(/^Famille/)).toBeInTheDocument();
    expect(field('Gestion des lots')).toBeInTheDocument();
    expect(field(/^Devise/)).toHaveValue('EUR');
    expect(screen.getByRole('button', { name: 'Enregistrer' })).toBeInTheDocument();
  });

  it('saves: a saving state, the trimmed fields and flags sent, "Prodotto creato con successo", back to the list', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => (release = r));
    server.use(
      http.post('*/api/products', async () => {
        await held;
        return undefined;
      }),
    );
    const user = userEvent.setup();
    renderRegistry(NEW);
    await fillRequired(user, '  NEW-1 ');
    await waitFor(() => expect(within(field('Fornitore') as HTMLElement).getAllByRole('option')).toHaveLength(3));
    await user.selectOptions(field('Fornitore'), 'Bulloneria Bresciana S.r.l.');
    await user.selectOptions(field('Unità di misura'), 'kg');
    await user.selectOptions(field(/^Valuta/), 'CNY');
    await user.click(field('Gestione lotti'));
    await user.click(field('Gestione data di scadenza'));
    await save();
    const button = screen.getByTestId('product-save');
    expect(button).toBeDisabled();
    expect(button).toHaveTextContent('Salvataggio…');
    expect(field(/^Codice/)).toBeDisabled();
    release();
    expect(await screen.findByText('Prodotto creato con successo')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/anagrafica\/prodotti$/));
    expect(requestsOf('POST', '/products')[0].body).toMatchObject({
      code: 'NEW-1',
      description: 'Nuovo articolo',
      category: 'Viteria',
      supplier_id: 1,
      unit_of_measure: 'kg',
      currency: 'CNY',
      has_batch: true,
      has_expiry_date: true,
      has_production_date: false,
      is_semi_finished: false,
      status: 'active',
      created_by: 1,
      deleted_at: null,
      deleted_by: null,
    });
    expect(await screen.findByText('NEW-1')).toBeInTheDocument();
  });

  it.each([
    [
      "409 duplicate code: the server's text",
      409,
      { error: 'Esiste già un prodotto con il codice VT-M8-30-INOX', code: 'PRODUCT_CODE_TAKEN' },
      'Esiste già un prodotto con il codice VT-M8-30-INOX',
    ],
    [
      "400 with a text: the server's text",
      400,
      { error: 'Dati non validi: code: Campo obbligatorio', code: 'VALIDATION', fields: { code: 'Campo obbligatorio' } },
      'Dati non validi: code: Campo obbligatorio',
    ],
    ['400 without a text: "Errore di validazione"', 400, {}, 'Errore di validazione'],
    [
      '500: "Errore durante il salvataggio"',
      500,
      { error: 'Errore interno del server', code: 'INTERNAL' },
      'Errore durante il salvataggio',
    ],
  ])('a refused save (%s) is shown, and the form stays open', async (_label, status, body, text) => {
    server.use(http.post('*/api/products', () => HttpResponse.json(body, { status })));
    const user = userEvent.setup();
    renderRegistry(NEW);
    await fillRequired(user, 'VT-M8-30-INOX');
    await save();
    expect(await screen.findByTestId('product-save-error')).toHaveTextContent(text);
    // One place per failure (issue 22): the form says it, no toast says it again.
    expect(document.querySelector('.Toastify__toast')).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent(NEW);
    expect(screen.getByTestId('product-save')).toBeEnabled();
  });

  it('shows a duplicate code refused by the (fake) server end to end', async () => {
    const user = userEvent.setup();
    renderRegistry(NEW);
    await fillRequired(user, 'vt-m8-30-inox');
    await save();
    expect(await screen.findByTestId('product-save-error')).toHaveTextContent('Esiste già un prodotto con il codice vt-m8-30-inox');
  });
});

describe('barcodes (issue 27)', () => {
  it('a GTIN with a wrong check digit is refused in the form’s words; the GTIN and extra codes (one per line) are sent', async () => {
    const user = userEvent.setup();
    renderRegistry(NEW);
    await fillRequired(user, 'BAR-1');
    await user.type(field(/^GTIN/), '8001234567890');
    await save();
    expect(await screen.findByTestId('error-barcode')).toHaveTextContent(
      "Codice a barre non valido: la cifra di controllo (l'ultima) non corrisponde",
    );
    expect(requestsOf('POST', '/products')).toHaveLength(0);
    await user.clear(field(/^GTIN/));
    await user.type(field(/^GTIN/), '8001234567897');
    await user.type(field(/^Altri codici a barre/), 'FORN-77{Enter}  ACME 12 {Enter}');
    await save();
    await waitFor(() => expect(requestsOf('POST', '/products')).toHaveLength(1));
    expect(requestsOf('POST', '/products')[0].body).toMatchObject({ barcode: '8001234567897', extra_barcodes: ['FORN-77', 'ACME 12'] });
  });

  it('a repeated extra code is refused before sending', async () => {
    const user = userEvent.setup();
    renderRegistry(NEW);
    await fillRequired(user, 'BAR-2');
    await user.type(field(/^Altri codici a barre/), 'X-1{Enter}X-1');
    await save();
    expect(await screen.findByText('Codice a barre ripetuto: X-1')).toBeInTheDocument();
    expect(requestsOf('POST', '/products')).toHaveLength(0);
  });
});

describe('edit product form', () => {
  it('loads the product, titled "Modifica prodotto", and saves it with PUT', async () => {
    const user = userEvent.setup();
    renderRegistry('/anagrafica/prodotti/32');
    expect(screen.getByRole('heading', { level: 1, name: 'Modifica prodotto' })).toBeInTheDocument();
    expect(await screen.findByDisplayValue('OL-IDR-46')).toBeInTheDocument();
    expect(field('Unità di misura')).toHaveValue('l');
    expect(field('Gestione lotti')).toBeChecked();
    await user.clear(field(/^Descrizione/));
    await user.type(field(/^Descrizione/), 'Olio idraulico ISO 46');
    await save();
    expect(await screen.findByText('Prodotto aggiornato con successo')).toBeInTheDocument();
    const put = requestsOf('PUT', '/products/32')[0].body as Record<string, unknown>;
    expect(put).toMatchObject({
      code: 'OL-IDR-46',
      description: 'Olio idraulico ISO 46',
      status: 'inactive',
      has_batch: true,
      modified_by: 1,
    });
    expect(requestsOf('POST', '/products')).toHaveLength(0);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/anagrafica\/prodotti$/));
  });

  it('keeps a supplier that no longer exists, named "(eliminato)"', async () => {
    fake.products[1] = { ...fake.products[1], supplier_id: 99, supplier_name: 'Vecchio Fornitore' };
    renderRegistry('/anagrafica/prodotti/32');
    await screen.findByDisplayValue('OL-IDR-46');
    await waitFor(() => expect(field('Fornitore')).toHaveDisplayValue('Vecchio Fornitore (eliminato)'));
  });

  it('a product that cannot be loaded: "Errore nel caricamento del prodotto" and back to the list (SPEC §8)', async () => {
    server.use(http.get('*/api/products/31', () => HttpResponse.error(), { once: true }));
    renderRegistry('/anagrafica/prodotti/31');
    expect(await screen.findByText('Errore nel caricamento del prodotto')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/anagrafica\/prodotti$/));
    expect(screen.queryByTestId('product-form')).toBeNull();
    expect(screen.getAllByText('Errore nel caricamento del prodotto')).toHaveLength(1);
  });

  it('suppliers that cannot be loaded are said once; the form stays usable with its own supplier', async () => {
    server.use(http.get('*/api/suppliers', () => HttpResponse.error()));
    renderRegistry('/anagrafica/prodotti/31');
    expect(await screen.findByDisplayValue('VT-M8-30-INOX')).toBeInTheDocument();
    expect(await screen.findByText('Errore nel caricamento dei fornitori')).toBeInTheDocument();
    expect(screen.getAllByText('Errore nel caricamento dei fornitori')).toHaveLength(1);
    expect(field(/^Codice/)).toBeEnabled();
  });

  it('a product that does not exist (404) says so, with a way back to the list and no useless Retry', async () => {
    const user = userEvent.setup();
    renderRegistry('/anagrafica/prodotti/404');
    expect(await screen.findByRole('heading', { name: 'Prodotto non trovato' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Riprova' })).toBeNull();
    await user.click(screen.getByRole('link', { name: "Torna all'elenco" }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/anagrafica\/prodotti$/);
  });

  it('speaks French', async () => {
    await switchLanguage('fr');
    renderRegistry('/anagrafica/prodotti/31');
    expect(screen.getByRole('heading', { level: 1, name: 'Modifier le produit' })).toBeInTheDocument();
    expect(await screen.findByDisplayValue('VT-M8-30-INOX')).toBeInTheDocument();
    expect(field('Unité de mesure')).toHaveDisplayValue('pièce');
    const units = within(field('Unité de mesure') as HTMLElement).getAllByRole('option');
    expect(units.slice(1).map((o) => o.textContent)).toEqual(['m (mètres)', 'kg (kilogrammes)', 'pièce', 'l (litres)']);
    expect(field('Gestion de la date de production')).not.toBeChecked();
  });
});

describe('duplicate mode', () => {
  it('saves a copy with a new code as a new product (POST), the original untouched', async () => {
    const user = userEvent.setup();
    renderRegistry('/anagrafica/prodotti');
    const row = (await screen.findByText('VT-M8-30-INOX')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Duplica VT-M8-30-INOX' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Duplica prodotto' })).toBeInTheDocument();
    expect(screen.getByText('Copia di VT-M8-30-INOX: inserisci il codice del nuovo prodotto.')).toBeInTheDocument();
    await waitFor(() => expect(field('Fornitore')).toHaveDisplayValue('Bulloneria Bresciana S.r.l.'));
    // The code is not copied: saving the copy as is could only be refused (codes are unique).
    expect(field(/^Codice/)).toHaveValue('');
    await user.type(field(/^Codice/), 'VT-M8-40-INOX');
    await save();
    expect(await screen.findByText('Prodotto creato con successo')).toBeInTheDocument();
    expect(requestsOf('POST', '/products')[0].body).toMatchObject({
      code: 'VT-M8-40-INOX',
      description: 'Vite a testa esagonale M8x30 in acciaio inox A2',
      supplier_id: 1,
    });
    expect(requestsOf('PUT', '/products/31')).toHaveLength(0);
    expect(fake.products.map((p) => p.code)).toEqual(['VT-M8-30-INOX', 'OL-IDR-46', 'VT-M8-40-INOX']);
  });

  it('is titled "Dupliquer le produit" in French', async () => {
    await switchLanguage('fr');
    const user = userEvent.setup();
    renderRegistry('/anagrafica/prodotti');
    const row = (await screen.findByText('OL-IDR-46')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Dupliquer OL-IDR-46' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dupliquer le produit' })).toBeInTheDocument();
  });
});
