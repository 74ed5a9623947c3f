import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { switchLanguage } from '@wms/shared-ui/testing';
import { clearToasts, renderUsers } from '../test-support/render';
import { activity, fake, requestsOf, resetFake, server } from '../test-support/server';

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

const field = {
  username: () => screen.getByLabelText(/^Nome utente/),
  name: () => screen.getByLabelText(/^Nome e cognome/),
  password: () => screen.getByLabelText(/^Password/),
  role: () => screen.getByLabelText(/^Ruolo/) as HTMLSelectElement,
  active: () => screen.getByLabelText('Utente attivo') as HTMLInputElement,
};
const save = () => userEvent.click(screen.getByRole('button', { name: 'Salva' }));

describe('/users/nuovo', () => {
  it('starts empty with the SPEC §5 defaults: role warehouse, active; no activity log', async () => {
    renderUsers('/users/nuovo');
    expect(await screen.findByRole('heading', { level: 1, name: 'Nuovo utente' })).toBeInTheDocument();
    expect(field.username()).toHaveValue('');
    expect(field.name()).toHaveValue('');
    expect(field.password()).toHaveValue('');
    expect(field.password()).toHaveAttribute('type', 'password');
    expect(field.password()).toHaveAccessibleDescription('Almeno 8 caratteri.');
    expect(field.role().value).toBe('warehouse');
    expect(within(field.role()).getByRole('option', { selected: true })).toHaveTextContent('Magazzino');
    expect(field.active()).toBeChecked();
    expect(screen.queryByTestId('activity-log')).not.toBeInTheDocument();
  });

  it('offers the six roles, translated, in Italian and French', async () => {
    renderUsers('/users/nuovo');
    const options = () =>
      within(field.role())
        .getAllByRole('option')
        .map((o) => [(o as HTMLOptionElement).value, o.textContent]);
    expect(options()).toEqual([
      ['admin', 'Amministratore'],
      ['direction', 'Direzione'],
      ['administration', 'Amministrazione'],
      ['orders', 'Ordini'],
      ['warehouse', 'Magazzino'],
      ['sales', 'Vendite'],
    ]);
    await switchLanguage('fr');
    const role = screen.getByLabelText(/^Rôle/);
    expect(
      within(role)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Administrateur', 'Direction', 'Administration', 'Commandes', 'Entrepôt', 'Ventes']);
  });

  it('requires username, name and password, with the shared messages; nothing is sent', async () => {
    renderUsers('/users/nuovo');
    await save();
    expect(field.username()).toHaveAccessibleDescription('Il nome utente è obbligatorio');
    expect(field.name()).toHaveAccessibleDescription('Campo obbligatorio');
    expect(field.password()).toHaveAccessibleDescription(expect.stringContaining('La password è obbligatoria'));
    expect(field.username()).toHaveAttribute('aria-invalid', 'true');
    expect(field.username()).toHaveFocus();
    expect(requestsOf('POST')).toHaveLength(0);
    // Typing in a field clears its message.
    await userEvent.type(field.username(), 'x');
    expect(field.username()).not.toHaveAttribute('aria-invalid');
  });

  it('applies the password policy and the username format, in French too', async () => {
    renderUsers('/users/nuovo');
    await userEvent.type(field.username(), 'mario rossi');
    await userEvent.type(field.name(), 'Mario Rossi');
    await userEvent.type(field.password(), 'short');
    await save();
    expect(screen.getByText('Il nome utente può contenere solo lettere, cifre e i caratteri . _ - @ (niente spazi)')).toBeInTheDocument();
    expect(screen.getByText('La password deve contenere almeno 8 caratteri')).toBeInTheDocument();
    await switchLanguage('fr');
    expect(screen.getByText('Le mot de passe doit contenir au moins 8 caractères')).toBeInTheDocument();
    expect(requestsOf('POST')).toHaveLength(0);
  });

  it('refuses the username as password, and the username dressed with a digit, saying why, before sending (issue 13, 23)', async () => {
    renderUsers('/users/nuovo');
    await userEvent.type(field.username(), 'luca.bianchi');
    await userEvent.type(field.name(), 'Luca Bianchi');
    await userEvent.type(field.password(), 'Luca.Bianchi');
    await save();
    expect(screen.getByText('La password non può essere uguale al nome utente')).toBeInTheDocument();
    await switchLanguage('fr');
    expect(screen.getByText("Le mot de passe ne peut pas être identique au nom d'utilisateur")).toBeInTheDocument();
    await switchLanguage('it');
    await userEvent.clear(field.password());
    await userEvent.type(field.password(), 'luca.bianchi7');
    await save();
    expect(screen.getByText('La password è troppo simile al nome utente o al nome: è facile da indovinare')).toBeInTheDocument();
    expect(requestsOf('POST')).toHaveLength(0);
  });

  it("a password only the server's strength estimate refuses: its 400 shows on the password field (issue 23)", async () => {
    // The estimate's dictionaries stay on the server (page weight): the browser sends, the 400 says why on the field.
    const why = 'Password troppo comune e facile da indovinare: scegline una meno prevedibile';
    server.use(
      http.post('*/api/users', () =>
        HttpResponse.json({ error: `Dati non validi: password: ${why}`, code: 'VALIDATION', fields: { password: why } }, { status: 400 }),
      ),
    );
    renderUsers('/users/nuovo');
    await userEvent.type(field.username(), 'luca.bianchi');
    await userEvent.type(field.name(), 'Luca Bianchi');
    await userEvent.type(field.password(), 'Admin123!');
    await save();
    await waitFor(() => expect(field.password()).toHaveAccessibleDescription(expect.stringContaining(why)));
    expect(field.password()).toHaveFocus();
  });

  it('creates: POST /users with the SPEC §7 fields, the created toast, back to the list', async () => {
    renderUsers('/users/nuovo');
    await userEvent.type(field.username(), 'luca.bianchi');
    await userEvent.type(field.name(), 'Luca Bianchi');
    await userEvent.type(field.password(), 'Password-123');
    await userEvent.selectOptions(field.role(), 'orders');
    await save();
    expect(await screen.findByText('Utente creato con successo')).toBeInTheDocument();
    expect(requestsOf('POST', '/users')).toEqual([
      expect.objectContaining({
        body: { username: 'luca.bianchi', name: 'Luca Bianchi', password: 'Password-123', role: 'orders', is_active: true, created_by: 1 },
      }),
    ]);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/users$/));
    expect(await screen.findByText('Luca Bianchi')).toBeInTheDocument();
  });

  it('the password can be shown and hidden', async () => {
    renderUsers('/users/nuovo');
    await userEvent.type(field.password(), 'Secret-123');
    await userEvent.click(screen.getByRole('button', { name: 'Mostra password' }));
    expect(field.password()).toHaveAttribute('type', 'text');
    await userEvent.click(screen.getByRole('button', { name: 'Nascondi password' }));
    expect(field.password()).toHaveAttribute('type', 'password');
  });

  it('a taken username: createFailed with the reason, the message on the field, the form stays', async () => {
    const reason = 'Il nome utente "mario" è già in uso: scegline un altro';
    server.use(http.post('*/api/users', () => HttpResponse.json({ error: reason, code: 'USERNAME_TAKEN' }, { status: 409 })));
    renderUsers('/users/nuovo');
    await userEvent.type(field.username(), 'mario');
    await userEvent.type(field.name(), 'Mario Due');
    await userEvent.type(field.password(), 'Password-123');
    await save();
    expect(await screen.findByTestId('user-save-error')).toHaveTextContent(`Errore durante la creazione dell'utente: ${reason}`);
    expect(field.username()).toHaveAccessibleDescription(reason);
    expect(field.username()).toHaveFocus();
    expect(screen.getByTestId('location')).toHaveTextContent('/users/nuovo');
    expect(screen.getByRole('button', { name: 'Salva' })).toBeEnabled();
    // One place per failure: the form says it, no toast says it again.
    expect(document.querySelector('.Toastify__toast')).toBeNull();
  });

  it("a server 400 puts each field's message next to it", async () => {
    server.use(
      http.post('*/api/users', () =>
        HttpResponse.json(
          {
            error: 'Dati non validi: name: Testo troppo lungo (massimo 100 caratteri)',
            code: 'VALIDATION',
            fields: { name: 'Testo troppo lungo (massimo 100 caratteri)' },
          },
          { status: 400 },
        ),
      ),
    );
    renderUsers('/users/nuovo');
    await userEvent.type(field.username(), 'anna');
    await userEvent.type(field.name(), 'Anna');
    await userEvent.type(field.password(), 'Password-123');
    await save();
    expect(await screen.findByTestId('user-save-error')).toHaveTextContent(/^Errore durante la creazione dell'utente: Dati non validi/);
    expect(field.name()).toHaveAccessibleDescription('Testo troppo lungo (massimo 100 caratteri)');
  });

  it('a failure without an answer shows createFailed alone', async () => {
    server.use(http.post('*/api/users', () => HttpResponse.error()));
    renderUsers('/users/nuovo');
    await userEvent.type(field.username(), 'anna');
    await userEvent.type(field.name(), 'Anna');
    await userEvent.type(field.password(), 'Password-123');
    await save();
    expect(await screen.findByTestId('user-save-error')).toHaveTextContent("Errore durante la creazione dell'utente");
  });

  it('Cancel returns to the list without saving', async () => {
    renderUsers('/users/nuovo');
    await userEvent.click(screen.getByRole('button', { name: 'Annulla' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/users$/));
    await screen.findByText('Mario Rossi');
    expect(requestsOf('POST')).toHaveLength(0);
  });
});

describe('/users/{id}', () => {
  it('loads the user into the form; the password stays blank with the keep-it hint', async () => {
    renderUsers('/users/3');
    expect(await screen.findByRole('heading', { level: 1, name: 'Modifica utente' })).toBeInTheDocument();
    await waitFor(() => expect(field.username()).toHaveValue('giulia'));
    expect(field.name()).toHaveValue('Giulia Verdi');
    expect(field.password()).toHaveValue('');
    expect(field.password()).toHaveAccessibleDescription(
      'Lascia vuoto per mantenere la password attuale (almeno 8 caratteri se la cambi).',
    );
    expect(field.role().value).toBe('sales');
    expect(field.active()).not.toBeChecked();
    expect(await screen.findByTestId('activity-table')).toBeInTheDocument();
  });

  it('a blank password is not sent: the current one is kept; updated toast, back to the list', async () => {
    renderUsers('/users/2');
    await waitFor(() => expect(field.name()).toHaveValue('Mario Rossi'));
    await userEvent.clear(field.name());
    await userEvent.type(field.name(), 'Mario Rossi Jr');
    await userEvent.click(field.active());
    await save();
    expect(await screen.findByText('Utente aggiornato con successo')).toBeInTheDocument();
    const [put] = requestsOf('PUT', '/users/2');
    expect(put.body).toEqual({ username: 'mario', name: 'Mario Rossi Jr', role: 'warehouse', is_active: false, modified_by: 1 });
    expect(put.body).not.toHaveProperty('password');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/users$/));
    expect(await screen.findByText('Mario Rossi Jr')).toBeInTheDocument();
  });

  it('a new password is sent, and must follow the policy', async () => {
    renderUsers('/users/2');
    await waitFor(() => expect(field.username()).toHaveValue('mario'));
    await userEvent.type(field.password(), 'abc');
    await save();
    expect(field.password()).toHaveAccessibleDescription(expect.stringContaining('La password deve contenere almeno 8 caratteri'));
    expect(requestsOf('PUT')).toHaveLength(0);
    await userEvent.type(field.password(), 'defghij');
    await save();
    await screen.findByText('Utente aggiornato con successo');
    expect(requestsOf('PUT', '/users/2')[0].body).toMatchObject({ password: 'abcdefghij' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/users$/));
    expect(await screen.findByText('Mario Rossi')).toBeInTheDocument();
  });

  it('a refused update shows updateFailed with the reason and stays', async () => {
    const reason = "Impossibile cambiare il ruolo dell'ultimo amministratore attivo: nominane prima un altro";
    server.use(http.put('*/api/users/:id', () => HttpResponse.json({ error: reason, code: 'LAST_ADMIN' }, { status: 409 })));
    renderUsers('/users/2');
    await waitFor(() => expect(field.username()).toHaveValue('mario'));
    await userEvent.selectOptions(field.role(), 'direction');
    await save();
    expect(await screen.findByTestId('user-save-error')).toHaveTextContent(`Errore durante l'aggiornamento dell'utente: ${reason}`);
    expect(screen.getByTestId('location')).toHaveTextContent('/users/2');
  });

  describe('the role select offers only what the signed-in role may give (issue 13)', () => {
    const values = () =>
      within(field.role())
        .getAllByRole('option')
        .map((o) => (o as HTMLOptionElement).value);

    it('direction: no admin on a new user', async () => {
      renderUsers('/users/nuovo', 'direction');
      expect(values()).toEqual(['direction', 'administration', 'orders', 'warehouse', 'sales']);
      expect(field.role()).toBeEnabled();
    });

    it('direction editing an admin: the role is locked, with the reason', async () => {
      renderUsers('/users/1', 'direction');
      await waitFor(() => expect(field.username()).toHaveValue('admin'));
      expect(values()).toEqual(['admin']);
      expect(field.role()).toBeDisabled();
      expect(field.role()).toHaveAccessibleDescription('Solo un amministratore può cambiare il ruolo di un amministratore.');
      // Said before any typing, and Save cannot be pressed (it was refused only once tried: 403 ADMIN_ONLY).
      expect(screen.getByTestId('user-admin-only')).toHaveTextContent('Solo un amministratore può modificare un amministratore');
      expect(screen.getByTestId('user-save')).toBeDisabled();
    });

    it('direction editing another user: no notice, Save works', async () => {
      renderUsers('/users/2', 'direction');
      await waitFor(() => expect(field.username()).toHaveValue('mario'));
      expect(screen.queryByTestId('user-admin-only')).toBeNull();
      expect(screen.getByTestId('user-save')).toBeEnabled();
    });

    it('nobody changes their own role nor deactivates themselves: both locked on your own user, with the reason', async () => {
      renderUsers('/users/1');
      await waitFor(() => expect(field.username()).toHaveValue('admin'));
      expect(field.role()).toBeDisabled();
      expect(field.role()).toHaveAccessibleDescription('Non puoi cambiare il tuo stesso ruolo.');
      expect(field.active()).toBeDisabled();
      expect(field.active()).toHaveAccessibleDescription('Non puoi disattivare il tuo stesso utente.');
    });
  });

  it('a user that does not exist: fetchFailed with the server reason, back to /users (SPEC §8, as for products)', async () => {
    renderUsers('/users/999');
    expect(await screen.findByText("Errore nel caricamento dell'utente: Utente non trovato")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/users$/));
    expect(await screen.findByText('Mario Rossi')).toBeInTheDocument();
  });

  it('fetchFailed in French when the server gives no reason', async () => {
    await switchLanguage('fr');
    server.use(http.get('*/api/users/:id', () => HttpResponse.error()));
    renderUsers('/users/2');
    expect(await screen.findByText("Erreur lors du chargement de l'utilisateur")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/users$/));
    await screen.findByText('Mario Rossi');
  });

  it('the edit form in French, with the keep-password hint', async () => {
    await switchLanguage('fr');
    renderUsers('/users/2');
    expect(await screen.findByRole('heading', { level: 1, name: "Modifier l'utilisateur" })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(/^Nom d'utilisateur/)).toHaveValue('mario'));
    expect(screen.getByLabelText(/^Mot de passe/)).toHaveAccessibleDescription(
      'Laissez vide pour conserver le mot de passe actuel (au moins 8 caractères pour le changer).',
    );
    expect(screen.getByRole('button', { name: 'Enregistrer' })).toBeInTheDocument();
    await screen.findByTestId('activity-table');
  });
});

describe('activity log', () => {
  function seed(count: number) {
    fake.activities[2] = Array.from({ length: count }, (_, i) =>
      activity(
        i + 1,
        i === 0
          ? {
              action: 'update',
              entity_type: 'user',
              entity_id: '7',
              subject: 'anna (Anna Neri)',
              fields: [
                { field: 'role', kind: 'role', from: 'warehouse', value: 'orders' },
                { field: 'active', kind: 'flag', from: 'true', value: 'false' },
                { field: 'credentials', kind: 'changed', value: null },
              ],
            }
          : i === 1
            ? {
                action: 'create',
                entity_type: 'stock_movement',
                entity_id: '12',
                fields: [
                  { field: 'movementType', kind: 'movementType', value: 'C' },
                  { field: 'product', kind: 'text', value: 'P001 — Vite M8' },
                  { field: 'warehouse', kind: 'text', value: 'Centrale' },
                  { field: 'quantity', kind: 'decimal', value: '1234.500' },
                  { field: 'unit', kind: 'unit', value: 'piece' },
                  { field: 'price', kind: 'decimal', from: '3.30000', value: '3300.12345' },
                  { field: 'total', kind: 'decimal', value: '262479.7900' },
                  { field: 'sessionsEnded', kind: 'integer', value: '1500' },
                  { field: 'date', kind: 'day', value: '2025-03-04' },
                ],
              }
            : {},
      ),
    );
  }

  it("names an action with the house verb for its kind of thing: a sale's cancel is its revocation", async () => {
    seed(1);
    fake.activities[2][0] = activity(1, { action: 'cancel', entity_type: 'sale', fields: [] });
    renderUsers('/users/2');
    const table = await screen.findByRole('table', { name: "Registro attività dell'utente, dal più recente" });
    const [row] = within(table).getAllByRole('row').slice(1);
    expect(row).toHaveTextContent('Revoca');
    expect(row).not.toHaveTextContent('Annullamento');
    await switchLanguage('fr');
    expect(row).toHaveTextContent('Révocation');
  });

  it('shows action, entity and its name, labelled details with names and localized values, newest first, translated', async () => {
    seed(3);
    fake.activities[2][2] = activity(3, {
      action: 'reindex',
      entity_type: 'gizmo',
      fields: [
        { field: 'note', kind: 'text', value: 'testo libero' },
        { field: 'shipping_lane', kind: 'integer', value: '7' },
      ],
    });
    renderUsers('/users/2');
    const table = await screen.findByRole('table', { name: "Registro attività dell'utente, dal più recente" });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('Modifica');
    expect(rows[0]).toHaveTextContent('Utenteanna (Anna Neri)');
    expect(rows[0]).toHaveTextContent('Ruolo: Magazzino → diventa Ordini');
    expect(rows[0]).toHaveTextContent('Attivo: Sì → diventa No');
    expect(rows[0]).toHaveTextContent('Password: modificata');
    expect(rows[1]).toHaveTextContent('Creazione');
    expect(rows[1]).toHaveTextContent('Movimento di magazzino');
    expect(rows[1]).toHaveTextContent('Tipo di movimento: Carico');
    expect(rows[1]).toHaveTextContent('Prodotto: P001 — Vite M8');
    expect(rows[1]).toHaveTextContent('Quantità: 1.234,5');
    expect(rows[1]).toHaveTextContent('Unità di misura: pz');
    expect(rows[1]).toHaveTextContent('Prezzo: 3,30 → diventa 3.300,12345');
    expect(rows[1]).toHaveTextContent('Totale: 262.479,79');
    expect(rows[1]).toHaveTextContent('Sessioni chiuse: 1.500');
    expect(rows[1]).not.toHaveTextContent('piece');
    expect(rows[1]).toHaveTextContent('Data: 04/03/2025');
    // Unknown action and entity type are shown as written; an unknown field reads as words, not as a column name.
    expect(rows[2]).toHaveTextContent('reindex');
    expect(rows[2]).toHaveTextContent('gizmo');
    expect(rows[2]).toHaveTextContent('Nota: testo libero');
    expect(rows[2]).toHaveTextContent('Shipping lane: 7');
    expect(rows[2]).not.toHaveTextContent('shipping_lane');
    expect(rows[0]).toHaveTextContent(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    expect(screen.getByText('3 attività registrate')).toBeInTheDocument();
    expect(requestsOf('GET', '/users/2/activities')[0].search).toBe('?limit=10&offset=0');

    await switchLanguage('fr');
    expect(rows[0]).toHaveTextContent('Modification');
    expect(rows[0]).toHaveTextContent('Rôle : Entrepôt → devient Commandes');
    expect(rows[1]).toHaveTextContent('Mouvement de stock');
    expect(rows[1]).toHaveTextContent('Type de mouvement : Entrée');
    // French numbers: U+202F between groups, a decimal comma, never a dot-grouped number; units 'pce', never 'piece'.
    const details = rows[1].textContent ?? '';
    expect(details).toContain('1\u202f234,5');
    expect(details).toContain('3,30');
    expect(details).toContain('3\u202f300,12345');
    expect(details).toContain('262\u202f479,79');
    expect(details).toContain('1\u202f500');
    expect(rows[1]).toHaveTextContent('pce');
    expect(details).not.toMatch(/\d\.\d{3}/);
    expect(details).not.toContain('piece');
  });

  it('pages on the server: the next page asks offset 10', async () => {
    seed(23);
    renderUsers('/users/2');
    await screen.findByText('Pagina 1 di 3');
    await userEvent.click(screen.getByRole('button', { name: 'Successiva' }));
    expect(await screen.findByText('Pagina 2 di 3')).toBeInTheDocument();
    expect(requestsOf('GET', '/users/2/activities').map((r) => r.search)).toEqual(['?limit=10&offset=0', '?limit=10&offset=10']);
    const table = screen.getByTestId('activity-table');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(11));
  });

  it("counts its rows grouped in the user's language (it 1.234, fr 1 234 with U+202F)", async () => {
    server.use(http.get('*/api/users/:id/activities', () => HttpResponse.json([activity(1)], { headers: { 'X-Total-Count': '1234' } })));
    renderUsers('/users/2');
    expect(await screen.findByText('1.234 attività registrate')).toBeInTheDocument();
    await switchLanguage('fr');
    expect(await screen.findByText((_, el) => el?.textContent === '1\u202f234 activités enregistrées')).toBeInTheDocument();
  });

  it('an empty log says so', async () => {
    renderUsers('/users/2');
    expect(await screen.findByText('Nessuna attività registrata')).toBeInTheDocument();
  });

  it('a failed load shows fetchActivitiesFailed with Retry; the form stays usable', async () => {
    let fail = true;
    server.use(
      http.get('*/api/users/:id/activities', () =>
        fail ? new HttpResponse(null, { status: 500 }) : HttpResponse.json([activity(1)], { headers: { 'X-Total-Count': '1' } }),
      ),
    );
    renderUsers('/users/2');
    expect(await screen.findByTestId('activity-error')).toHaveTextContent('Errore nel caricamento del registro attività');
    expect(field.username()).toHaveValue('mario');
    fail = false;
    await userEvent.click(within(screen.getByTestId('activity-error')).getByRole('button', { name: 'Riprova' }));
    expect(await screen.findByText('Accesso')).toBeInTheDocument();
  });
});
