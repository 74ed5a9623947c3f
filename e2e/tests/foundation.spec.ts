import { expect, test } from '@playwright/test';
import { signIn, switchLanguage } from './support';

// Issue 2: the federated portal runs end to end on the real server.
test.describe('foundation', () => {
  test('login page: title, required fields, wrong password shows the server message', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Warehouse Management System' })).toBeVisible();
    await expect(page.getByTestId('nav-home')).toHaveCount(0);
    await page.getByTestId('login-submit').click();
    await expect(page.getByText('Il nome utente è obbligatorio')).toBeVisible();
    await page.getByTestId('login-username').fill('admin');
    await page.getByTestId('login-password').fill('not-the-password');
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('login-error')).toHaveText('Nome utente o password non validi');
  });

  test('admin signs in, sees four cards, opens each section from its remote, switches to French, signs out', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page);
    await expect(page.getByTestId('current-user')).toContainText('Amministratore');
    for (const card of ['registry', 'operations', 'reports', 'users']) {
      await expect(page.getByTestId(`card-${card}`)).toBeVisible();
    }

    // Each section's hub is rendered by its own remote, fetched at run time through remotes.json.
    const sections: [string, string, RegExp][] = [
      ['registry', '/anagrafica', /\/anagrafica$/],
      ['operations', '/operazioni', /\/operazioni$/],
      ['reports', '/report', /\/report$/],
      ['users', '/users', /\/users$/],
    ];
    for (const [remote, , url] of sections) {
      const manifest = page.waitForResponse((r) => r.url().includes(`/mf/${remote}/`) && r.ok());
      await page.getByTestId('nav-home').click();
      await page.getByTestId(`card-${remote}`).click();
      await expect(page).toHaveURL(url);
      await manifest;
      await expect(page.getByTestId('remote-error')).toHaveCount(0);
    }
    await page.goto('/anagrafica');
    await expect(page.getByTestId('card-products')).toBeVisible();
    await page.goto('/operazioni');
    await expect(page.getByTestId('card-movements')).toBeVisible();
    await page.goto('/report');
    await expect(page.getByTestId('card-stockLevels')).toBeVisible();

    // Placeholders that are final now.
    await page.goto('/anagrafica/azienda');
    await expect(page.getByTestId('company-page')).toBeVisible();

    await switchLanguage(page, 'fr');
    await expect(page.getByTestId('nav-home')).toHaveText('Accueil');
    await page.reload();
    await expect(page.getByTestId('nav-home')).toHaveText('Accueil'); // the choice persists

    await page.getByTestId('logout-button').click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/anagrafica');
    await expect(page).toHaveURL(/\/login$/);
    expect(errors).toEqual([]);
  });

  test('one remote unreachable: its section says so with a retry, the rest of the portal works', async ({ page }) => {
    await page.route('**/mf/reports/mf-manifest.json', (route) => route.abort());
    await signIn(page);
    await page.getByTestId('nav-reports').click();
    await expect(page.getByTestId('remote-error')).toBeVisible();
    await expect(page.getByTestId('remote-error')).toContainText('non è disponibile');
    // Without a reload, the other sections still load and work.
    await page.getByTestId('nav-registry').click();
    await expect(page.getByTestId('card-products')).toBeVisible();
    await page.getByTestId('nav-operations').click();
    await expect(page.getByTestId('card-movements')).toBeVisible();

    // The remote comes back: Retry loads it without a page reload.
    await page.unroute('**/mf/reports/mf-manifest.json');
    await page.getByTestId('nav-reports').click();
    await page.getByTestId('remote-error').getByRole('button').click();
    await expect(page.getByTestId('card-stockLevels')).toBeVisible();
  });

  test('unknown paths go home; the API refuses calls without a session', async ({ page }) => {
    await signIn(page);
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/$/);
    const res = await page.request.get('/api/auth/me');
    expect(res.status()).toBe(401);
    expect(await res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });
});
