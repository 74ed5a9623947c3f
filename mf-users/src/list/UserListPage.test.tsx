import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { formatDateTime } from '@wms/shared-ui';
import { switchLanguage } from '@wms/shared-ui/testing';
import { clearToasts, renderUsers } from '../test-support/render';
import { fake, requestsOf, resetFake, server, user } from '../test-support/server';

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

const rowOf = async (username: string) => {
  const table = await screen.findByRole('table', { name: 'Elenco degli utenti' });
  const cell = within(table).getByText(username, { exact: true });
  return cell.closest('tr')!;
};

describe('/users list', () => {
  it('shows username, name, translated role, active and online badges, last sign-in, and the total', async () => {
    renderUsers('/users');
    const mario = await rowOf('mario');
    expect(within(mario).getByText('Mario Rossi')).toBeInTheDocument();
    expect(within(mario).getByText('Magazzino')).toBeInTheDocument();
    expect(within(mario).getByText('Attivo')).toBeInTheDocument();
    expect(within(mario).getByText('Offline')).toBeInTheDocument();
    expect(within(mario).getByText('Mai')).toBeInTheDocument();

    const giulia = await rowOf('giulia');
    expect(within(giulia).getByText('Vendite')).toBeInTheDocument();
    expect(within(giulia).getByText('Inattivo')).toBeInTheDocument();
    expect(within(giulia).getByText(formatDateTime('2025-02-01T17:05:00.000Z'))).toBeInTheDocument();

    const admin = await rowOf('admin');
    expect(within(admin).getByText('Amministratore')).toBeInTheDocument();
    expect(within(admin).getByText('Online')).toBeInTheDocument();
    expect(within(admin).getByText('(tu)')).toBeInTheDocument();

    expect(screen.getByText('Totale utenti: 3')).toBeInTheDocument();
    expect(screen.getByTestId('user-status-giulia')).toHaveTextContent('Inattivo');
    expect(screen.getByTestId('user-online-admin')).toHaveTextContent('Online');
  });

  it('says it in French', async () => {
    await switchLanguage('fr');
    renderUsers('/users');
    const table = await screen.findByRole('table', { name: 'Liste des utilisateurs' });
    const giulia = within(table).getByText('giulia').closest('tr')!;
    expect(within(giulia).getByText('Ventes')).toBeInTheDocument();
    expect(within(giulia).getByText('Inactif')).toBeInTheDocument();
    expect(within(giulia).getByText('Hors ligne')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Dernière connexion/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Nouvel utilisateur' })).toBeInTheDocument();
  });

  it('has a New user button and an edit link per row', async () => {
    renderUsers('/users');
    await userEvent.click(await screen.findByRole('link', { name: "Modifica l'utente mario" }));
    expect(screen.getByTestId('location')).toHaveTextContent('/users/2');
    expect(await screen.findByTestId('activity-table')).toBeInTheDocument();
  });

  it('New user leads to /users/nuovo', async () => {
    renderUsers('/users');
    await userEvent.click(await screen.findByRole('link', { name: 'Nuovo utente' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/users/nuovo');
  });

  it('a failed load shows fetchListFailed with Retry', async () => {
    let fail = true;
    server.use(
      http.get('*/api/users', () =>
        fail ? HttpResponse.json({ error: 'boom', code: 'INTERNAL' }, { status: 500 }) : HttpResponse.json(fake.users),
      ),
    );
    renderUsers('/users');
    expect(await screen.findByTestId('users-error')).toHaveTextContent('Errore nel caricamento degli utenti');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Riprova' }));
    expect(await rowOf('mario')).toBeInTheDocument();
  });

  describe('delete', () => {
    it('asks for confirmation; Cancel deletes nothing', async () => {
      renderUsers('/users');
      await userEvent.click(await screen.findByRole('button', { name: "Elimina l'utente mario" }));
      const dialog = screen.getByRole('dialog', { name: "Eliminare l'utente?" });
      expect(dialog).toHaveTextContent("Sei sicuro di voler eliminare l'utente mario?");
      await userEvent.click(within(dialog).getByRole('button', { name: 'Annulla' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(requestsOf('DELETE')).toHaveLength(0);
    });

    it('confirmed: DELETE /users/{id} with deleted_by, the deleted toast, and the list without the user', async () => {
      renderUsers('/users');
      await userEvent.click(await screen.findByRole('button', { name: "Elimina l'utente mario" }));
      await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Elimina' }));
      expect(await screen.findByText('Utente eliminato con successo')).toBeInTheDocument();
      expect(requestsOf('DELETE')).toEqual([expect.objectContaining({ path: '/users/2', body: { deleted_by: 1 } })]);
      await waitFor(() => expect(screen.queryByText('Mario Rossi')).not.toBeInTheDocument());
      expect(screen.getByText('Totale utenti: 2')).toBeInTheDocument();
    });

    it("a refused delete shows deleteFailed with the server's reason, and the user stays", async () => {
      server.use(
        http.delete('*/api/users/:id', () =>
          HttpResponse.json(
            { error: "Impossibile eliminare l'ultimo amministratore attivo: nominane prima un altro", code: 'LAST_ADMIN' },
            { status: 409 },
          ),
        ),
      );
      renderUsers('/users');
      await userEvent.click(await screen.findByRole('button', { name: "Elimina l'utente mario" }));
      await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Elimina' }));
      expect(await screen.findByText("Impossibile eliminare l'ultimo amministratore attivo: nominane prima un altro")).toBeInTheDocument();
      expect(screen.getByText('Mario Rossi')).toBeInTheDocument();
    });

    it('a delete that fails without an answer shows deleteFailed alone', async () => {
      server.use(http.delete('*/api/users/:id', () => HttpResponse.error()));
      renderUsers('/users');
      await userEvent.click(await screen.findByRole('button', { name: "Elimina l'utente mario" }));
      await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Elimina' }));
      expect(await screen.findByText("Errore durante l'eliminazione dell'utente")).toBeInTheDocument();
    });

    it('you cannot delete yourself: the button is disabled with a reason', async () => {
      renderUsers('/users');
      const own = await screen.findByRole('button', { name: "Elimina l'utente admin" });
      expect(own).toBeDisabled();
      expect(own).toHaveAttribute('title', 'Non puoi eliminare il tuo stesso utente');
    });

    it('direction: an admin cannot be deleted, the button says why; another user can', async () => {
      fake.users.push(user({ id: 4, username: 'root', name: 'Second Admin', role: 'admin' }));
      renderUsers('/users', 'direction');
      const admin = await screen.findByRole('button', { name: "Elimina l'utente root" });
      expect(admin).toBeDisabled();
      expect(admin).toHaveAttribute('title', 'Solo un amministratore può eliminare un amministratore');
      expect(screen.getByRole('button', { name: "Elimina l'utente mario" })).toBeEnabled();
    });
  });
});
