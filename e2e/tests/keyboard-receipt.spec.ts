import { expect, test, type Page } from '@playwright/test';
import { apiPost, apiToken, bearer, exactDecimal, partyFields, signIn } from './support';

// Issue 22: a goods receipt of two lines, one with two batches, by keyboard alone — no more than 25 Tab presses in all; the
// batch dialog takes the focus when it opens and gives it back to the button that opened it when it closes.
const suffix = Date.now().toString(36).toUpperCase();
const BATCHED = `E2E-KB-L-${suffix}`;
const PLAIN = `E2E-KB-P-${suffix}`;
const WAREHOUSE = `E2E Tastiera ${suffix}`;
const MAX_TABS = 25;

/** Sets up a warehouse, a supplier, a product with batches and expiry, a plain one and an order of both; returns the order id. */
async function makeOrder(page: Page): Promise<{ orderId: number; batchedId: number; plainId: number; headers: Record<string, string> }> {
  const headers = bearer(await apiToken(page));
  const post = apiPost(page, headers);
  await post('/api/warehouses', { name: WAREHOUSE, description: null, is_active: true });
  const supplier = await post('/api/suppliers', partyFields(`Fornitore tastiera ${suffix}`));
  const product = (code: string, batched: boolean) =>
    post('/api/products', {
      code,
      description: batched ? 'Farina tipo 00 sacco' : 'Viti M6 scatola',
      category: 'Alimentari',
      currency: 'EUR',
      unit_of_measure: batched ? 'kg' : 'piece',
      supplier_id: supplier.id,
      has_batch: batched,
      has_expiry_date: batched,
    });
  const batched = await product(BATCHED, true);
  const plain = await product(PLAIN, false);
  const order = await post('/api/purchase-orders', {
    order_date: '2026-03-01',
    requested_arrival_date: '2026-03-10',
    supplier_id: supplier.id,
    items: [
      { product_id: batched.id, quantity: 10, unit_price: '2.5' },
      { product_id: plain.id, quantity: 5, unit_price: '0.1' },
    ],
  });
  return { orderId: order.id, batchedId: batched.id, plainId: plain.id, headers };
}

test('a two-line receipt, one line in two batches, by keyboard alone in at most 25 Tab presses', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const { orderId, batchedId, plainId, headers } = await makeOrder(page);
  await signIn(page);
  // A portrait tablet, the dock's device.
  await page.setViewportSize({ width: 768, height: 1024 });

  let tabs = 0;
  const steps: string[] = [];
  /** Presses Tab until the control `testId` has the focus (at most 6 presses for one move), counting them. */
  const tabTo = async (testId: string) => {
    const target = page.getByTestId(testId);
    for (let n = 0; n < 6; n++) {
      if (await target.evaluate((el) => el === document.activeElement)) {
        steps.push(`${testId} ${n}`);
        return;
      }
      await page.keyboard.press('Tab');
      tabs += 1;
    }
    await expect(target, `Tab never reached ${testId} (${steps.join(', ')})`).toBeFocused();
  };
  const type = (text: string) => page.keyboard.type(text);

  await page.goto(`/operazioni/ricezione-merce/${orderId}`);
  // The receipt starts with its delivery note: the DDT number has the focus.
  await expect(page.getByTestId('document-number')).toBeFocused();
  await type(`DDT-KB-${suffix}`);
  await tabTo('document-date');
  await type('12/03/2026');

  await tabTo(`quantity-${BATCHED}`);
  await type('10');
  await tabTo(`warehouse-${BATCHED}`);
  await type(WAREHOUSE); // a select's type-ahead
  await expect(page.getByTestId(`warehouse-${BATCHED}`).locator('option:checked')).toHaveText(WAREHOUSE);
  await tabTo(`batches-${BATCHED}`);
  await page.keyboard.press('Enter');

  // The dialog takes the focus (its scan box), so Tab moves through its fields, not the page behind it.
  const dialog = page.getByTestId('batch-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('batch-scan-box')).toBeFocused();
  await expect(dialog.locator('.field-error')).toHaveCount(0);
  const box = await dialog.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 768, `the dialog fits the tablet's width: ${JSON.stringify(box)}`).toBe(true);
  await tabTo('batch-number-0');
  await type('LA');
  await tabTo('batch-quantity-0');
  await type('6'); // the field selects what it holds (the line's 10) on focus
  await tabTo('batch-expiry-0');
  await type('31/12/2027');
  await tabTo('batch-add');
  await page.keyboard.press('Enter');
  // The new row takes the focus.
  await expect(page.getByTestId('batch-number-1')).toBeFocused();
  await type('LB');
  await tabTo('batch-quantity-1');
  await type('4');
  await tabTo('batch-expiry-1');
  await type('31/01/2028');
  await page.screenshot({ path: 'artifacts/keyboard-receipt-dialog.png' });
  await page.keyboard.press('Enter'); // Enter confirms the batches
  await expect(dialog).toHaveCount(0);
  // The focus is back on the button that opened the dialog.
  await expect(page.getByTestId(`batches-${BATCHED}`)).toBeFocused();
  await expect(page.getByTestId(`batches-${BATCHED}`)).toContainText('2');

  await tabTo(`quantity-${PLAIN}`);
  await type('5');
  await tabTo(`warehouse-${PLAIN}`);
  await type(WAREHOUSE);
  await tabTo('receive-save');
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/operazioni\/ricezione-merce$/);
  await expect(page.getByTestId('saved-notice')).toContainText(`DDT-KB-${suffix}`);
  console.log(`keyboard receipt: ${tabs} Tab presses (${steps.join(', ')})`);
  expect(tabs).toBeLessThanOrEqual(MAX_TABS);

  // What was received, as typed.
  const stock = async (productId: number) =>
    (
      (await (await page.request.get(`/api/stock/product/${productId}`, { headers })).json()) as Array<{
        batch_number: string | null;
        quantity: string;
      }>
    )
      .map((r) => [r.batch_number ?? '', exactDecimal(r.quantity)])
      .sort();
  expect(await stock(batchedId)).toEqual([
    ['LA', '6'],
    ['LB', '4'],
  ]);
  expect(await stock(plainId)).toEqual([['', '5']]);
  expect(errors).toEqual([]);
});
