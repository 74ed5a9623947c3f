import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { apiPost, apiToken, bearer, exactDecimal, partyFields, signIn } from './support';

// Issue 10: receive part of an order with two batches, check the stock, receive the rest, open the history, print labels,
// and read the label's GS1-128 barcode back from a screenshot with zbarimg (Debian zbar-tools).
const suffix = Date.now().toString(36).toUpperCase();
const CODE = `E2E-GR-${suffix}`;
const WAREHOUSE = `E2E Banchina ${suffix}`;

async function fillBatch(page: Page, j: number, batch: string, quantity: string, expiry: string) {
  await page.getByTestId(`batch-number-${j}`).fill(batch);
  await page.getByTestId(`batch-quantity-${j}`).fill(quantity);
  await page.getByTestId(`batch-expiry-${j}`).fill(expiry);
  await page.getByTestId(`batch-expiry-${j}`).blur();
}

async function receive(page: Page, ddt: string, quantity: string, batches: Array<[string, string, string]>) {
  await page.getByTestId('document-number').fill(ddt);
  await page.getByTestId('document-date').fill('12/03/2026');
  await page.getByTestId('document-date').blur();
  await page.getByTestId(`quantity-${CODE}`).fill(quantity);
  await page.getByTestId(`warehouse-${CODE}`).selectOption({ label: WAREHOUSE });
  await page.getByTestId(`batches-${CODE}`).click();
  const dialog = page.getByTestId('batch-dialog');
  await expect(dialog).toBeVisible();
  for (const [j, [batch, q, expiry]] of batches.entries()) {
    if (j > 0) await dialog.getByTestId('batch-add').click();
    await fillBatch(page, j, batch, q, expiry);
  }
  await expect(dialog.getByTestId('batch-save')).toBeEnabled();
  await dialog.getByTestId('batch-save').click();
  await page.getByTestId('receive-save').click();
  await expect(page).toHaveURL(/\/operazioni\/ricezione-merce$/);
  await expect(page.getByTestId('saved-notice')).toContainText(ddt);
}

test.describe('goods receipt', () => {
  test('two batches, stock, the rest, history, labels with a GS1-128 barcode that scans back', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const headers = bearer(await apiToken(page));
    const wh = await page.request.post('/api/warehouses', { headers, data: { name: WAREHOUSE, description: null, is_active: true } });
    expect(wh.status()).toBe(201);
    const supplier = await page.request.post('/api/suppliers', {
      headers,
      data: {
        business_name: `Fornitore ${suffix}`,
        vat_number: '01234567897',
        address: 'Via Po 1',
        city: 'Torino',
        province: 'TO',
        zip_code: '10100',
        country: 'Italia',
        email: 'f@example.com',
        phone: '011 1',
      },
    });
    expect(supplier.status()).toBe(201);
    const supplierId = (await supplier.json()).id as number;
    const product = await page.request.post('/api/products', {
      headers,
      data: {
        code: CODE,
        description: 'Farina tipo 00 sacco',
        category: 'Alimentari',
        currency: 'EUR',
        unit_of_measure: 'kg',
        supplier_id: supplierId,
        has_batch: true,
        has_expiry_date: true,
      },
    });
    expect(product.status()).toBe(201);
    const productId = (await product.json()).id as number;
    const order = await page.request.post('/api/purchase-orders', {
      headers,
      data: {
        order_date: '2026-03-01',
        requested_arrival_date: '2026-03-10',
        supplier_id: supplierId,
        items: [{ product_id: productId, quantity: 10, unit_price: '2.5' }],
      },
    });
    expect(order.status()).toBe(201);
    const { id: orderId, order_number: orderNumber } = (await order.json()) as { id: number; order_number: string };

    await signIn(page);
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto('/operazioni/ricezione-merce');
    await page.getByRole('row', { name: new RegExp(orderNumber) }).click();
    await expect(page).toHaveURL(new RegExp(`/operazioni/ricezione-merce/${orderId}$`));
    await expect(page.getByTestId('order-status')).toContainText('Non Arrivato');

    // Part of the order, in two batches.
    await receive(page, `DDT-A-${suffix}`, '6', [
      ['LA', '4', '31/12/2027'],
      ['LB', '2', '31/01/2028'],
    ]);
    const stock = await page.request.get(`/api/stock/product/${productId}`, { headers });
    // Quantities are exact decimal strings ('4.000'), compared digit by digit.
    const rows = ((await stock.json()) as Array<{ batch_number: string; quantity: string; expiry_date: string }>).map((r) => [
      r.batch_number,
      exactDecimal(r.quantity),
      r.expiry_date,
    ]);
    expect(rows.sort()).toEqual([
      ['LA', '4', '2027-12-31'],
      ['LB', '2', '2028-01-31'],
    ]);

    // Labels of that receipt: one per batch, two per sheet; the barcode scans back to batch and expiry.
    await page.getByTestId('print-labels').click();
    await expect(page.getByTestId('label')).toHaveCount(2);
    const barcode = page.getByTestId('label-barcode').first();
    await expect(barcode.locator('svg')).toBeVisible();
    // Each label's content, its barcode last, stays inside its half page (a cut sheet never cuts a barcode).
    for (const label of await page.getByTestId('label').all()) {
      const [box, bars] = [await label.boundingBox(), await label.getByTestId('label-barcode').boundingBox()];
      expect(bars!.y + bars!.height).toBeLessThanOrEqual(box!.y + box!.height);
      expect(await label.evaluate((el) => el.scrollHeight <= el.clientHeight)).toBe(true);
    }
    const shot = path.join(__dirname, '..', 'artifacts', `gr-barcode-${suffix}.png`);
    await barcode.screenshot({ path: shot });
    await page.screenshot({ path: path.join(__dirname, '..', 'artifacts', 'goods-receipt-labels.png'), fullPage: false });
    const scanned = execFileSync('zbarimg', ['--raw', '-q', shot]).toString().trim();
    expect(scanned).toContain('17271231');
    expect(scanned).toContain('10LA');
    expect(scanned).toContain(`240${CODE}`);

    // The rest.
    await page.goto(`/operazioni/ricezione-merce/${orderId}`);
    await expect(page.getByTestId('order-status')).toContainText('Arrivato Parzialmente');
    await page.screenshot({ path: path.join(__dirname, '..', 'artifacts', 'goods-receipt-detail.png') });
    await receive(page, `DDT-B-${suffix}`, '4', [['LC', '4', '30/06/2028']]);
    await expect(page.getByRole('row', { name: new RegExp(orderNumber) })).toHaveCount(0);
    await page.getByTestId('show-all').check();
    await expect(page.getByRole('row', { name: new RegExp(orderNumber) })).toContainText('Arrivato Completamente');

    // The item's history.
    await page.getByRole('row', { name: new RegExp(orderNumber) }).click();
    await expect(page.getByTestId(`item-row-${CODE}`)).toContainText('Completato');
    // Nothing left to receive: read-only, with what was received and the labels (issue 22: no empty DDT form, no Save).
    await expect(page.getByTestId('receipt-done')).toBeVisible();
    await expect(page.getByTestId('receive-save')).toHaveCount(0);
    await expect(page.getByTestId(`quantity-${CODE}`)).toHaveCount(0);
    await expect(page.getByTestId(`receipt-DDT-A-${suffix}`)).toContainText('(LA, LB)');
    await expect(page.getByTestId(`labels-DDT-B-${suffix}`)).toBeVisible();
    await page.getByTestId(`item-row-${CODE}`).getByRole('link', { name: CODE }).click();
    await expect(page).toHaveURL(/\/operazioni\/ricezione-merce\/storico\/\d+$/);
    await expect(page.getByTestId('history-count')).toHaveText('2');
    await expect(page.getByTestId('history-table')).toContainText(`DDT-A-${suffix}`);
    await expect(page.getByTestId('history-table')).toContainText('LC');
    expect(errors).toEqual([]);
  });

  test('a batch expired before today asks first: Cancel keeps the form; confirmed, it is received and logged', async ({ page }) => {
    const headers = bearer(await apiToken(page));
    const post = apiPost(page, headers);
    const code = `E2E-GR-EXP-${suffix}`;
    const warehouse = `E2E Scaduti ${suffix}`;
    await post('/api/warehouses', { name: warehouse, description: null, is_active: true });
    const supplier = await post('/api/suppliers', partyFields(`Fornitore scaduti ${suffix}`));
    const product = await post('/api/products', {
      code,
      description: 'Yogurt scaduto',
      category: 'Alimentari',
      currency: 'EUR',
      unit_of_measure: 'kg',
      supplier_id: supplier.id,
      has_batch: true,
      has_expiry_date: true,
    });
    const order = await post('/api/purchase-orders', {
      order_date: '2026-03-01',
      requested_arrival_date: '2026-03-10',
      supplier_id: supplier.id,
      items: [{ product_id: product.id, quantity: 3, unit_price: '1' }],
    });

    await signIn(page);
    await page.goto(`/operazioni/ricezione-merce/${order.id}`);
    await page.getByTestId('document-number').fill(`DDT-EXP-${suffix}`);
    await page.getByTestId('document-date').fill('12/03/2026');
    await page.getByTestId(`quantity-${code}`).fill('3');
    await page.getByTestId(`warehouse-${code}`).selectOption({ label: warehouse });
    await page.getByTestId(`batches-${code}`).click();
    await fillBatch(page, 0, 'LX', '3', '31/01/2020');
    await page.getByTestId('batch-save').click();

    await page.getByTestId('receive-save').click();
    const ask = page.getByTestId('confirm-dialog');
    await expect(ask).toContainText('lotto LX di');
    await expect(ask).toContainText('scaduto il 31/01/2020');
    await ask.getByTestId('confirm-cancel').click();
    await expect(ask).toHaveCount(0);
    await expect(page.getByTestId('document-number')).toHaveValue(`DDT-EXP-${suffix}`);

    await page.getByTestId('receive-save').click();
    await ask.getByTestId('confirm-ok').click();
    await expect(page).toHaveURL(/\/operazioni\/ricezione-merce$/);
    await expect(page.getByTestId('saved-notice')).toContainText(`DDT-EXP-${suffix}`);

    const me = (await (await page.request.get('/api/auth/me', { headers })).json()) as { id: number };
    const log = (await (await page.request.get(`/api/users/${me.id}/activities?limit=20`, { headers })).json()) as Array<{
      entity_type: string;
      details: string | null;
    }>;
    const receipt = log.find((a) => a.entity_type === 'goods_receipt' && a.details?.includes(`DDT-EXP-${suffix}`));
    expect(JSON.parse(receipt?.details ?? '{}').expired_batches_confirmed).toEqual([
      { code, batch_number: 'LX', expiry_date: '2020-01-31' },
    ]);
  });
});
