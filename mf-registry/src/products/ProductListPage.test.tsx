import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { switchLanguage } from '@wms/shared-ui/testing';
import { clearToasts, fake, renderRegistry, requestsOf, resetFake, server } from '../test-support/render';
import { product } from '../test-support/server';
import { SEARCH_STORAGE_KEY } from './ProductListPage';

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

const URL = '/anagrafica/prodotti';
const table = () => screen.findByRole('table', { name: 'Elenco dei prodotti' });
const rowOf = async (code: string) => (await screen.findByText(code, { exact: true })).closest('tr')!;
const lastList = () => requestsOf('GET', '/products').at(-1)!.params;

describe('products list', () => {
  it('shows title, Add Product, Reset Ordering, the total, columns, badges and the row actions', async () => {
    renderRegistry(URL);
    const t = await table();
    expect(screen.getByRole('heading', { level: 1, name: 'Prodotti' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Nuovo prodotto' })).toHaveAttribute('href', '/anagrafica/prodotti/nuovo');
    expect(screen.getByRole('button', { name: 'Ripristina ordinamento' })).toBeInTheDocument();
    expect(screen.getByTestId('products-count')).toHaveTextContent('Totale prodotti: 2');
    expect(
      within(t)
        .getAllByRole('columnheader')
        .map((h) => h.textContent?.replace(/[▲▼↕]/g, '')),
    ).toEqual(['Codice', 'Descrizione', 'Famiglia', 'Fornitore', 'Unità', 'Stato', 'Azioni']);
    const oil = await rowOf('OL-IDR-46');
    expect(within(oil).getByText('Inattivo')).toHaveClass('badge-danger');
    expect(within(oil).getByText('l')).toBeInTheDocument();
    expect(within(oil).getByRole('button', { name: 'Attiva OL-IDR-46' })).toBeInTheDocument();
    const screw = await rowOf('VT-M8-30-INOX');
    expect(within(screw).getByText('Attivo')).toHaveClass('badge-success');
    expect(within(screw).getByText('pz')).toBeInTheDocument();
    expect(within(screw).getByRole('link', { name: 'Modifica VT-M8-30-INOX' })).toHaveAttribute('href', '/anagrafica/prodotti/31');
    for (const name of ['Duplica VT-M8-30-INOX', 'Archivia VT-M8-30-INOX', 'Elimina VT-M8-30-INOX'])
      expect(within(screw).getByRole('button', { name })).toBeInTheDocument();
    // The server pages: the first call asks for one page.
    expect(lastList()).toEqual({ limit: '50', offset: '0' });
  });

  it('cuts long text at 20 characters and shows the whole text on hover', async () => {
    renderRegistry(URL);
    const screw = await rowOf('VT-M8-30-INOX');
    const cut = within(screw).getByTitle('Vite a testa esagonale M8x30 in acciaio inox A2');
    expect(cut).toHaveTextContent('Vite a testa esagona…');
    expect(within(cut).getByText('Vite a testa esagona…')).toHaveAttribute('aria-hidden', 'true');
    expect(within(screw).getByTitle('Bulloneria Bresciana S.r.l.')).toHaveTextContent('Bulloneria Bresciana…');
    expect(within(screw).queryByTitle('Viteria')).not.toBeInTheDocument(); // short text is not cut
  });

  it('searches on the server, case-insensitively, keeps the term in browser storage and restores it on return', async () => {
    const user = userEvent.setup();
    const first = renderRegistry(URL);
    await table();
    await user.type(screen.getByPlaceholderText('Cerca...'), 'olio');
    await waitFor(() => expect(lastList()).toMatchObject({ q: 'olio', offset: '0' }));
    await waitFor(() => expect(screen.queryByText('VT-M8-30-INOX')).not.toBeInTheDocument());
    expect(screen.getByText('OL-IDR-46')).toBeInTheDocument();
    expect(screen.getByTestId('products-count')).toHaveTextContent('Totale prodotti: 1');
    expect(window.localStorage.getItem(SEARCH_STORAGE_KEY)).toBe('olio');

    first.unmount();
    fake.requests = [];
    renderRegistry(URL);
    await table();
    expect(screen.getByPlaceholderText('Cerca...')).toHaveValue('olio');
    expect(requestsOf('GET', '/products')[0].params).toMatchObject({ q: 'olio' });
    expect(screen.queryByText('VT-M8-30-INOX')).not.toBeInTheDocument();

    await user.clear(screen.getByPlaceholderText('Cerca...'));
    await screen.findByText('VT-M8-30-INOX');
    expect(window.localStorage.getItem(SEARCH_STORAGE_KEY)).toBeNull();
  });

  it('a scanned label finds its product: the list is searched by its code (issue 27)', async () => {
    server.use(
      http.get('*/api/barcodes/:code', () => HttpResponse.json({ product: product(2, { code: 'OL-IDR-46' }), batch_number: 'L1' })),
    );
    const user = userEvent.setup();
    renderRegistry(URL);
    await table();
    await user.click(screen.getByRole('textbox', { name: 'Scansiona' }));
    await user.paste('1727033110L1\u001d240OL-IDR-46');
    await waitFor(() => expect(lastList()).toMatchObject({ q: 'OL-IDR-46' }));
    await waitFor(() => expect(screen.queryByText('VT-M8-30-INOX')).not.toBeInTheDocument());
    expect(screen.getByTestId('products-scan-status')).toHaveTextContent('Letto: OL-IDR-46');
  });

  it('sorts by code ascending, then descending; Reset Ordering returns to the default order', async () => {
    const user = userEvent.setup();
    renderRegistry(URL);
    await table();
    const header = () => screen.getByRole('columnheader', { name: /Codice/ });
    expect(header()).toHaveAttribute('aria-sort', 'none');
    expect(screen.getByRole('button', { name: 'Ripristina ordinamento' })).toBeDisabled();

    await user.click(within(header()).getByRole('button'));
    await waitFor(() => expect(lastList()).toMatchObject({ sort: 'code', order: 'asc' }));
    expect(header()).toHaveAttribute('aria-sort', 'ascending');
    await waitFor(() => expect(screen.getAllByRole('row')[1]).toHaveTextContent('OL-IDR-46'));

    await user.click(within(header()).getByRole('button'));
    await waitFor(() => expect(lastList()).toMatchObject({ sort: 'code', order: 'desc' }));
    expect(header()).toHaveAttribute('aria-sort', 'descending');
    await waitFor(() => expect(screen.getAllByRole('row')[1]).toHaveTextContent('VT-M8-30-INOX'));

    await user.click(screen.getByRole('button', { name: 'Ripristina ordinamento' }));
    await waitFor(() => expect(lastList()).toEqual({ limit: '50', offset: '0' }));
    expect(header()).toHaveAttribute('aria-sort', 'none');
  });

  it('pages through large lists on the server; the count covers every product', async () => {
    fake.products = Array.from({ length: 120 }, (_, i) => product(i + 1, { code: `C-${String(i + 1).padStart(3, '0')}` }));
    const user = userEvent.setup();
    renderRegistry(URL);
    await table();
    expect(screen.getByTestId('products-count')).toHaveTextContent('Totale prodotti: 120');
    expect(screen.getAllByRole('row')).toHaveLength(51);
    expect(screen.getByText('Pagina 1 di 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Successiva' }));
    await waitFor(() => expect(lastList()).toMatchObject({ offset: '50', limit: '50' }));
    expect(await screen.findByText('Pagina 2 di 3')).toBeInTheDocument();
  });

  it("counts thousands grouped in the user's language (it 1.234, fr 1 234 with U+202F)", async () => {
    server.use(http.get('*/api/products', () => HttpResponse.json([product(1)], { headers: { 'X-Total-Count': '1234' } })));
    renderRegistry(URL);
    await table();
    expect(screen.getByTestId('products-count')).toHaveTextContent('Totale prodotti: 1.234');
    await switchLanguage('fr');
    await waitFor(() => expect(screen.getByTestId('products-count').textContent).toBe('Total des produits : 1\u202f234'));
  });

  it('keeps search, sort and page in the URL: a shared link opens the same page', async () => {
    fake.products = Array.from({ length: 120 }, (_, i) => product(i + 1, { code: `C-${String(i + 1).padStart(3, '0')}` }));
    renderRegistry(`${URL}?q=c-&sort=code&order=desc&offset=50`);
    await table();
    expect(requestsOf('GET', '/products')[0].params).toEqual({ q: 'c-', sort: 'code', order: 'desc', limit: '50', offset: '50' });
    expect(screen.getByPlaceholderText('Cerca...')).toHaveValue('c-');
    expect(screen.getByRole('columnheader', { name: /Codice/ })).toHaveAttribute('aria-sort', 'descending');
    expect(await screen.findByText('Pagina 2 di 3')).toBeInTheDocument();
  });

  it('archive asks "Sei sicuro di voler cambiare lo stato di questo prodotto?", then changes the status and reloads', async () => {
    const user = userEvent.setup();
    renderRegistry(URL);
    await user.click(within(await rowOf('VT-M8-30-INOX')).getByRole('button', { name: 'Archivia VT-M8-30-INOX' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('Sei sicuro di voler cambiare lo stato di questo prodotto?');
    expect(dialog).toHaveTextContent('Cambia stato del prodotto VT-M8-30-INOX');
    expect(within(dialog).getByTestId('confirm-ok')).toHaveTextContent('Archivia');
    const listCalls = requestsOf('GET', '/products').length;
    await user.click(within(dialog).getByTestId('confirm-ok'));
    await waitFor(() => expect(requestsOf('PUT', '/products/31/status')).toHaveLength(1));
    expect(requestsOf('PUT', '/products/31/status')[0].body).toEqual({ status: 'inactive', modified_by: 1 });
    await waitFor(() => expect(requestsOf('GET', '/products').length).toBe(listCalls + 1));
    expect(await within(await rowOf('VT-M8-30-INOX')).findByText('Inattivo')).toBeInTheDocument();
    expect(within(await rowOf('VT-M8-30-INOX')).getByRole('button', { name: 'Attiva VT-M8-30-INOX' })).toBeInTheDocument();
  });

  it('archive cancelled changes nothing; a failed archive says "Errore durante l\'archiviazione del prodotto"', async () => {
    const user = userEvent.setup();
    renderRegistry(URL);
    await user.click(within(await rowOf('OL-IDR-46')).getByRole('button', { name: 'Attiva OL-IDR-46' }));
    await user.click(screen.getByTestId('confirm-cancel'));
    expect(requestsOf('PUT', '/products/32/status')).toHaveLength(0);

    server.use(http.put('*/api/products/:id/status', () => HttpResponse.json({ error: 'boom', code: 'INTERNAL' }, { status: 500 })));
    await user.click(within(await rowOf('OL-IDR-46')).getByRole('button', { name: 'Attiva OL-IDR-46' }));
    await user.click(screen.getByTestId('confirm-ok'));
    expect(await screen.findByText("Errore durante l'archiviazione del prodotto")).toBeInTheDocument();
  });

  it('delete asks "Sei sicuro di voler eliminare questo prodotto?", then says "Prodotto eliminato con successo"', async () => {
    const user = userEvent.setup();
    renderRegistry(URL);
    await user.click(within(await rowOf('OL-IDR-46')).getByRole('button', { name: 'Elimina OL-IDR-46' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('Sei sicuro di voler eliminare questo prodotto?');
    await user.click(screen.getByTestId('confirm-ok'));
    expect(await screen.findByText('Prodotto eliminato con successo')).toBeInTheDocument();
    expect(requestsOf('DELETE', '/products/32')[0].body).toEqual({ deleted_by: 1 });
    await waitFor(() => expect(screen.queryByText('OL-IDR-46')).not.toBeInTheDocument());
    expect(screen.getByTestId('products-count')).toHaveTextContent('Totale prodotti: 1');
  });

  it.each([
    [500, { error: 'Errore interno del server', code: 'INTERNAL' }, "Errore durante l'eliminazione del prodotto"],
    [
      409,
      { error: 'Impossibile eliminare il prodotto OL-IDR-46: ha ancora giacenza in magazzino', code: 'PRODUCT_HAS_STOCK' },
      'Impossibile eliminare il prodotto OL-IDR-46: ha ancora giacenza in magazzino',
    ],
  ])('a failed delete (%i) is reported', async (status, body, text) => {
    server.use(http.delete('*/api/products/:id', () => HttpResponse.json(body, { status })));
    const user = userEvent.setup();
    renderRegistry(URL);
    await user.click(within(await rowOf('OL-IDR-46')).getByRole('button', { name: 'Elimina OL-IDR-46' }));
    await user.click(screen.getByTestId('confirm-ok'));
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByText('OL-IDR-46')).toBeInTheDocument();
  });

  it('duplicate opens the new-product form filled from the row, titled "Duplica prodotto"', async () => {
    const user = userEvent.setup();
    renderRegistry(URL);
    await user.click(within(await rowOf('OL-IDR-46')).getByRole('button', { name: 'Duplica OL-IDR-46' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Duplica prodotto' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/anagrafica/prodotti/nuovo');
    expect(screen.getByLabelText(/^Codice/)).toHaveValue('');
    expect(screen.getByLabelText(/^Famiglia/)).toHaveValue('Lubrificanti');
    expect(screen.getByLabelText('Gestione lotti')).toBeChecked();
  });

  it('a list that cannot be loaded says so, with a retry', async () => {
    server.use(http.get('*/api/products', () => HttpResponse.json({ error: 'x', code: 'INTERNAL' }, { status: 500 }), { once: true }));
    const user = userEvent.setup();
    renderRegistry(URL);
    expect(await screen.findByText('Errore nel caricamento dei prodotti')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Riprova' }));
    expect(await table()).toBeInTheDocument();
  });

  it('treats an answer that is not an array as an empty list', async () => {
    server.use(http.get('*/api/products', () => HttpResponse.json({ rows: [] })));
    renderRegistry(URL);
    expect(await screen.findByText('Nessun prodotto trovato')).toBeInTheDocument();
    expect(screen.getByTestId('products-count')).toHaveTextContent('Totale prodotti: 0');
  });

  it('speaks French', async () => {
    await switchLanguage('fr');
    renderRegistry(URL);
    const t = await screen.findByRole('table', { name: 'Liste des produits' });
    expect(screen.getByRole('heading', { level: 1, name: 'Produits' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Nouveau produit' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Réinitialiser le tri' })).toBeInTheDocument();
    expect(screen.getByTestId('products-count')).toHaveTextContent('Total des produits : 2');
    expect(screen.getByPlaceholderText('Rechercher...')).toBeInTheDocument();
    expect(within(t).getByRole('columnheader', { name: /Famille/ })).toBeInTheDocument();
    const oil = (await screen.findByText('OL-IDR-46')).closest('tr')!;
    expect(within(oil).getByText('Inactif')).toBeInTheDocument();
    expect(within(oil).getByText('l')).toBeInTheDocument();
    // The unit in French from shared-api's one table: 'pce', never the code 'piece'.
    const screw = (await screen.findByText('VT-M8-30-INOX')).closest('tr')!;
    expect(within(screw).getByText('pce')).toBeInTheDocument();
    expect(t).not.toHaveTextContent('piece');
    expect(within(oil).getByRole('button', { name: 'Activer OL-IDR-46' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(oil).getByRole('button', { name: 'Supprimer OL-IDR-46' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('Êtes-vous sûr de vouloir supprimer ce produit ?');
  });
});
