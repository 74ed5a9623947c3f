import { expect, test, type Page } from '@playwright/test';
import { signIn, switchLanguage } from './support';

// Issue 5: user management in the browser, against the real server.
const suffix = Date.now().toString(36);

const row = (page: Page, username: string) =>
  page
    .getByTestId('users-table')
    .getByRole('row')
    .filter({ has: page.getByText(username, { exact: true }) });

test.describe('users', () => {
  test('admin lists, creates (defaults, validation, unique name), edits with the activity log, and deletes a user', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const username = `e2e_user_${suffix}`;

    await signIn(page);
    await page.getByTestId('nav-users').click();
    await expect(page).toHaveURL(/\/users$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Gestione utenti' })).toBeVisible();
    await expect(page.getByTestId('user-online-admin')).toHaveText('Online');
    await expect(page.getByTestId('user-status-admin')).toHaveText('Attivo');
    await expect(page.getByTestId('delete-user-admin')).toBeDisabled();

    // New user: defaults, then the shared validation messages.
    await page.getByTestId('add-user').click();
    await expect(page).toHaveURL(/\/users\/nuovo$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Nuovo utente' })).toBeVisible();
    await expect(page.getByTestId('user-role')).toHaveValue('warehouse');
    await expect(page.getByTestId('user-active')).toBeChecked();
    await expect(page.getByTestId('activity-log')).toHaveCount(0);
    await page.getByTestId('user-save').click();
    await expect(page.getByText('Il nome utente è obbligatorio')).toBeVisible();
    await expect(page.getByText('La password è obbligatoria')).toBeVisible();
    await page.getByTestId('user-username').fill(username);
    await page.getByTestId('user-name').fill('Elena Ettore');
    await page.getByTestId('user-password').fill('short');
    await page.getByTestId('user-save').click();
    await expect(page.getByText('La password deve contenere almeno 8 caratteri')).toBeVisible();
    await page.getByTestId('user-password').fill('E2e-password-1');
    await page.getByTestId('user-save').click();
    await expect(page.getByText('Utente creato con successo')).toBeVisible();
    await expect(page).toHaveURL(/\/users$/);
    await expect(row(page, username)).toContainText('Elena Ettore');
    await expect(row(page, username)).toContainText('Magazzino');
    await expect(page.getByTestId(`user-status-${username}`)).toHaveText('Attivo');
    await expect(page.getByTestId(`user-online-${username}`)).toHaveText('Offline');
    await expect(row(page, username)).toContainText('Mai');

    // The same username in another case is refused with the server's clear message.
    await page.getByTestId('add-user').click();
    await page.getByTestId('user-username').fill(username.toUpperCase());
    await page.getByTestId('user-name').fill('Doppione');
    await page.getByTestId('user-password').fill('E2e-password-2');
    await page.getByTestId('user-save').click();
    await expect(page.getByText(/Errore durante la creazione dell'utente: .*è già in uso/).first()).toBeVisible();
    await expect(page).toHaveURL(/\/users\/nuovo$/);
    await page.getByTestId('user-cancel').click();

    // Edit: blank password keeps the current one.
    await page.getByTestId(`edit-user-${username}`).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Modifica utente' })).toBeVisible();
    await expect(page.getByTestId('user-username')).toHaveValue(username);
    await expect(page.getByTestId('user-password')).toHaveValue('');
    await expect(page.getByText('Nessuna attività registrata')).toBeVisible();
    await page.getByTestId('user-name').fill('Elena Ettore Bis');
    await page.getByTestId('user-role').selectOption('orders');
    await page.getByTestId('user-save').click();
    await expect(page.getByText('Utente aggiornato con successo')).toBeVisible();
    await expect(row(page, username)).toContainText('Elena Ettore Bis');
    await expect(row(page, username)).toContainText('Ordini');
    const login = await page.request.post('/api/auth/login', { data: { username, password: 'E2e-password-1' } });
    expect(login.status()).toBe(200);

    // The admin's own activity log: newest first, with this session's writes.
    await page.getByTestId('edit-user-admin').click();
    const log = page.getByTestId('activity-table');
    await expect(log.getByRole('row').nth(1)).toContainText('Modifica');
    await expect(log.getByRole('row').nth(1)).toContainText('Utente');
    // Details read as labelled values with names (issue 8), never column names.
    await expect(log.getByRole('row').nth(1)).toContainText(`${username} (Elena Ettore Bis)`);
    await expect(log.getByRole('row').nth(1)).toContainText('Ruolo: Magazzino → diventa Ordini');
    await expect(log.getByRole('row').nth(1)).not.toContainText('username:');
    await expect(log).toContainText('Creazione');
    await expect(log).toContainText('Accesso');
    await page.getByTestId('user-cancel').click();

    // Delete after confirmation: gone from the list, and no longer able to sign in.
    await page.getByTestId(`delete-user-${username}`).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(`Sei sicuro di voler eliminare l'utente ${username}?`);
    await dialog.getByTestId('confirm-ok').click();
    await expect(page.getByText('Utente eliminato con successo')).toBeVisible();
    await expect(row(page, username)).toHaveCount(0);
    const refused = await page.request.post('/api/auth/login', { data: { username, password: 'E2e-password-1' } });
    expect(refused.status()).toBe(401);

    // French.
    await switchLanguage(page, 'fr');
    await expect(page.getByRole('heading', { level: 1, name: 'Gestion des utilisateurs' })).toBeVisible();
    await expect(page.getByTestId('user-online-admin')).toHaveText('En ligne');
    await switchLanguage(page, 'it');
    expect(errors).toEqual([]);
  });

  test('a user that does not exist: the error toast and back to the list', async ({ page }) => {
    await signIn(page);
    await page.goto('/users/999999');
    await expect(page.getByText("Errore nel caricamento dell'utente: Utente non trovato")).toBeVisible();
    await expect(page).toHaveURL(/\/users$/);
  });
});
