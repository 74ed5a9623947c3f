import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { apiToken, bearer, signIn } from './support';

// Issue 26: a transfer in the browser against the real server and ledger: 10 kg of a batch in A; a transfer of 2,5 kg to B
// is drafted (FEFO batch offered with expiry and availability), shipped: the stock report shows 2,5 in transit; received at
// B; its transport note printed to PDF (page.pdf) and read back with pdftotext: company name, DDT number, batch, 2,5;
// the line's barcode read back with zbarimg off the page rasterised at 200 dpi.
const suffix = Date.now().toString(36).toUpperCase();
const CODE = `E2E-TR-${suffix}`;
const BATCH = `LTR-${suffix}`;
const A = `E2E Sede A ${suffix}`;
const B = `E2E Sede B ${suffix}`;
const COMPANY = 'Rossi Forniture Industriali S.r.l.';

/** axe: no serious or critical violation; and no sideways scroll at the tablet size the whole flow runs at. */
async function accessible(page: Page, where: string) {
  await page.waitForLoadState('networkidle');
  const result = await new AxeBuilder({ page }).analyze();
  const serious = result.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious').map((v) => `${where}: ${v.id}`);
  expect(serious).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth), where).toBe(true);
}

// Ship and receive are done on a tablet in the warehouse: the whole flow at 768×1024.
test.use({ viewport: { width: 768, height: 1024 } });

test('draft, ship (in transit on the stock report), receive at B and print the transport note', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const headers = bearer(await apiToken(page));

  // Set-up through the API: the company's data (the note's header), two sites with addresses, a batch product, 10 kg in A.
  const company = await page.request.put('/api/company', {
    headers,
    data: {
      business_name: COMPANY,
      vat_number: '02987654320',
      tax_code: null,
      address: 'Via dell’Industria 12',
      city: 'Brescia',
      province: 'BS',
      zip_code: '25125',
      country: 'Italia',
      phone: '030 3581200',
      email: 'amministrazione@rossi-forniture.example',
      ddt_prefix: 'DDT',
    },
  });
  expect(company.status()).toBe(200);
  const site = async (name: string, city: string) => {
    const res = await page.request.post('/api/warehouses', {
      headers,
      data: { name, description: null, is_active: true, address: 'Via Roma 1', city, province: 'BS', zip_code: '25100', country: 'Italia' },
    });
    expect(res.status()).toBe(201);
    return (await res.json()).id as number;
  };
  const idA = await site(A, 'Brescia');
  await site(B, 'Verona');
  const product = await page.request.post('/api/products', {
    headers,
    data: {
      code: CODE,
      description: 'Farina e2e',
      category: 'Alimentari',
      currency: 'EUR',
      unit_of_measure: 'kg',
      has_batch: true,
      has_expiry_date: true,
      has_production_date: false,
      status: 'active',
    },
  });
  expect(product.status()).toBe(201);
  const productId = (await product.json()).id as number;
  const load = await page.request.post('/api/stock-movements', {
    headers,
    data: {
      movement_type: 'C',
      movement_date: '01/11/2026',
      product_id: productId,
      warehouse_id: idA,
      batch_number: BATCH,
      expiry_date: '31/03/2027',
      quantity: '10',
    },
  });
  expect(load.status()).toBe(201);

  // The form: source, destination, the product, its batch offered FEFO with expiry and availability, 2,5 kg, transport data.
  await signIn(page);
  await page.goto('/operazioni/trasferimenti');
  await expect(page.getByRole('heading', { level: 1, name: 'Trasferimento merce' })).toBeVisible();
  await page.getByTestId('add-transfer').click();
  await expect(page).toHaveURL(/\/operazioni\/trasferimenti\/nuovo$/);
  await page.getByTestId('from-warehouse').selectOption({ label: A });
  await page.getByTestId('to-warehouse').selectOption({ label: B });
  await page.getByTestId('product-0').fill(CODE);
  await page.getByTestId(`product-option-${CODE}`).click();
  await expect(page.getByTestId('batch-0')).toHaveValue(BATCH);
  await expect(page.getByTestId('batch-0').locator('option', { hasText: BATCH })).toHaveText(
    `${BATCH} · scad. 31/03/2027 · disponibili 10 kg`,
  );
  await page.getByTestId('quantity-0').fill('2,5');
  await page.getByTestId('carrier').fill('Trasporti Bianchi');
  await page.getByTestId('packages').fill('3');
  await page.getByTestId('gross-weight').fill('27,5');
  await accessible(page, 'form');
  await page.getByTestId('save-transfer').click();
  await expect(page.getByTestId('transfer-detail')).toBeVisible();
  await expect(page.getByTestId('transfer-status')).toHaveText('Bozza');
  const number = ((await page.getByRole('heading', { level: 1 }).textContent()) ?? '').replace('Trasferimento ', '').trim();
  expect(number).toMatch(/^TR-\d{4}-\d{5,}$/);

  await accessible(page, 'draft');
  // Ship: the goods leave A into transit.
  await page.getByTestId('ship').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Spedisci' }).click();
  await expect(page.getByTestId('transfer-status')).toHaveText('In transito');

  // The stock report: 10 in total, of which 2,5 in transit; the in-transit filter lists it.
  await page.goto(`/report/giacenze?code=${encodeURIComponent(CODE)}`);
  await expect(page.getByTestId(`stock-quantity-${CODE}`)).toHaveText('10');
  await expect(page.getByTestId(`stock-in-transit-${CODE}`)).toHaveText('2,5');
  await page.getByTestId('filter-in-transit').check();
  await expect(page).toHaveURL(/in_transit=true/);
  await expect(page.getByTestId(`stock-quantity-${CODE}`)).toHaveText('2,5');

  // Receive at B, everything that was shipped.
  await page.goto('/operazioni/trasferimenti');
  await accessible(page, 'list');
  await page.getByRole('link', { name: number, exact: true }).click();
  await page.getByTestId('receive').click();
  await expect(page.getByTestId('arrived-0')).toHaveValue('2,5');
  await accessible(page, 'receive');
  await page.getByTestId('confirm-receive').click();
  await expect(page.getByTestId('transfer-status')).toHaveText('Ricevuto');
  const stock = await page.request.get(`/api/stock/product/${productId}`, { headers });
  const rows = (await stock.json()) as { warehouse_name: string; quantity: string; in_transit: boolean }[];
  expect(rows.map((r) => [r.warehouse_name, r.quantity, r.in_transit]).sort()).toEqual([
    [A, '7.500', false],
    [B, '2.500', false],
  ]);

  // The transport note, printed to PDF and read back.
  await page.getByTestId('print-transfer').click();
  await expect(page.getByTestId('company-header')).toHaveAttribute('data-state', 'ready');
  await expect(page.getByTestId('label-barcode')).toHaveCount(1);
  await accessible(page, 'note');
  const pdf = path.join(os.tmpdir(), `ddt-${suffix}.pdf`);
  await page.emulateMedia({ media: 'print' });
  await page.pdf({ path: pdf, format: 'A4', printBackground: true });
  const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
  // The line's GS1-128 scans off the printed page: the PDF rasterised at 200 dpi (a plain office scan) and read by zbar.
  const png = path.join(os.tmpdir(), `ddt-${suffix}`);
  execFileSync('pdftoppm', ['-r', '200', '-png', '-singlefile', pdf, png]);
  const scanned = execFileSync('zbarimg', ['--raw', '-q', `${png}.png`], { encoding: 'utf8' }).trim();
  fs.rmSync(pdf, { force: true });
  fs.rmSync(`${png}.png`, { force: true });
  expect(scanned).toContain(`10${BATCH}`);
  expect(scanned).toContain(`240${CODE}`);
  const ddt = number.replace(/^TR-/, 'DDT-');
  for (const expected of [
    COMPANY,
    ddt,
    'Trasferimento tra magazzini',
    BATCH,
    '2,5',
    '31/03/2027',
    A,
    B,
    'Trasporti Bianchi',
    'Firma vettore',
  ]) {
    expect(text, `the note says ${expected}`).toContain(expected);
  }
  expect(errors).toEqual([]);
});
