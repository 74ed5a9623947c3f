import { expect, type Page } from '@playwright/test';
import { ADMIN_PASSWORD } from '../playwright.config';

export { ADMIN_PASSWORD };

/**
 * A form's save went back to its list (`path`), which shows the saved row: on the page the list opens on, or, when newer
 * rows (another spec's, in a parallel run) pushed it off that page, searched for by its code (the kit's saved row,
 * usePagedList: `?<param>=<code>`). Either is the list as the user left it plus, at most, exactly that search.
 */
export async function expectBackOnList(page: Page, path: string, code: string, param = 'q'): Promise<void> {
  const search = `${param}=${encodeURIComponent(code)}`.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await expect(page).toHaveURL(new RegExp(`${path}(\\?${search})?$`));
}

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

/** A setup POST that must succeed: `post(url, body)` answers the created record, or fails the test with the server's words. */
export function apiPost(page: Page, headers: Record<string, string>) {
  return async <T = { id: number } & Record<string, unknown>>(url: string, data: unknown, status = 201): Promise<T> => {
    const res = await page.request.post(url, { headers, data });
    expect(res.status(), `${url}: ${await res.text()}`).toBe(status);
    return (await res.json()) as T;
  };
}

/** The body of a valid supplier or customer called `name` (every field the registry requires). */
export function partyFields(name: string, email = 'magazzino.centrale@example.com') {
  return {
    business_name: name,
    vat_number: '01234567897',
    address: 'Via Giuseppe Garibaldi 128',
    city: 'Reggio nell’Emilia',
    province: 'RE',
    zip_code: '42121',
    country: 'Italia',
    email,
    phone: '0522 123456',
  };
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

/**
 * A decimal the API sent, as its digits, for exact comparison (issue 21: quantities, prices and amounts are decimal
 * strings): '1500.000' and '1500' are both '1500', '2.50' is '2.5'. Anything else — a JSON number, null, '1,5' — comes back
 * marked as not a decimal string, so a comparison with it fails and says what came.
 */
export function exactDecimal(value: unknown): string {
  const m = typeof value === 'string' ? /^(-?)(\d+)(?:\.(\d+))?$/.exec(value) : null;
  if (!m) return `not a decimal string: ${JSON.stringify(value)}`;
  const int = m[2].replace(/^0+(?=\d)/, '');
  const frac = (m[3] ?? '').replace(/0+$/, '');
  const body = `${int}${frac ? `.${frac}` : ''}`;
  return m[1] && body !== '0' ? `-${body}` : body;
}

/** Σ of decimal strings of at most 3 decimals (quantities), exactly, as digits ('2.5' + '2.500' = '5'). */
export function sumExact(values: unknown[]): string {
  const total = values.reduce<bigint>((n, v) => {
    const digits = exactDecimal(v);
    if (digits.startsWith('not')) throw new Error(digits);
    const neg = digits.startsWith('-');
    const [int, frac = ''] = (neg ? digits.slice(1) : digits).split('.');
    const units = BigInt(int + frac.padEnd(3, '0'));
    return n + (neg ? -units : units);
  }, 0n);
  const neg = total < 0n;
  const text = (neg ? -total : total).toString().padStart(4, '0');
  return exactDecimal(`${neg ? '-' : ''}${text.slice(0, -3)}.${text.slice(-3)}`);
}

/**
 * The company's calendar day (Europe/Rome, as the server's rules count it) plus `offsetDays`, 'yyyy-MM-dd'. Never the
 * machine's or UTC's day: between 23:00 and 24:00 UTC they are already (or still) another day in Rome.
 */
export function companyDay(offsetDays = 0): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(),
  );
  const [y, m, d] = today.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + offsetDays)).toISOString().slice(0, 10);
}

/** `companyDay(offsetDays)` as people read it, dd/MM/yyyy. */
export function companyDayText(offsetDays = 0): string {
  return companyDay(offsetDays).split('-').reverse().join('/');
}
