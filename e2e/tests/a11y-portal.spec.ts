import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import config from '../playwright.config';
import { ROUTE_GROUPS, routeGroup, routes, setUp } from './portal-data';
import { apiToken, bearer, companyDayText, signIn } from './support';

// Issue 22: axe over EVERY route of the portal (hubs, lists, forms and the detail, print and count pages of real documents
// made here through the API) and over the dialog states: 0 serious, 0 critical. Also the kit's
// dialog as a keyboard user meets it: focus moves in on open, Tab stays inside, Escape closes and focus returns to the
// button that opened it. The dialog states: revoke; the receipt's batch dialog (open, with its errors); a price's and a
// movement's delete; a transfer's ship, ship-and-receive, cancel and reverse; a receipt's expired-batch confirmation and
// its reversal; a product's and a user's delete; an inventory count's apply and cancel; the camera scan dialog live and
// without a camera. The data is the spec's own (unique names), so it runs beside the other specs.

// The camera dialog shows a live camera: Chromium's fake webcam (its test pattern), permission granted without a prompt.
// Launch options are per worker, so they are top-level; the other tests here never touch the camera.
const base = config.use?.launchOptions ?? {};
test.use({
  launchOptions: { ...base, args: [...(base.args ?? []), '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'] },
});

async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  const result = await builder.analyze();
  return result.violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function settled(page: Page) {
  await expect(page.locator('main h1').first()).toBeVisible();
  await expect(page.locator('main .spinner')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
}

/**
 * A dialog as a keyboard user meets it: `opener` focused and Enter opens it; the focus is inside and Tab keeps it there;
 * `ready` (if given) waits for the state to check; axe inside the dialog finds nothing serious or critical; Escape closes
 * it and the focus lands on `back` (the opener, unless the screen gives it elsewhere on purpose).
 */
async function dialogState(page: Page, what: string, opener: Locator, ready?: (dialog: Locator) => Promise<void>, back = opener) {
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog, what).toBeVisible();
  await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement)), { message: `${what}: focus inside` }).toBe(true);
  if (ready) await ready(dialog);
  for (let i = 0; i < 3; i++) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement)), `${what}: Tab stays inside`).toBe(true);
  }
  expect(await seriousViolations(page, 'dialog'), what).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog, what).toBeHidden();
  await expect(back, `${what}: focus back`).toBeFocused();
}

// Every route: axe finds nothing serious or critical, and the tab's title is the page's heading (issue 8; a11y.spec.ts
// checks the sign-in page, the title in French and the forms after an empty save).
test.describe('accessibility of every route (issue 22)', () => {
  // Four tests, one per group of routes, each with its own data: spread over the workers.
  test.describe.configure({ mode: 'parallel' });
  for (const group of ROUTE_GROUPS) {
    test(`axe: every route of the portal (${group}), 0 serious and 0 critical`, async ({ page }) => {
      test.setTimeout(180_000);
      const ids = await setUp(page);
      await signIn(page);
      const problems: string[] = [];
      for (const route of routes(ids).filter((r) => routeGroup(r) === group)) {
        await page.goto(route);
        await settled(page);
        for (const v of await seriousViolations(page)) problems.push(`${route}: ${v}`);
        // The tab names the page as its heading does, in the user's language (issue 8); a printed document's tab adds its
        // number (the file name "Save as PDF" offers).
        const heading = (await page.locator('main h1').first().innerText()).trim();
        const title = route.endsWith('/stampa') ? new RegExp(`^${escapeRegExp(heading)} \\S.* · WMS$`) : `${heading} · WMS`;
        await expect.soft(page, `${route}: the tab's title`).toHaveTitle(title);
      }
      expect(problems, problems.join('\n')).toEqual([]);
    });
  }
});

test.describe('accessibility of every dialog (issue 22)', () => {
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

  test('dialog states: a transfer’s ship, ship-and-receive, cancel and reverse confirmations: axe clean, focus in and back', async ({
    page,
  }) => {
    const ids = await setUp(page);
    const headers = bearer(await apiToken(page));
    const status = async (id: number) =>
      ((await (await page.request.get(`/api/transfers/${id}`, { headers })).json()) as { status: string }).status;
    await signIn(page);

    await page.goto(`/operazioni/trasferimenti/${ids.draftTransferId}`);
    await settled(page);
    await dialogState(page, 'transfer: confirm ship', page.getByTestId('ship'));
    await dialogState(page, 'transfer: confirm ship and receive', page.getByTestId('ship-receive'));
    await dialogState(page, 'transfer: confirm cancel', page.getByTestId('cancel-transfer'));

    await page.goto(`/operazioni/trasferimenti/${ids.shippedTransferId}`);
    await settled(page);
    await dialogState(page, 'transfer: confirm reverse', page.getByTestId('reverse-transfer'));

    // Escape answered no every time: nothing was shipped, cancelled or reversed.
    expect(await status(ids.draftTransferId)).toBe('draft');
    expect(await status(ids.shippedTransferId)).toBe('in_transit');
  });

  test('dialog states: a receipt’s expired-batch confirmation and its reversal, a product’s and a user’s delete: axe clean, focus in and back', async ({
    page,
  }) => {
    const ids = await setUp(page);
    const headers = bearer(await apiToken(page));
    const receipts = async () =>
      (
        (await (await page.request.get(`/api/goods-receipts/order-details/${ids.orderId}`, { headers })).json()) as {
          receipts: Array<{ reversed: boolean }>;
        }
      ).receipts;
    await signIn(page);

    // A batch that expired before today: Save asks first (the list of expired batches in the dialog).
    await page.goto(`/operazioni/ricezione-merce/${ids.orderId}`);
    await settled(page);
    await page.getByTestId('document-number').fill(`DDT-EXP-${ids.suffix}`);
    await page.getByTestId('document-date').fill(companyDayText());
    await page.getByTestId(`quantity-RESP-LOT-${ids.suffix}`).fill('10');
    await page.getByTestId(`warehouse-RESP-LOT-${ids.suffix}`).selectOption({ label: `Resp Magazzino Centrale ${ids.suffix}` });
    await page.getByTestId(`batches-RESP-LOT-${ids.suffix}`).click();
    await page.getByTestId('batch-number-0').fill(`L-OLD-${ids.suffix}`);
    await page.getByTestId('batch-production-0').fill('01/01/2025');
    await page.getByTestId('batch-expiry-0').fill('01/02/2025');
    await page.getByTestId('batch-save').click();
    await expect(page.getByTestId('batch-dialog')).toBeHidden();
    await dialogState(page, 'receipt: confirm expired batches', page.getByTestId('receive-save'), async (dialog) => {
      await expect(dialog.getByTestId('expired-batches')).toContainText(`L-OLD-${ids.suffix}`);
    });
    // The reversal of the receipt made in setUp, from the order's history.
    await dialogState(page, 'receipt: confirm reversal', page.getByTestId(`reverse-DDT-${ids.suffix}`));

    await page.goto(`/anagrafica/prodotti?q=${encodeURIComponent(`RESP-LOT-${ids.suffix}`)}`);
    await settled(page);
    await dialogState(page, 'product: confirm delete', page.getByRole('button', { name: `Elimina RESP-LOT-${ids.suffix}` }));

    await page.goto(`/users?q=${encodeURIComponent(`resp_${ids.suffix.toLowerCase()}`)}`);
    await settled(page);
    await dialogState(page, 'user: confirm delete', page.getByTestId(`delete-user-resp_${ids.suffix.toLowerCase()}`));

    // Escape answered no every time: nothing received, nothing reversed, nothing deleted.
    expect(await receipts()).toEqual([expect.objectContaining({ reversed: false })]);
    expect((await page.request.get(`/api/users/${ids.userId}`, { headers })).status()).toBe(200);
    expect((await page.request.get(`/api/products/${ids.productId}`, { headers })).status()).toBe(200);
  });

  test('dialog states: an inventory count’s apply and cancel confirmations: axe clean, focus in and back', async ({ page }) => {
    const ids = await setUp(page);
    const headers = bearer(await apiToken(page));
    await signIn(page);
    await page.goto(`/report/inventario/${ids.countId}/revisione`);
    await settled(page);
    await dialogState(page, 'inventory: confirm apply', page.getByTestId('review-apply'));
    await dialogState(page, 'inventory: confirm cancel', page.getByTestId('review-cancel'));
    // Neither applied nor cancelled.
    const count = await page.request.get(`/api/inventory-counts/${ids.countId}`, { headers });
    expect(((await count.json()) as { status: string }).status).toBe('open');
  });

  test('dialog states: the camera scan dialog, live (fake camera) and without a camera, on the count page and the transfer form', async ({
    page,
  }) => {
    const ids = await setUp(page);
    await signIn(page);
    // The camera is showing frames (the fake webcam's pattern) before axe looks.
    const live = async (dialog: Locator) => {
      await expect
        .poll(() => dialog.getByTestId('scan-camera-video').evaluate((v: HTMLVideoElement) => v.readyState >= 2 && !v.paused), {
          timeout: 15_000,
        })
        .toBe(true);
    };
    const unavailable = async (dialog: Locator) => {
      await expect(dialog.getByTestId('scan-camera-unavailable')).toBeVisible();
    };
    // After the dialog the scan box has the focus, not the camera button (the next scan goes there: ScanInput).
    const count = async (what: string, ready: (dialog: Locator) => Promise<void>) => {
      await page.goto(`/report/inventario/${ids.countId}`);
      await settled(page);
      await dialogState(page, `count page: ${what}`, page.getByTestId('scan-camera'), ready, page.getByTestId('scan-box'));
    };
    const transfer = async (what: string, ready: (dialog: Locator) => Promise<void>) => {
      await page.goto('/operazioni/trasferimenti/nuovo');
      await settled(page);
      await dialogState(
        page,
        `transfer form: ${what}`,
        page.getByTestId('transfer-scan-camera'),
        ready,
        page.getByTestId('transfer-scan-box'),
      );
    };
    await count('camera live', live);
    await transfer('camera live', live);

    // No camera, or its permission refused: the browser's answer to the request, for every page loaded from here on.
    await page.addInitScript(() => {
      if (navigator.mediaDevices) {
        navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
      }
    });
    await count('no camera', unavailable);
    await transfer('no camera', unavailable);
  });
});
