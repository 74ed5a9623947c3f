import path from 'node:path';
import { expect, test } from '@playwright/test';
import config from '../playwright.config';
import { writeBarcodeY4m } from './barcode-video';
import { apiToken, bearer, exactDecimal, signIn } from './support';

// Issue 27: scan instead of type. A keyboard-wedge scanner is a keyboard: it types the label's raw GS1 string — AIs and
// values, ASCII 29 (GS) after a variable-length field — as fast keystrokes and ends with Enter. Here Chromium receives
// exactly that (pressSequentially, 2 ms apart) in the goods-receipt batch dialog, on the receipt page and in the sale form; what was saved is
// read back from the API. An unknown code shows the message and changes nothing.
const suffix = Date.now().toString(36).toUpperCase();
const CODE = `E2E-SCAN-${suffix}`;
const WAREHOUSE = `E2E Scansione ${suffix}`;
const CUSTOMER = `E2E Cliente scan ${suffix}`;
const BATCH = `L-${suffix}`;
const GS = '\u001d';

/** A valid EAN-13 for this run (GS1 check digit: weights 3,1 from the right). */
function ean13(): string {
  const body = `20${String(Date.now()).slice(-10)}`;
  const sum = [...body].reverse().reduce((s, d, i) => s + Number(d) * (i % 2 === 0 ? 3 : 1), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}
const GTIN = ean13();
const CAMERA_GTIN = ean13().replace(/^20/, '21').slice(0, 12);
const CAMERA = { code: `E2E-CAM-${suffix}`, gtin: `${CAMERA_GTIN}${checkDigit(CAMERA_GTIN)}`, batch: `C-${suffix}` };
function checkDigit(body: string): number {
  const sum = [...body].reverse().reduce((s, d, i) => s + Number(d) * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10;
}
// The camera: Chromium plays this video as its webcam — the GS1-128 of (01) GTIN-14, (10) batch, FNC1, (17) expiry.
const VIDEO = path.join(__dirname, '..', 'artifacts', 'scan-camera.y4m');
writeBarcodeY4m(VIDEO, `(01)0${CAMERA.gtin}(10)${CAMERA.batch}(17)270331`);

// Chromium's webcam plays the video above for this file (launch options are per worker: they must be top-level).
const base = config.use?.launchOptions ?? {};
test.use({
  launchOptions: {
    ...base,
    args: [
      ...(base.args ?? []),
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${VIDEO}`,
    ],
  },
});

test.describe('scanning', () => {
  test('a wedge scan of the label fills the batch dialog and the sale form; an unknown code changes nothing', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const headers = bearer(await apiToken(page));
    const wh = await page.request.post('/api/warehouses', { headers, data: { name: WAREHOUSE, description: null, is_active: true } });
    expect(wh.status()).toBe(201);
    const warehouseId = (await wh.json()).id as number;
    const party = {
      vat_number: '01234567897',
      address: 'Via Po 1',
      city: 'Torino',
      province: 'TO',
      zip_code: '10100',
      country: 'Italia',
      email: 'scan@example.com',
      phone: '011 1',
    };
    const supplier = await page.request.post('/api/suppliers', { headers, data: { business_name: `Fornitore scan ${suffix}`, ...party } });
    expect(supplier.status()).toBe(201);
    const supplierId = (await supplier.json()).id as number;
    const customer = await page.request.post('/api/customers', { headers, data: { business_name: CUSTOMER, ...party } });
    expect(customer.status()).toBe(201);
    const product = await page.request.post('/api/products', {
      headers,
      data: {
        code: CODE,
        description: 'Farina da scansione',
        category: 'Alimentari',
        currency: 'EUR',
        unit_of_measure: 'kg',
        supplier_id: supplierId,
        barcode: GTIN,
        has_batch: true,
        has_expiry_date: true,
      },
    });
    expect(product.status()).toBe(201);
    const productId = (await product.json()).id as number;
    /** An order of 10 kg of the product: two, one received through the batch dialog, one through the page's scan box. */
    const orderOf = async (day: string) => {
      const order = await page.request.post('/api/purchase-orders', {
        headers,
        data: {
          order_date: `2026-03-${day}`,
          requested_arrival_date: '2026-03-12',
          supplier_id: supplierId,
          items: [{ product_id: productId, quantity: 10, unit_price: '2.5' }],
        },
      });
      expect(order.status()).toBe(201);
      return (await order.json()).id as number;
    };
    const orderId = await orderOf('01');
    const secondId = await orderOf('02');

    await signIn(page);

    // 1. Goods receipt: the batch dialog takes the focus on its scan box; the label's raw GS1-128 — (17) expiry,
    //    (3100) 10 kg, (10) batch, GS, (240) our product code — typed as a wedge does, then Enter.
    await page.goto(`/operazioni/ricezione-merce/${orderId}`);
    await page.getByTestId('document-number').fill(`DDT-SCAN-${suffix}`);
    await page.getByTestId('document-date').fill('12/03/2026');
    await page.getByTestId('document-date').blur();
    await page.getByTestId(`quantity-${CODE}`).fill('10');
    await page.getByTestId(`warehouse-${CODE}`).selectOption({ label: WAREHOUSE });
    await page.getByTestId(`batches-${CODE}`).click();
    const dialog = page.getByTestId('batch-dialog');
    const dialogBox = dialog.getByTestId('batch-scan-box');
    await expect(dialogBox).toBeFocused();
    await dialogBox.pressSequentially(`17270331310000001010${BATCH}${GS}240${CODE}\n`, { delay: 2 });
    await expect(dialog.getByTestId('batch-scan-status')).toContainText(`Letto: ${CODE}`);
    await expect(dialog.getByTestId('batch-number-0')).toHaveValue(BATCH);
    await expect(dialog.getByTestId('batch-quantity-0')).toHaveValue('10');
    await expect(dialog.getByTestId('batch-expiry-0')).toHaveValue('31/03/2027');
    await dialog.getByTestId('batch-save').click();
    await page.getByTestId('receive-save').click();
    await expect(page).toHaveURL(/\/operazioni\/ricezione-merce$/);
    const stock = (await (await page.request.get(`/api/stock/product/${productId}`, { headers })).json()) as Array<{
      batch_number: string;
      quantity: string;
      expiry_date: string;
      warehouse_id: number;
    }>;
    expect(stock.map((r) => [r.warehouse_id, r.batch_number, exactDecimal(r.quantity), r.expiry_date])).toEqual([
      [warehouseId, BATCH, '10', '2027-03-31'],
    ]);

    // 1b. The second order at the dock: the page's scan box takes each carton's label — 4 kg, then 6 kg of the same
    //     batch — and fills the line: 10 kg in one batch row, nothing typed but the delivery note and the warehouse. A
    //     third carton is one too many.
    await page.goto(`/operazioni/ricezione-merce/${secondId}`);
    await page.getByTestId('document-number').fill(`DDT-SCAN2-${suffix}`);
    await page.getByTestId('document-date').fill('13/03/2026');
    await page.getByTestId(`warehouse-${CODE}`).selectOption({ label: WAREHOUSE });
    const pageBox = page.getByTestId('receipt-scan-box');
    for (const kg of ['4', '6']) {
      await pageBox.pressSequentially(`17270331310000000${kg}10${BATCH}${GS}240${CODE}\n`, { delay: 2 });
      await expect(page.getByTestId('receipt-scan-status')).toContainText(`Letto: ${CODE}`);
    }
    await expect(page.getByTestId(`quantity-${CODE}`)).toHaveValue('10');
    await expect(page.getByTestId(`batches-${CODE}`)).toContainText('1');
    // A third carton is more than the order still takes: refused at the scan (set aside), the line as it was.
    await pageBox.pressSequentially(`17270331310000000610${BATCH}${GS}240${CODE}\n`, { delay: 2 });
    await expect(page.getByTestId('receipt-scan-status')).toContainText(`Quest'ordine non può ricevere questo collo del prodotto ${CODE}`);
    await expect(page.getByTestId(`quantity-${CODE}`)).toHaveValue('10');
    await page.getByTestId('receive-save').click();
    await expect(page).toHaveURL(/\/operazioni\/ricezione-merce$/);
    const after = (await (await page.request.get(`/api/stock/product/${productId}`, { headers })).json()) as typeof stock;
    expect(after.map((r) => [r.batch_number, exactDecimal(r.quantity)])).toEqual([[BATCH, '20']]);

    // 2. Sale: an unknown code says so and leaves the empty form empty.
    await page.goto('/operazioni/vendite/nuova');
    await page.getByTestId('sale-customer').fill(CUSTOMER);
    await page.getByRole('option', { name: CUSTOMER }).click();
    const saleBox = page.getByTestId('sale-scan-box');
    await saleBox.pressSequentially(`NOPE-${suffix}\n`, { delay: 2 });
    await expect(page.getByTestId('sale-scan-status')).toHaveText(`Codice non riconosciuto: NOPE-${suffix}`);
    await expect(page.getByTestId('sale-product')).toHaveValue('');
    await expect(page.getByTestId('sale-batch')).toHaveCount(0);

    // 3. The product's GS1 (01) GTIN-14, the batch, GS, the expiry: product and batch are filled from the scan.
    await saleBox.pressSequentially(`010${GTIN}10${BATCH}${GS}17270331\n`, { delay: 2 });
    await expect(page.getByTestId('sale-scan-status')).toContainText(`Letto: ${CODE}`);
    await expect(page.getByTestId('sale-product')).toHaveValue(new RegExp(`^${CODE}`));
    await expect(page.getByTestId('sale-batch')).toHaveValue(`${warehouseId}|${BATCH}`);

    // An unknown code now: the message, and the form keeps its product and batch.
    await saleBox.pressSequentially(`(01)${'0'.repeat(13)}0\n`, { delay: 2 });
    await expect(page.getByTestId('sale-scan-status')).toContainText('Codice non riconosciuto');
    await expect(page.getByTestId('sale-product')).toHaveValue(new RegExp(`^${CODE}`));
    await expect(page.getByTestId('sale-batch')).toHaveValue(`${warehouseId}|${BATCH}`);

    await page.getByTestId('sale-quantity').fill('2,5');
    await page.getByTestId('sale-save').click();
    await expect(page).toHaveURL(/\/operazioni\/vendite$/);
    const sales = (await (await page.request.get(`/api/sales?q=${encodeURIComponent(CODE)}`, { headers })).json()) as Array<{
      product_id: number;
      batch_number: string;
      expiry_date: string;
      quantity: string;
    }>;
    expect(sales.map((s) => [s.product_id, s.batch_number, s.expiry_date, exactDecimal(s.quantity)])).toEqual([
      [productId, BATCH, '2027-03-31', '2.5'],
    ]);
    expect(errors).toEqual([]);
  });
});

test.describe('scanning with the camera', () => {
  test('the camera button decodes a GS1-128 from the (fake) camera into the sale form', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const headers = bearer(await apiToken(page));
    const wh = await page.request.post('/api/warehouses', {
      headers,
      data: { name: `${WAREHOUSE} cam`, description: null, is_active: true },
    });
    const warehouseId = (await wh.json()).id as number;
    const product = await page.request.post('/api/products', {
      headers,
      data: {
        code: CAMERA.code,
        description: 'Articolo da fotocamera',
        category: 'Alimentari',
        currency: 'EUR',
        unit_of_measure: 'piece',
        barcode: CAMERA.gtin,
        has_batch: true,
        has_expiry_date: true,
      },
    });
    expect(product.status()).toBe(201);
    const productId = (await product.json()).id as number;
    for (const [batch, expiry] of [
      [`A-${suffix}`, '2027-01-31'],
      [CAMERA.batch, '2027-03-31'],
    ]) {
      const load = await page.request.post('/api/stock-movements', {
        headers,
        data: {
          movement_type: 'C',
          movement_date: '01/03/2026',
          product_id: productId,
          warehouse_id: warehouseId,
          batch_number: batch,
          expiry_date: expiry,
          quantity: 5,
        },
      });
      expect(load.status()).toBe(201);
    }
    await signIn(page);
    await page.goto('/operazioni/vendite/nuova');
    await page.getByTestId('sale-scan-camera').click();
    await expect(page.getByTestId('scan-camera')).toBeVisible();
    // Decoded from the video: the dialog closes, the focus is back in the scan box, product and batch are filled — the
    // scanned batch, not the FEFO one (A-… expires first).
    await expect(page.getByTestId('sale-scan-status')).toContainText(`Letto: ${CAMERA.code}`, { timeout: 20_000 });
    await expect(page.getByTestId('scan-camera')).toHaveCount(0);
    await expect(page.getByTestId('sale-scan-box')).toBeFocused();
    await expect(page.getByTestId('sale-batch')).toHaveValue(`${warehouseId}|${CAMERA.batch}`);
    expect(errors).toEqual([]);
  });
});
