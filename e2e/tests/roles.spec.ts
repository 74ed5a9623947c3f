import { expect, test, type Browser, type Page } from '@playwright/test';
import { apiToken, bearer, signIn } from './support';

// Issue 5: every role of SPEC §6 in the browser and against the API; a deactivated user is sent to /login at once.
const suffix = Date.now().toString(36);
const PASSWORD = 'Role-password-1';

type Role = 'admin' | 'direction' | 'administration' | 'orders' | 'warehouse' | 'sales';
const ROLES: Role[] = ['admin', 'direction', 'administration', 'orders', 'warehouse', 'sales'];

// SPEC §6, written out again on purpose (plus this build's choices: Stock transfer for every operations role,
// Inventory for the roles that count: admin, direction, warehouse).
const ALL = ROLES;
const SECTIONS: Record<string, Role[]> = {
  registry: ['admin', 'direction', 'orders', 'sales'],
  operations: ALL,
  reports: ALL,
  users: ['admin', 'direction'],
};
const OPERATIONS_CARDS: Record<string, Role[]> = {
  purchaseOrders: ['admin', 'direction', 'orders', 'sales'],
  goodsReceipt: ['admin', 'direction', 'warehouse', 'orders', 'sales'],
  prices: ['admin', 'direction', 'administration', 'orders', 'sales'],
  sales: ['admin', 'direction', 'orders', 'sales'],
  movements: ['admin', 'direction', 'warehouse', 'orders', 'sales'],
  stockTransfer: ['admin', 'direction', 'warehouse', 'administration'], // issue 26: permission transfersRead
  replenishment: ['admin', 'direction', 'orders'], // issue 28: permission replenishment
};
const REPORT_CARDS: Record<string, Role[]> = {
  stockLevels: ['admin', 'direction', 'warehouse', 'orders', 'sales'],
  inventory: ['admin', 'direction', 'warehouse'], // issue 25: permission inventoryCount
  valuation: ['admin', 'direction', 'administration', 'orders', 'sales'],
};

const allowed = (table: Record<string, Role[]>, role: Role) =>
  Object.keys(table)
    .filter((k) => table[k].includes(role))
    .sort();

/** The test ids `<prefix><key>` visible on the page, sorted. */
async function visibleIds(page: Page, prefix: string, keys: string[]): Promise<string[]> {
  const out: string[] = [];
  for (const key of keys) if (await page.getByTestId(`${prefix}${key}`).isVisible()) out.push(key);
  return out.sort();
}

async function expectOnlyCards(page: Page, table: Record<string, Role[]>, role: Role) {
  const expected = allowed(table, role);
  // Wait for the hub to render its first permitted card, then compare the whole set.
  await expect(page.getByTestId(`card-${expected[0]}`)).toBeVisible();
  expect(await visibleIds(page, 'card-', Object.keys(table))).toEqual(expected);
}

async function newSession(browser: Browser, username: string, password: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, username, password);
  return page;
}

test.describe('roles', () => {
  test('admin creates a warehouse user; they see only what SPEC §6 allows; admin sees them online, deactivates them, and their next action lands on /login', async ({
    page,
    browser,
  }) => {
    const username = `magazziniere_${suffix}`;

    // The admin creates the user through the form: role warehouse is the default.
    await signIn(page);
    await page.goto('/users/nuovo');
    await page.getByTestId('user-username').fill(username);
    await page.getByTestId('user-name').fill('Walter Magazzino');
    await page.getByTestId('user-password').fill(PASSWORD);
    await expect(page.getByTestId('user-role')).toHaveValue('warehouse');
    await page.getByTestId('user-save').click();
    await expect(page.getByText('Utente creato con successo')).toBeVisible();
    await expect(page.getByTestId(`user-online-${username}`)).toHaveText('Offline');

    // The warehouse user in a browser of their own.
    const clerk = await newSession(browser, username, PASSWORD);
    await expect(clerk.getByTestId('current-user')).toContainText('Walter Magazzino (Magazzino)');
    expect(await visibleIds(clerk, 'nav-', ['home', ...Object.keys(SECTIONS)])).toEqual(['home', 'operations', 'reports']);
    expect(await visibleIds(clerk, 'card-', Object.keys(SECTIONS))).toEqual(['operations', 'reports']);

    await clerk.getByTestId('nav-operations').click();
    await expect(clerk).toHaveURL(/\/operazioni$/);
    await expectOnlyCards(clerk, OPERATIONS_CARDS, 'warehouse');
    expect(allowed(OPERATIONS_CARDS, 'warehouse')).toEqual(['goodsReceipt', 'movements', 'stockTransfer']);

    await clerk.getByTestId('nav-reports').click();
    await expect(clerk).toHaveURL(/\/report$/);
    await expectOnlyCards(clerk, REPORT_CARDS, 'warehouse');
    expect(allowed(REPORT_CARDS, 'warehouse')).toEqual(['inventory', 'stockLevels']);

    // Sections and sub-areas without permission send them home (SPEC §2), typed in the address bar or deep-linked;
    // a refused section or page is named there (issue 22).
    const refusedSection: Record<string, string> = {
      '/anagrafica': 'Anagrafiche',
      '/anagrafica/prodotti': 'Anagrafiche',
      '/users': 'Utenti',
      '/users/nuovo': 'Utenti',
      '/operazioni/prezzi': 'Prezzi',
      '/report/valorizzazione': 'Valorizzazione magazzino',
    };
    for (const url of ['/anagrafica', '/anagrafica/prodotti', '/users', '/users/nuovo', '/operazioni/prezzi', '/report/valorizzazione']) {
      await clerk.goto(url);
      await expect(clerk, url).toHaveURL(/\/$/);
      const section = refusedSection[url];
      if (section) await expect(clerk.getByText(`Non hai il permesso di aprire «${section}»`), url).toBeVisible();
    }

    // The server agrees: the users API is closed to them.
    const clerkToken = await apiToken(clerk, username, PASSWORD);
    expect((await clerk.request.get('/api/users', { headers: bearer(clerkToken) })).status()).toBe(403);

    // The admin sees them online.
    await page.goto('/users');
    await expect(page.getByTestId(`user-online-${username}`)).toHaveText('Online');

    // The admin deactivates them.
    await page.getByTestId(`edit-user-${username}`).click();
    await expect(page.getByTestId('user-username')).toHaveValue(username);
    await page.getByTestId('user-active').uncheck();
    await page.getByTestId('user-save').click();
    await expect(page.getByText('Utente aggiornato con successo')).toBeVisible();
    await expect(page.getByTestId(`user-status-${username}`)).toHaveText('Inattivo');
    await expect(page.getByTestId(`user-online-${username}`)).toHaveText('Offline');

    // Their next action lands on /login, and they cannot sign in again.
    await clerk.getByTestId('nav-operations').click();
    await expect(clerk).toHaveURL(/\/login$/);
    await clerk.getByTestId('login-username').fill(username);
    await clerk.getByTestId('login-password').fill(PASSWORD);
    await clerk.getByTestId('login-submit').click();
    await expect(clerk.getByTestId('login-error')).toBeVisible();
    await expect(clerk).toHaveURL(/\/login$/);
    await clerk.context().close();
  });

  test('every role sees exactly its navigation, home cards and hub cards; the users API answers only admin and direction', async ({
    page,
    browser,
  }) => {
    test.slow(); // five roles × every hub: over a minute on a loaded 2-core machine
    const token = await apiToken(page);
    for (const role of ROLES) {
      const username = `role_${role}_${suffix}`;
      const created = await page.request.post('/api/users', {
        headers: bearer(token),
        data: { username, name: `Utente ${role}`, password: PASSWORD, role, is_active: true },
      });
      expect(created.status(), role).toBe(201);

      const p = await newSession(browser, username, PASSWORD);
      const sections = allowed(SECTIONS, role);
      expect(await visibleIds(p, 'nav-', Object.keys(SECTIONS)), `${role} nav`).toEqual(sections);
      expect(await visibleIds(p, 'card-', Object.keys(SECTIONS)), `${role} home`).toEqual(sections);

      await p.goto('/operazioni');
      await expectOnlyCards(p, OPERATIONS_CARDS, role);
      await p.goto('/report');
      await expectOnlyCards(p, REPORT_CARDS, role);
      for (const [section, url] of [
        ['registry', '/anagrafica'],
        ['users', '/users'],
      ] as const) {
        await p.goto(url);
        if (SECTIONS[section].includes(role)) await expect(p, `${role} ${url}`).toHaveURL(new RegExp(`${url}$`));
        else await expect(p, `${role} ${url}`).toHaveURL(/\/$/);
      }

      const own = await apiToken(p, username, PASSWORD);
      const users = await p.request.get('/api/users', { headers: bearer(own) });
      expect(users.status(), `${role} GET /api/users`).toBe(SECTIONS.users.includes(role) ? 200 : 403);
      await p.context().close();
    }
  });
});
