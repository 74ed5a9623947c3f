import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { routes, setUp } from './portal-data';
import { apiToken, bearer, signIn } from './support';

// Issue 22: axe over EVERY route of the portal (the detail, print and count pages of real documents made here through the
// API, not only the hubs and lists a11y.spec.ts visits) and over the dialog states: 0 serious, 0 critical. Also the kit's
// dialog as a keyboard user meets it: focus moves in on open, Tab stays inside, Escape closes and focus returns to the
// button that opened it. The data is the spec's own (unique names), so it runs beside the other specs.

async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  const result = await builder.analyze();
  return result.violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function settled(page: Page) {
  await expect(page.locator('main h1').first()).toBeVisible();
  await expect(page.locator('main .spinner')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
}

test.describe('accessibility of every route and dialog (issue 22)', () => {
  test('axe: every route of the portal, 0 serious and 0 critical', async ({ page }) => {
    test.setTimeout(180_000);
    const ids = await setUp(page);
    await signIn(page);
    const problems: string[] = [];
    for (const route of routes(ids)) {
      await page.goto(route);
      await settled(page);
      for (const v of await seriousViolations(page)) problems.push(`${route}: ${v}`);
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });

  test('the revoke dialog over a list with a revoked sale: axe clean, focus in, Tab kept inside, Escape gives focus back', async ({
    page,
  }) => {
    const ids = await setUp(page);
    const headers = bearer(await apiToken(page));
    const code = `RESP-${ids.suffix}`;
    // One revoked sale beside the active one setUp made: the greyed row must stay readable (contrast).
    const view = await page.request.get(`/api/sales/${ids.saleId}`, { headers });
    const sale = (await view.json()) as { product_id: number; warehouse_id: number; customer_id: number };
    const second = await page.request.post('/api/sales', {
      headers,
      data: { product_id: sale.product_id, warehouse_id: sale.warehouse_id, customer_id: sale.customer_id, quantity: '1' },
    });
    expect(second.status(), await second.text()).toBe(201);
    const revokedId = ((await second.json()) as { id: number }).id;
    expect((await page.request.put(`/api/sales/${revokedId}/cancel`, { headers })).status()).toBe(200);

    await signIn(page);
    await page.goto(`/operazioni/vendite?q=${encodeURIComponent(code)}`);
    await settled(page);
    await expect(page.getByTestId(`sale-row-${revokedId}`)).toHaveClass(/row-inactive/);
    expect(await seriousViolations(page)).toEqual([]);

    const opener = page.getByTestId(`sale-cancel-${ids.saleId}`);
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    // Focus moved into the dialog, and Tab never leaves it.
    await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    expect(await seriousViolations(page, 'dialog')).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    // Nothing was revoked by closing.
    expect(((await (await page.request.get(`/api/sales/${ids.saleId}`, { headers })).json()) as { status: string }).status).not.toBe(
      'cancelled',
    );
  });

  test('dialog states: the batch dialog with its errors shown, a price’s and a movement’s delete confirmation: axe clean inside each', async ({
    page,
  }) => {
    const ids = await setUp(page);
    await signIn(page);
    const inside = async (what: string) => {
      const dialog = page.getByRole('dialog');
      await expect(dialog, what).toBeVisible();
      expect(await seriousViolations(page, 'dialog'), what).toEqual([]);
      await page.keyboard.press('Escape');
      await expect(dialog, what).toBeHidden();
    };

    // The receipt's batch dialog, then Confirm with nothing typed: the errors are shown, and readable.
    await page.goto(`/operazioni/ricezione-merce/${ids.orderId}`);
    await settled(page);
    await page.getByTestId(`quantity-RESP-LOT-${ids.suffix}`).fill('10');
    await page.getByTestId(`batches-RESP-LOT-${ids.suffix}`).click();
    await expect(page.getByTestId('batch-dialog')).toBeVisible();
    expect(await seriousViolations(page, 'dialog')).toEqual([]);
    await page.getByTestId('batch-save').click();
    await expect(page.getByTestId('batch-dialog').locator('.field-error').first()).toBeVisible();
    await inside('batch dialog with errors');

    await page.goto(`/operazioni/prezzi?q=${encodeURIComponent(`RESP-${ids.suffix}`)}`);
    await settled(page);
    await page.getByTestId(`delete-price-${ids.priceId}`).click();
    await inside('price delete confirmation');

    await page.goto(`/operazioni/movimenti?code=${encodeURIComponent(`RESP-${ids.suffix}`)}`);
    await settled(page);
    await page.getByTestId(`delete-movement-${ids.movementId}`).click();
    await inside('movement delete confirmation');
  });
});
