import AxeBuilder from '@axe-core/playwright';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { apiToken, bearer, companyDay, signIn } from './support';

// Issue 26 (company): edit the company's data and logo at /anagrafica/azienda (keyboard, refusals inline), then print a
// purchase order: its header shows the new name, address, VAT number and logo, and the supplier's address and VAT
// number — read back from the PDF Chromium prints (page.pdf + pdftotext).
const suffix = Date.now().toString(36).toUpperCase();
const COMPANY = `E2E Azienda ${suffix} S.r.l.`;
const SUPPLIER = `E2E Fornitore Stampa ${suffix}`;
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const artifacts = path.join(__dirname, '..', 'artifacts');

test('company data and logo, then the purchase order prints them (PDF read back)', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const headers = bearer(await apiToken(page));

  // 1. The form, by keyboard: the first field takes the cursor on Tab from the page, values typed, Enter saves.
  await signIn(page);
  await page.goto('/anagrafica/azienda');
  const form = page.getByRole('form', { name: 'Azienda' });
  await expect(form).toBeVisible();
  const name = form.getByLabel(/Ragione sociale/);
  await name.focus();
  await name.fill(COMPANY);
  await page.keyboard.press('Tab'); // → Partita IVA
  await page.keyboard.press('Control+A');
  await page.keyboard.type('   ');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('error-vat_number')).toHaveText('Campo obbligatorio');
  await expect(form.getByLabel(/Partita IVA/)).toBeFocused();
  await page.keyboard.type('02987654321');
  await form.getByLabel(/Indirizzo/).fill('Via della Stampa 7');
  await form.getByLabel(/Città/).fill('Brescia');
  await form.getByLabel(/Provincia/).fill('BS');
  await form.getByLabel(/CAP/).fill('25125');
  await form.getByLabel(/Telefono/).fill('030 1234567');
  await form.getByLabel(/Email/).fill('stampa@e2e.example');
  await form.getByLabel(/Prefisso numerazione DDT/).fill('DDT');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Dati aziendali salvati').last()).toBeVisible();
  expect((await (await page.request.get('/api/company', { headers })).json()).business_name).toBe(COMPANY);

  // 2. The logo: an SVG with a script is refused before anything is sent; a PNG is stored and previewed.
  const fileInput = page.getByTestId('company-logo-file');
  await fileInput.setInputFiles({
    name: 'evil.svg',
    mimeType: 'image/svg+xml',
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  });
  await expect(page.getByTestId('error-logo')).toContainText('SVG non ammesso');
  await fileInput.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('Logo aggiornato').last()).toBeVisible();
  await expect(page.getByTestId('company-logo-preview')).toBeVisible();
  const logo = await page.request.get('/api/company/logo', { headers });
  expect(logo.headers()['content-type']).toBe('image/png');
  expect(Buffer.from(await logo.body()).equals(PNG)).toBe(true);

  // 3. The page works at a portrait tablet's width and has no serious accessibility problem.
  await page.setViewportSize({ width: 768, height: 1024 });
  const width = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  expect(width[0]).toBeLessThanOrEqual(width[1]);
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  await page.setViewportSize({ width: 1366, height: 900 });

  // 4. An order to a supplier with an address, printed: the company's header and the supplier's address and VAT number.
  const supplier = await page.request.post('/api/suppliers', {
    headers,
    data: {
      business_name: SUPPLIER,
      vat_number: '01234567897',
      address: 'Via dei Fornitori 9',
      city: 'Bergamo',
      province: 'BG',
      zip_code: '24121',
      country: 'Italia',
      email: 'fornitore@e2e.example',
      phone: '035 1',
    },
  });
  expect(supplier.status()).toBe(201);
  const supplierId = (await supplier.json()).id as number;
  const product = await page.request.post('/api/products', {
    headers,
    data: {
      code: `E2E-CO-${suffix}`,
      description: 'Rondella e2e',
      category: 'Viteria',
      currency: 'EUR',
      unit_of_measure: 'piece',
      supplier_id: supplierId,
    },
  });
  expect(product.status()).toBe(201);
  const today = companyDay();
  const order = await page.request.post('/api/purchase-orders', {
    headers,
    data: {
      order_date: today,
      requested_arrival_date: today,
      supplier_id: supplierId,
      items: [{ product_id: (await product.json()).id, quantity: '12.5', unit_price: '2' }],
    },
  });
  expect(order.status()).toBe(201);
  const { id, order_number } = (await order.json()) as { id: number; order_number: string };

  await page.goto(`/operazioni/ordini-fornitori/${id}/stampa`);
  await expect(page.getByTestId('print-number')).toHaveText(order_number);
  await expect(page.getByTestId('company-name')).toHaveText(COMPANY);
  await expect(page.getByTestId('company-vat')).toContainText('P. IVA 02987654321');
  await expect(page.getByTestId('company-logo')).toBeVisible();
  await expect(page.getByTestId('company-header')).toHaveAttribute('data-state', 'ready');
  await expect(page.getByTestId('print-supplier-address')).toHaveText('Via dei Fornitori 9, 24121 Bergamo (BG), Italia');
  await expect(page.getByTestId('print-supplier-vat')).toHaveText('P. IVA 01234567897');

  // 5. The PDF: what the supplier receives.
  fs.mkdirSync(artifacts, { recursive: true });
  const pdf = path.join(artifacts, `company-order-${suffix}.pdf`);
  await page.emulateMedia({ media: 'print' });
  fs.writeFileSync(pdf, await page.pdf({ format: 'A4', printBackground: true }));
  const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
  expect(text).toContain(COMPANY);
  expect(text).toContain('Via della Stampa 7, 25125 Brescia (BS), Italia');
  expect(text).toContain('P. IVA 02987654321');
  expect(text).toContain(order_number);
  expect(text).toContain(SUPPLIER);
  expect(text).toContain('P. IVA 01234567897');
  expect(text).toContain('12,5'); // the quantity with the decimal comma
  expect(text).not.toContain('Rossi Forniture Industriali'); // the old hard-coded header is gone
  expect(errors).toEqual([]);
});
