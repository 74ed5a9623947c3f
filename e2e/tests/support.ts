import { expect, type Page } from '@playwright/test';
import { ADMIN_PASSWORD } from '../playwright.config';

export { ADMIN_PASSWORD };

/** Signs in through the login page and waits for the home page. */
export async function signIn(page: Page, username = 'admin', password = ADMIN_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('current-user')).toBeVisible();
}

/** A bearer token for API calls made by a test to set up data. */
export async function apiToken(page: Page, username = 'admin', password = ADMIN_PASSWORD): Promise<string> {
  const res = await page.request.post('/api/auth/login', { data: { username, password } });
  expect(res.status()).toBe(200);
  return (await res.json()).token as string;
}

/** Headers for a setup call made with `page.request`. */
export function bearer(token: string): Record<string, string> {
  return { Authorization: `Bearer ${token}` };
}

/** Switches the portal language through the top bar's select. */
export async function switchLanguage(page: Page, lang: 'it' | 'fr'): Promise<void> {
  await page.getByTestId('language-select').selectOption(lang);
}

/**
 * Types into a kit NumberField (`@wms/shared-ui`) as a user does — e.g. '2,5' — and leaves it (the field formats on
 * blur). `testId` is the field's data-testid.
 */
export async function typeNumber(page: Page, testId: string, text: string): Promise<void> {
  const input = page.getByTestId(testId);
  await input.fill('');
  await input.pressSequentially(text);
  await input.blur();
}

/** Types a day as dd/MM/yyyy (e.g. '31/01/2027') into a kit DateField and leaves it. */
export async function typeDate(page: Page, testId: string, day: string): Promise<void> {
  const input = page.getByTestId(testId);
  await input.fill('');
  await input.pressSequentially(day);
  await input.blur();
}
