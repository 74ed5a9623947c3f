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
