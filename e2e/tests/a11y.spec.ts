import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { apiToken, bearer, signIn, switchLanguage } from './support';

// Issue 8: axe over the sign-in page and over each form, as it opens and again after a failed (empty) save: no critical
// and no serious violation; the tab's title in French. Every route of the portal, signed in (axe and the tab's title), is
// walked once, by a11y-portal.spec.ts.

/** An open purchase order (supplier, product, one line) for the goods-receipt form; its id. */
async function openOrder(page: Page): Promise<number> {
  const headers = bearer(await apiToken(page));
  const suffix = Date.now().toString(36).toUpperCase();
  const supplier = await page.request.post('/api/suppliers', {
    headers,
    data: {
      business_name: `Fornitore A11Y ${suffix}`,
      vat_number: '01234567897',
      address: 'Via Po 1',
      city: 'Torino',
      province: 'TO',
      zip_code: '10100',
      country: 'Italia',
      email: 'a11y@example.com',
      phone: '011 1',
    },
  });
  expect(supplier.status()).toBe(201);
  const supplierId = (await supplier.json()).id as number;
  const product = await page.request.post('/api/products', {
    headers,
    data: {
      code: `A11Y-${suffix}`,
      description: 'Articolo axe',
      category: 'Test',
      currency: 'EUR',
      unit_of_measure: 'kg',
      supplier_id: supplierId,
    },
  });
  expect(product.status()).toBe(201);
  const order = await page.request.post('/api/purchase-orders', {
    headers,
    data: {
      order_date: '2026-03-01',
      requested_arrival_date: '2026-03-10',
      supplier_id: supplierId,
      items: [{ product_id: (await product.json()).id, quantity: 10, unit_price: '2.5' }],
    },
  });
  expect(order.status()).toBe(201);
  return (await order.json()).id as number;
}

/** Forms: where they open, and how to reach the empty form when it is inline (suppliers, customers). */
const FORMS: {
  url: string | ((page: Page) => Promise<string>);
  name?: string;
  open?: (page: Page) => Promise<void>;
  /** Save is disabled on the empty form (SPEC §5 Sale: no customer): only the form itself is checked. */
  saveDisabledWhenEmpty?: boolean;
}[] = [
  { url: '/anagrafica/prodotti/nuovo' },
  { url: '/anagrafica/magazzini/nuovo' },
  {
    url: '/anagrafica/fornitori',
    open: (page) =>
      page
        .getByRole('button', { name: /^Nuovo/ })
        .first()
        .click(),
  },
  {
    url: '/anagrafica/clienti',
    open: (page) =>
      page
        .getByRole('button', { name: /^Nuovo/ })
        .first()
        .click(),
  },
  { url: '/operazioni/movimenti/nuovo' },
  { url: '/operazioni/prezzi/nuovo' },
  { url: '/operazioni/ordini-fornitori/nuovo' },
  { url: '/operazioni/vendite/nuova', saveDisabledWhenEmpty: true },
  {
    name: '/operazioni/ricezione-merce/{id}',
    url: async (page) => `/operazioni/ricezione-merce/${await openOrder(page)}`,
  },
  { url: '/users/nuovo' },
];

async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function settled(page: Page) {
  await expect(page.locator('h1').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
}

test.describe('accessibility (axe)', () => {
  test('the sign-in page', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByTestId('login-submit')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('document.title follows the language', async ({ page }) => {
    await signIn(page);
    await page.goto('/operazioni/movimenti');
    await settled(page);
    await expect(page).toHaveTitle('Movimenti · WMS');
    await switchLanguage(page, 'fr');
    await expect(page).toHaveTitle('Mouvements · WMS');
    await switchLanguage(page, 'it');
  });

  for (const { url, name, open, saveDisabledWhenEmpty } of FORMS) {
    test(`form ${name ?? String(url)}${open ? ' (inline)' : ''}, also after an empty save`, async ({ page }) => {
      await signIn(page);
      await page.goto(typeof url === 'string' ? url : await url(page));
      await settled(page);
      if (open) await open(page);
      const form = page.locator('form').last();
      await expect(form).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      if (saveDisabledWhenEmpty) {
        await expect(form.locator('button[type="submit"]')).toBeDisabled();
        return;
      }
      await form.locator('button[type="submit"]').click();
      await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
      // Focus is on the first field in error, and no popup covers its message.
      await expect(page.locator(':focus')).toHaveAttribute('aria-invalid', 'true');
      await expect(page.locator('[role="listbox"]:visible, [role="dialog"]:visible')).toHaveCount(0);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});
