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

const LIST = '/anagrafica/magazzini';
const rowOf = async (name: string) => (await screen.findByText(name, { exact: true })).closest('tr')!;

describe('warehouses list', () => {
  it('shows the count, name, description, active / inactive badges, edit and delete', async () => {
    renderRegistry(LIST);
    const table = await screen.findByRole('table', { name: 'Elenco dei magazzini' });
    expect(screen.getByRole('heading', { level: 1, name: 'Magazzini' })).toBeInTheDocument();
    expect(screen.getByTestId('warehouses-count')).toHaveTextContent('Totale magazzini: 2');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent?.replace(/[▲▼↕]/g, '')),
    ).toEqual(['Nome', 'Descrizione', 'Stato', 'Azioni']);
    const central = await rowOf('Magazzino Centrale');
    expect(within(central).getByText('Brescia')).toBeInTheDocument();
    expect(within(central).getByText('Attivo')).toHaveClass('badge-success');
    expect(within(central).getByRole('link', { name: 'Modifica Magazzino Centrale' })).toHaveAttribute('href', '/anagrafica/magazzini/21');
    expect(within(await rowOf('Deposito Verona')).getByText('Inattivo')).toHaveClass('badge-danger');
    expect(screen.getByRole('link', { name: 'Nuovo magazzino' })).toHaveAttribute('href', '/anagrafica/magazzini/nuovo');
  });

  it('deletes after confirmation: "Magazzino eliminato con successo"', async () => {
    const user = userEvent.setup();
    renderRegistry(LIST);
    await user.click(within(await rowOf('Deposito Verona')).getByRole('button', { name: 'Elimina Deposito Verona' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('Sei sicuro di voler eliminare questo magazzino?');
    await user.click(screen.getByTestId('confirm-ok'));
    expect(await screen.findByText('Magazzino eliminato con successo')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Deposito Verona')).not.toBeInTheDocument());
    expect(requestsOf('DELETE', '/warehouses/22')[0].body).toEqual({ deleted_by: 1 });
  });

  it('does nothing when the confirmation is cancelled', async () => {
    const user = userEvent.setup();
    renderRegistry(LIST);
    await user.click(within(await rowOf('Deposito Verona')).getByRole('button', { name: 'Elimina Deposito Verona' }));
    await user.click(screen.getByTestId('confirm-cancel'));
    expect(requestsOf('DELETE', '/warehouses/22')).toHaveLength(0);
  });

  it.each([
    [
      'it',
      'the Italian server text',
      { error: 'Impossibile eliminare il magazzino: contiene ancora prodotti', code: 'WAREHOUSE_NOT_EMPTY' },
      'Impossibile eliminare il magazzino: contiene ancora prodotti',
    ],
    [
      'it',
      'only the words, no code',
      { error: 'Il magazzino contiene ancora prodotti (3)', code: 'CONFLICT' },
      'Impossibile eliminare il magazzino: contiene ancora prodotti',
    ],
    [
      'fr',
      'the French server text (by its code)',
      { error: "Impossible de supprimer l'entrepôt : il contient encore des produits", code: 'WAREHOUSE_NOT_EMPTY' },
      "Impossible de supprimer l'entrepôt : il contient encore des produits",
    ],
    ['it', 'any other failure', { error: 'Errore interno del server', code: 'INTERNAL' }, "Errore durante l'eliminazione del magazzino"],
  ] as const)('a refused delete in %s (%s) says so', async (lang, _label, body, text) => {
    await switchLanguage(lang);
    server.use(http.delete('*/api/warehouses/:id', () => HttpResponse.json(body, { status: body.code === 'INTERNAL' ? 500 : 409 })));
    const user = userEvent.setup();
    renderRegistry(LIST);
    const row = await rowOf('Magazzino Centrale');
    await user.click(within(row).getAllByRole('button').at(-1)!);
    await user.click(screen.getByTestId('confirm-ok'));
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByText('Magazzino Centrale')).toBeInTheDocument();
  });

  it('speaks French', async () => {
    await switchLanguage('fr');
    renderRegistry(LIST);
    await screen.findByRole('table', { name: 'Liste des entrepôts' });
    expect(screen.getByRole('heading', { level: 1, name: 'Entrepôts' })).toBeInTheDocument();
    expect(screen.getByTestId('warehouses-count')).toHaveTextContent('Total des entrepôts : 2');
    expect(within(await rowOf('Deposito Verona')).getByText('Inactif')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Nouvel entrepôt' })).toBeInTheDocument();
  });
});

describe('warehouse form', () => {
  it('requires a name ("Campo obbligatorio"), then creates an active warehouse and returns to the list', async () => {
    const user = userEvent.setup();
    renderRegistry(`${LIST}/nuovo`);
    expect(screen.getByRole('heading', { level: 1, name: 'Nuovo magazzino' })).toBeInTheDocument();
    expect(screen.getByLabelText('Magazzino attivo')).toBeChecked();
    await user.click(screen.getByTestId('warehouse-save'));
    expect(screen.getByTestId('error-name')).toHaveTextContent('Campo obbligatorio');
    expect(requestsOf('POST', '/warehouses')).toHaveLength(0);
    await user.type(screen.getByLabelText(/^Nome/), 'Deposito Sud');
    await user.type(screen.getByLabelText('Descrizione'), 'Bari');
    await user.click(screen.getByTestId('warehouse-save'));
    expect(await screen.findByText('Magazzino creato con successo')).toBeInTheDocument();
    expect(requestsOf('POST', '/warehouses')[0].body).toEqual({
      name: 'Deposito Sud',
      description: 'Bari',
      is_active: true,
      address: null,
      city: null,
      province: null,
      zip_code: null,
      country: null,
      created_by: 1,
    });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/anagrafica\/magazzini$/));
    expect(await screen.findByText('Deposito Sud')).toBeInTheDocument();
  });

  it('says "Testo troppo lungo (massimo 100 caratteri)" for a long name', async () => {
    const user = userEvent.setup();
    renderRegistry(`${LIST}/nuovo`);
    await user.click(screen.getByLabelText(/^Nome/));
    await user.paste('N'.repeat(101));
    await user.click(screen.getByTestId('warehouse-save'));
    expect(screen.getByTestId('error-name')).toHaveTextContent('Testo troppo lungo (massimo 100 caratteri)');
  });

  it('edits: loads name, description and the toggle; deactivates; PUT', async () => {
    const user = userEvent.setup();
    renderRegistry(`${LIST}/21`);
    expect(screen.getByRole('heading', { level: 1, name: 'Modifica magazzino' })).toBeInTheDocument();
    expect(await screen.findByDisplayValue('Magazzino Centrale')).toBeInTheDocument();
    await user.click(screen.getByLabelText('Magazzino attivo'));
    await user.click(screen.getByTestId('warehouse-save'));
    expect(await screen.findByText('Magazzino aggiornato con successo')).toBeInTheDocument();
    expect(requestsOf('PUT', '/warehouses/21')[0].body).toMatchObject({ name: 'Magazzino Centrale', is_active: false, modified_by: 1 });
    expect(within(await rowOf('Magazzino Centrale')).getByText('Inattivo')).toBeInTheDocument();
    // The warehouse just saved is highlighted on the list (the kit's saved row).
    await waitFor(() => expect(rowOf('Magazzino Centrale')).resolves.toHaveClass('row-saved'));
    expect(await rowOf('Magazzino Centrale')).toHaveAttribute('aria-current', 'true');
  });

  it("types the site address (issue 26: transport notes) with the supplier form's labels; PUT sends it trimmed", async () => {
    const user = userEvent.setup();
    renderRegistry(`${LIST}/21`);
    expect(await screen.findByDisplayValue('Magazzino Centrale')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: /Indirizzo della sede/ })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Indirizzo'), 'Via Stezzano 40');
    await user.type(screen.getByLabelText('Città'), ' Bergamo ');
    await user.type(screen.getByLabelText('CAP'), '24126');
    await user.click(screen.getByTestId('warehouse-save'));
    expect(await screen.findByText('Magazzino aggiornato con successo')).toBeInTheDocument();
    expect(requestsOf('PUT', '/warehouses/21')[0].body).toMatchObject({
      address: 'Via Stezzano 40',
      city: 'Bergamo',
      zip_code: '24126',
      province: null,
    });
  });

  it("shows the server's reason when a save is refused (409 name taken)", async () => {
    server.use(
      http.post('*/api/warehouses', () =>
        HttpResponse.json(
          { error: 'Esiste già un magazzino con il nome Magazzino Centrale', code: 'WAREHOUSE_NAME_TAKEN' },
          { status: 409 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderRegistry(`${LIST}/nuovo`);
    await user.type(screen.getByLabelText(/^Nome/), 'Magazzino Centrale');
    await user.click(screen.getByTestId('warehouse-save'));
    // Above the buttons (and as a toast).
    expect(await screen.findByTestId('warehouse-save-error')).toHaveTextContent('Esiste già un magazzino con il nome Magazzino Centrale');
    expect(screen.getByTestId('location')).toHaveTextContent('/anagrafica/magazzini/nuovo');
  });

  it('a warehouse that cannot be loaded says so and goes back to the list (as products, SPEC §8)', async () => {
    server.use(http.get('*/api/warehouses/21', () => HttpResponse.error(), { once: true }));
    renderRegistry(`${LIST}/21`);
    expect(await screen.findByText('Errore nel caricamento del magazzino')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/anagrafica\/magazzini$/));
    expect(await screen.findByText('Magazzino Centrale')).toBeInTheDocument();
    expect(screen.getAllByText('Errore nel caricamento del magazzino')).toHaveLength(1);
  });

  it('an unknown warehouse (404) says so, with a way back to the list and no useless Retry', async () => {
    const user = userEvent.setup();
    renderRegistry(`${LIST}/999`);
    expect(await screen.findByRole('heading', { name: 'Magazzino non trovato' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Riprova' })).toBeNull();
    await user.click(screen.getByRole('link', { name: "Torna all'elenco" }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/anagrafica\/magazzini$/);
  });

  it('speaks French', async () => {
    await switchLanguage('fr');
    const user = userEvent.setup();
    renderRegistry(`${LIST}/nuovo`);
    expect(screen.getByRole('heading', { level: 1, name: 'Nouvel entrepôt' })).toBeInTheDocument();
    expect(screen.getByLabelText('Entrepôt actif')).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(screen.getByTestId('error-name')).toHaveTextContent('Champ obligatoire');
  });
});

it('a fresh fake has the two demo warehouses', () => expect(fake.warehouses).toHaveLength(2));
