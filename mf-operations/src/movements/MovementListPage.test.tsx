import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { switchLanguage } from '@wms/shared-ui/testing';
import { clearToasts, renderOperations } from './test-support/render';
import { fake, requestsOf, resetFake, server } from './test-support/server';

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

const LIST = '/operazioni/movimenti';
const table = () => screen.findByRole('table', { name: 'Elenco dei movimenti di magazzino' });
const rowOf = async (id: string) => (await screen.findByTestId(`movement-quantity-${id}`)).closest('tr')!;
const lastListParams = () => requestsOf('GET', '/stock-movements').at(-1)!.params;

describe('/operazioni/movimenti list', () => {
  it('shows date dd/MM/yyyy, translated type (a sale as Vendita), it-IT quantity, batch, warehouses, cut notes, and the total', async () => {
    renderOperations(LIST);
    await table();
    const load = await rowOf('5-manual');
    expect(within(load).getByText('05/03/2025')).toBeInTheDocument();
    expect(within(load).getByText('Carico')).toBeInTheDocument();
    expect(within(load).getByText('VITE-M6')).toBeInTheDocument();
    expect(within(load).getByTestId('movement-quantity-5-manual')).toHaveTextContent('1.234,5');
    // The unit by its label beside the quantity, never the code "piece".
    expect(within(load).getByTestId('movement-quantity-5-manual').closest('td')).toHaveTextContent(/^1\.234,5 pz$/);
    expect(within(load).getByText('Centrale')).toBeInTheDocument();
    // Notes cut at 20 characters, the full text on hover: a line under the product code (no column of their own).
    const notes = within(load).getByTitle('Inventario iniziale del magazzino centrale');
    expect(notes).toHaveTextContent('Inventario iniziale …');
    expect(notes.closest('td')).toHaveTextContent(/^VITE-M6Note: Inventario iniziale/);
    expect(screen.queryByRole('columnheader', { name: /^Note/ })).toBeNull();

    const transfer = await rowOf('6-manual');
    expect(within(transfer).getByText('Trasferimento')).toBeInTheDocument();
    expect(within(transfer).getByText('Nord')).toBeInTheDocument();
    expect(within(transfer).getByText('L1')).toBeInTheDocument();

    expect(screen.getByTestId('movement-type-7')).toHaveTextContent('Vendita');
    expect(screen.getByTestId('movement-type-8-manual')).toHaveTextContent('Scarico');
    expect(screen.getByTestId('movement-quantity-8-manual')).toHaveTextContent('1,25');
    expect(screen.getByText('4 movimenti')).toBeInTheDocument();
  });

  it('offers edit and delete on manual movements only; a sale shows its document', async () => {
    renderOperations(LIST);
    await table();
    expect(screen.getByTestId('edit-movement-5-manual')).toHaveAttribute('href', '/operazioni/movimenti/5-manual');
    expect(screen.getByRole('button', { name: 'Elimina il movimento VITE-M6 del 05/03/2025' })).toBeInTheDocument();
    const sale = await rowOf('7');
    expect(within(sale).queryByRole('link', { name: /Modifica/ })).not.toBeInTheDocument();
    expect(within(sale).queryByRole('button', { name: /Elimina/ })).not.toBeInTheDocument();
    expect(within(sale).getByTitle(/./)).toHaveTextContent('Documento n. V-2025-003');
    expect(within(sale).getByText('V-2025-003')).toHaveClass('nowrap'); // never cut at its hyphen
    // The warehouse role may not open sales: the number, without a link.
    expect(within(sale).queryByRole('link')).not.toBeInTheDocument();
  });

  it("links a document's movement to its document where the role may open it (its warehouses and batches on a tablet)", async () => {
    renderOperations(LIST, 'sales');
    const sale = await rowOf('7');
    expect(within(sale).getByRole('link', { name: 'V-2025-003' })).toHaveAttribute('href', '/operazioni/vendite/3');
  });

  it('a scanned label filters on its product: the product code search takes its code (issue 27)', async () => {
    server.use(
      http.get('*/api/barcodes/:code', () =>
        HttpResponse.json({ product: { id: 1, code: 'VITE-M6', description: 'Vite M6 zincata' }, batch_number: 'L1', expiry_date: null }),
      ),
    );
    const user = userEvent.setup();
    renderOperations(LIST);
    await table();
    await user.click(screen.getByRole('textbox', { name: 'Scansiona' }));
    await user.paste('1728033110L1');
    await waitFor(() => expect(lastListParams()).toMatchObject({ product_code: 'VITE-M6' }));
    expect(screen.getByTestId('filter-code')).toHaveValue('VITE-M6');
  });

  it('asks the server for the first page, newest first', async () => {
    renderOperations(LIST);
    await table();
    expect(lastListParams()).toEqual({ sort: 'date', order: 'desc', limit: '25', offset: '0' });
  });

  it('sends the filters as the server reads them: type, product_code (debounced), date_from/date_to typed dd/MM/yyyy', async () => {
    renderOperations(LIST);
    await table();
    const type = screen.getByLabelText('Tipo') as HTMLSelectElement;
    expect(Array.from(type.options).map((o) => [o.value, o.textContent])).toEqual([
      ['', 'Tutti i tipi'],
      ['C', 'Carico'],
      ['S-MAN', 'Scarico manuale'],
      ['T', 'Trasferimento'],
      ['S-SO', 'Vendita'],
    ]);
    await userEvent.selectOptions(type, 'S-MAN');
    await waitFor(() => expect(lastListParams()).toMatchObject({ type: 'S-MAN' }));
    await userEvent.selectOptions(type, 'S-SO');
    await waitFor(() => expect(lastListParams()).toMatchObject({ type: 'S-SO' }));

    const before = requestsOf('GET', '/stock-movements').length;
    await userEvent.type(screen.getByLabelText('Codice prodotto'), 'latte');
    // One request for the whole word, not one per key.
    await waitFor(() => expect(lastListParams()).toMatchObject({ type: 'S-SO', product_code: 'latte' }));
    expect(requestsOf('GET', '/stock-movements').length).toBe(before + 1);

    fireEvent.change(screen.getByLabelText('Dal'), { target: { value: '01/03/2025' } });
    fireEvent.change(screen.getByLabelText('Al'), { target: { value: '31/03/2025' } });
    await waitFor(() =>
      expect(lastListParams()).toEqual({
        type: 'S-SO',
        product_code: 'latte',
        date_from: '2025-03-01',
        date_to: '2025-03-31',
        sort: 'date',
        order: 'desc',
        limit: '25',
        offset: '0',
      }),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Azzera filtri' }));
    await waitFor(() => expect(lastListParams()).toEqual({ sort: 'date', order: 'desc', limit: '25', offset: '0' }));
    expect(screen.getByLabelText('Codice prodotto')).toHaveValue('');
  });

  it.each([
    ['Data', 'date'],
    ['Tipo', 'type'],
    ['Codice prodotto', 'product_code'],
    ['Quantità', 'quantity'],
    ['Magazzino origine', 'warehouse'],
    ['Magazzino destinazione', 'destination_warehouse'],
  ])('sorting by %s asks the server (sort=%s), ascending then descending', async (header, sort) => {
    renderOperations(LIST);
    await table();
    const button = () => screen.getByRole('button', { name: new RegExp(`^${header}`) });
    await userEvent.click(button());
    // A new column starts ascending; date, already the (descending) sort, flips to ascending.
    await waitFor(() => expect(lastListParams()).toMatchObject({ sort, order: 'asc', offset: '0' }));
    await userEvent.click(button());
    await waitFor(() => expect(lastListParams()).toMatchObject({ sort, order: 'desc' }));
    expect(screen.getByRole('columnheader', { name: new RegExp(`^${header}`) })).toHaveAttribute('aria-sort', 'descending');
  });

  it('pages on the server with limit/offset and the X-Total-Count total', async () => {
    fake.movementTotal = 1_000_000;
    renderOperations(LIST);
    await table();
    expect(screen.getByText('1.000.000 movimenti')).toBeInTheDocument();
    expect(screen.getByText('Pagina 1 di 40.000')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Successiva' }));
    await waitFor(() => expect(lastListParams()).toMatchObject({ limit: '25', offset: '25' }));
    expect(await screen.findByText('Pagina 2 di 40.000')).toBeInTheDocument();
    // A new filter starts again from the first page.
    await userEvent.selectOptions(screen.getByLabelText('Tipo'), 'T');
    await waitFor(() => expect(lastListParams()).toMatchObject({ type: 'T', offset: '0' }));
  });

  it('a failed load shows fetchFailed in place of the table, and Retry loads it', async () => {
    let fail = true;
    server.use(
      http.get('*/api/stock-movements', () =>
        fail ? HttpResponse.json({ error: 'boom', code: 'INTERNAL' }, { status: 500 }) : HttpResponse.json(fake.movements),
      ),
    );
    renderOperations(LIST);
    expect(await screen.findByTestId('movements-error')).toHaveTextContent('Errore nel caricamento dei movimenti');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    // The filters stay, so the user can change what failed.
    expect(screen.getByLabelText('Tipo')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Riprova' }));
    expect(await table()).toBeInTheDocument();
  });

  describe('delete', () => {
    it('asks for confirmation; Cancel deletes nothing', async () => {
      renderOperations(LIST);
      await userEvent.click(await screen.findByRole('button', { name: 'Elimina il movimento VITE-M6 del 05/03/2025' }));
      const dialog = screen.getByRole('dialog', { name: 'Eliminare il movimento?' });
      expect(dialog).toHaveTextContent('Sei sicuro di voler eliminare il movimento carico di 1.234,5 pz VITE-M6 del 05/03/2025?');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Annulla' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(requestsOf('DELETE')).toHaveLength(0);
    });

    it('confirmed: DELETE /stock-movements/{id} with deleted_by, the success toast, and the list reloaded', async () => {
      renderOperations(LIST);
      await table();
      const loads = requestsOf('GET', '/stock-movements').length;
      await userEvent.click(screen.getByRole('button', { name: 'Elimina il movimento VITE-M6 del 05/03/2025' }));
      await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Elimina' }));
      expect(await screen.findByText('Movimento eliminato con successo')).toBeInTheDocument();
      expect(requestsOf('DELETE')).toEqual([
        expect.objectContaining({ path: '/stock-movements/5-manual', body: { deleted_by: 'warehouse' } }),
      ]);
      await waitFor(() => expect(screen.queryByTestId('movement-quantity-5-manual')).not.toBeInTheDocument());
      expect(requestsOf('GET', '/stock-movements').length).toBe(loads + 1);
      expect(screen.getByText('3 movimenti')).toBeInTheDocument();
    });

    it("a refused delete shows deleteError with the server's reason, and the row stays", async () => {
      server.use(
        http.delete('*/api/stock-movements/:id', () =>
          HttpResponse.json(
            {
              error:
                'Impossibile eliminare il movimento: la merce è già stata movimentata. Nel magazzino Centrale sono disponibili 0 del prodotto VITE-M6, ne servirebbero 1234,5',
              code: 'INSUFFICIENT_STOCK',
            },
            { status: 409 },
          ),
        ),
      );
      renderOperations(LIST);
      await userEvent.click(await screen.findByRole('button', { name: 'Elimina il movimento VITE-M6 del 05/03/2025' }));
      await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Elimina' }));
      expect(
        await screen.findByText(
          /^Errore durante l'eliminazione del movimento: Impossibile eliminare il movimento: la merce è già stata movimentata/,
        ),
      ).toBeInTheDocument();
      expect(screen.getByTestId('movement-quantity-5-manual')).toBeInTheDocument();
    });

    it('without a reason from the server, deleteError alone', async () => {
      server.use(http.delete('*/api/stock-movements/:id', () => HttpResponse.error()));
      renderOperations(LIST);
      await userEvent.click(await screen.findByRole('button', { name: 'Elimina il movimento VITE-M6 del 05/03/2025' }));
      await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Elimina' }));
      expect(await screen.findByText("Errore durante l'eliminazione del movimento")).toBeInTheDocument();
    });
  });

  it('says it all in French', async () => {
    await switchLanguage('fr');
    renderOperations(LIST);
    await screen.findByRole('table', { name: 'Liste des mouvements de stock' });
    expect(screen.getByRole('heading', { level: 1, name: 'Mouvements' })).toBeInTheDocument();
    expect(screen.getByText('4 mouvements')).toBeInTheDocument();
    for (const header of ['Date', 'Type', 'Code produit', 'Quantité', 'Lot', "Entrepôt d'origine", 'Entrepôt de destination', 'Actions']) {
      expect(screen.getByRole('columnheader', { name: new RegExp(`^${header}`) })).toBeInTheDocument();
    }
    expect(screen.getByTestId('movement-type-7')).toHaveTextContent('Vente');
    expect(screen.getByTestId('movement-type-5-manual')).toHaveTextContent('Entrée');
    expect(screen.getByRole('link', { name: 'Nouveau mouvement' })).toHaveAttribute('href', '/operazioni/movimenti/nuovo');
    const type = screen.getByLabelText('Type') as HTMLSelectElement;
    expect(Array.from(type.options).map((o) => o.textContent)).toEqual([
      'Tous les types',
      'Entrée',
      'Sortie manuelle',
      'Transfert',
      'Vente',
    ]);
    expect(screen.getByLabelText('Du')).toBeInTheDocument();
    expect(screen.getByLabelText('Au')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Supprimer le mouvement VITE-M6 du 05/03/2025' }));
    expect(screen.getByRole('dialog', { name: 'Supprimer le mouvement ?' })).toHaveTextContent(
      'Voulez-vous vraiment supprimer le mouvement entrée de 1 234,5 pce VITE-M6 du 05/03/2025 ?',
    );
  });

  it('keeps filters in the URL, so the way back from the form shows the same rows', async () => {
    renderOperations(`${LIST}?type=T&product_code=LAT&sort=quantity&order=asc&offset=25`);
    await table();
    expect(lastListParams()).toEqual({ type: 'T', product_code: 'LAT', sort: 'quantity', order: 'asc', limit: '25', offset: '25' });
    expect(screen.getByLabelText('Tipo')).toHaveValue('T');
    expect(screen.getByLabelText('Codice prodotto')).toHaveValue('LAT');
  });
});
