import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { apiToken, bearer, companyDay, signIn, switchLanguage } from './support';

// Issue 14: stock levels and valuation in the browser against the real server: filter, expand to batches with expiry
// markers, print preview with and without batches, CSV download opened and checked, valuation at a past date with totals
// per currency (a movement dated after it does not count), French once.
const suffix = Date.now().toString(36).toUpperCase();
const CODE_BATCH = `E2E-REP-B-${suffix}`;
const CODE_PLAIN = `E2E-REP-P-${suffix}`;
const WH_A = `E2E Report A ${suffix}`;
const WH_B = `E2E Report B ${suffix}`;

/** 'yyyy-MM-dd' of the company's today plus `days` (Europe/Rome): support's companyDay. */
const day = companyDay;
const dmy = (iso: string) => iso.split('-').reverse().join('/');
const plain = (s: string | null) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ');

function vat(first10: string): string {
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    const d = Number(first10[i]);
    sum += i % 2 === 0 ? d : d * 2 > 9 ? d * 2 - 9 : d * 2;
  }
  return first10 + ((10 - (sum % 10)) % 10);
}

async function setUp(page: Page) {
  const headers = bearer(await apiToken(page));
  const post = async (url: string, data: unknown) => {
    const res = await page.request.post(url, { headers, data });
    expect(res.status(), `${url} ${await res.text()}`).toBe(201);
    return (await res.json()) as { id: number };
  };
  const a = await post('/api/warehouses', { name: WH_A, description: null, is_active: true });
  const b = await post('/api/warehouses', { name: WH_B, description: null, is_active: true });
  const supplier = await post('/api/suppliers', {
    business_name: `E2E Fornitore ${suffix}`,
    vat_number: vat(String(Date.now()).slice(-10)),
    address: 'Via Roma 1',
    city: 'Milano',
    province: 'MI',
    zip_code: '20100',
    country: 'Italia',
    email: 'e2e@example.com',
    phone: '02 1234567',
  });
  const product = (code: string, currency: string, batch: boolean) =>
    post('/api/products', {
      code,
      description: `Prodotto report ${code}`,
      category: 'E2E Report',
      currency,
      unit_of_measure: 'piece',
      supplier_id: supplier.id,
      has_batch: batch,
      has_expiry_date: batch,
      has_production_date: false,
      status: 'active',
    });
  const pb = await product(CODE_BATCH, 'EUR', true);
  const pp = await product(CODE_PLAIN, 'USD', false);
  await post('/api/prices', { supplier_id: supplier.id, product_id: pb.id, price: '2.5', currency: 'EUR', start_date: day(-400) });
  await post('/api/prices', { supplier_id: supplier.id, product_id: pp.id, price: '1.12345', currency: 'USD', start_date: day(-400) });
  const move = (m: Record<string, unknown>) => post('/api/stock-movements', m);
  // Batch product: an expired batch in A, one expiring in 10 days in A and B; plain product in B.
  await move({
    movement_type: 'C',
    product_id: pb.id,
    warehouse_id: a.id,
    batch_number: 'L-OLD',
    expiry_date: day(-2),
    quantity: 4,
    movement_date: dmy(day(-60)),
  });
  await move({
    movement_type: 'C',
    product_id: pb.id,
    warehouse_id: a.id,
    batch_number: 'L-SOON',
    expiry_date: day(10),
    quantity: 10,
    movement_date: dmy(day(-60)),
  });
  await move({
    movement_type: 'T',
    product_id: pb.id,
    warehouse_id: a.id,
    destination_warehouse_id: b.id,
    batch_number: 'L-SOON',
    quantity: 3,
    movement_date: dmy(day(-50)),
  });
  await move({ movement_type: 'C', product_id: pp.id, warehouse_id: b.id, quantity: 2, movement_date: dmy(day(-40)) });
  // Dated after the valuation's end date: never counted there.
  await move({ movement_type: 'C', product_id: pp.id, warehouse_id: b.id, quantity: 100, movement_date: dmy(day(-1)) });
}

test.describe('reports', () => {
  test.beforeAll(async ({ browser }) => {
    const page = await browser.newPage();
    await setUp(page);
    await page.close();
  });

  test('stock levels: filter, expand to batches with markers, print with/without batches, CSV', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page);
    await page.goto('/report');
    await page.getByTestId('card-stockLevels').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Giacenze' })).toBeVisible();

    // A scan (a code + Enter, as a wedge scanner sends it) finds the product's stock: the code filter takes its code and
    // its row opens on its warehouses; its button closes it.
    await page.getByTestId('stock-scan-box').fill(CODE_BATCH.toLowerCase());
    await page.getByTestId('stock-scan-box').press('Enter');
    await expect(page.getByTestId('filter-code')).toHaveValue(CODE_BATCH);
    await expect(page.locator('[data-testid^="stock-row-"]')).toHaveCount(1);
    await expect(page.getByTestId(`warehouse-row-${WH_A}`)).toBeVisible();
    await page.getByTestId(`expand-${CODE_BATCH}`).click();
    await expect(page.getByTestId(`warehouse-row-${WH_A}`)).toHaveCount(0);
    await page.getByTestId('filter-code').fill(`E2E-REP-B-${suffix}`);
    await expect(page.locator('[data-testid^="stock-row-"]')).toHaveCount(1);
    const row = page.getByTestId(`stock-row-${CODE_BATCH}`);
    await expect(row).toContainText('14');
    await expect(row).toContainText('Scaduto');

    await page.getByTestId(`expand-${CODE_BATCH}`).click();
    await expect(page.getByTestId(`warehouse-row-${WH_A}`)).toContainText('11');
    await expect(page.getByTestId(`warehouse-row-${WH_B}`)).toContainText('3');
    await expect(page.getByTestId('batch-row-L-OLD')).toContainText('Scaduto');
    await expect(page.getByTestId('batch-row-L-SOON').first()).toContainText('In scadenza (10 gg)');

    // Print preview: the print dialog is stubbed; the page is then looked at with print CSS.
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed += 1;
      };
    });
    await page.getByTestId('print-batches').click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByTestId('batch-row-L-OLD')).toBeVisible();
    await expect(page.getByTestId('filter-code')).toBeHidden();
    await page.screenshot({ path: 'artifacts/reports-print-batches.png', fullPage: true });
    await page.emulateMedia({ media: 'screen' });
    await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
    await page.getByTestId('print').click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(2);
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByTestId(`stock-row-${CODE_BATCH}`)).toBeVisible();
    await expect(page.getByTestId('batch-row-L-OLD')).toBeHidden();
    await page.screenshot({ path: 'artifacts/reports-print.png', fullPage: true });
    await page.emulateMedia({ media: 'screen' });

    // CSV of the filtered selection: the browser downloads it as a file, which is opened and checked as saved.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
    expect(download.suggestedFilename()).toMatch(/^giacenze-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = fs.readFileSync(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // UTF-8 BOM: Excel reads "Quantità" right
    const lines = bytes.subarray(3).toString('utf8').trimEnd().split('\r\n');
    expect(lines[0]).toBe('Codice;Descrizione;Famiglia;Magazzino;Lotto;Data scadenza;Data produzione;Quantità;Unità');
    expect(lines).toHaveLength(4);
    // The unit by its Italian label, never the raw code 'piece' (issue 21).
    expect(lines).toContain(`${CODE_BATCH};Prodotto report ${CODE_BATCH};E2E Report;${WH_A};L-OLD;${dmy(day(-2))};;4;pz`);
    expect(lines.join('\n')).not.toMatch(/\bpiece\b/);
    expect(errors).toEqual([]);
  });

  test('valuation at a past date: rows, totals per currency, grand total with a rate, French', async ({ page }) => {
    await signIn(page);
    await page.goto('/report/valorizzazione');
    await expect(page.getByRole('heading', { level: 1, name: 'Valorizzazione magazzino' })).toBeVisible();
    const start = page.locator('input[name="startDate"]');
    const end = page.locator('input[name="endDate"]');
    await start.fill(dmy(day(-45)));
    await start.blur();
    await end.fill(dmy(day(-30)));
    await end.blur();
    // The plain product: 2 at 1,12345 USD (the load of 100 dated yesterday does not count at that date).
    const plainRow = page.getByTestId(`valuation-row-${CODE_PLAIN}`);
    await expect(plainRow).toContainText(WH_B);
    await expect.poll(async () => plain(await plainRow.textContent())).toContain('2,2469 USD');
    const batchRows = page.getByTestId(`valuation-row-${CODE_BATCH}`);
    await expect(batchRows).toHaveCount(2); // grouped: A (11) and B (3) at 2,50 €
    await expect.poll(async () => plain(await batchRows.first().textContent())).toContain('27,50 €');
    await expect(page.getByTestId('total-EUR')).toBeVisible();
    await expect(page.getByTestId('total-USD')).toBeVisible();
    await expect(page.getByTestId('grand-total-eur')).toHaveCount(0);
    await page.getByTestId('rate-USD').fill('1,1');
    await expect(page.getByTestId('grand-total-eur')).toContainText('1 EUR = 1,1 USD');
    await expect(page.getByTestId(`movement-row-${CODE_PLAIN}`)).toContainText('2');
    await expect(page.getByTestId('valuation-definitions')).toContainText('prezzo in vigore alla data finale');

    await switchLanguage(page, 'fr');
    await expect(page.getByRole('heading', { level: 1, name: 'Valorisation du stock' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Totaux par devise' })).toBeVisible();
    await page.screenshot({ path: 'artifacts/reports-valuation-fr.png', fullPage: true });

    // The valuation CSV in French: downloaded as a file, headers in the user's language, decimal comma, totals per currency.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
    expect(download.suggestedFilename()).toBe(`valorisation-${day(-30)}.csv`);
    const bytes = fs.readFileSync(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').trimEnd().split('\r\n');
    expect(lines[0]).toBe('Code;Description;Entrepôt;Quantité;Unité;Prix unitaire;Devise;Valeur');
    const plainLine = lines.find((l) => l.startsWith(`${CODE_PLAIN};`));
    expect(plainLine).toContain(`;${WH_B};2;pce;`); // the unit by its French label, never 'piece'
    expect(plainLine).toMatch(/;1,12345;USD;2,2469$/);
    expect(lines.some((l) => /^Total USD;.*;USD;\d+,\d{2,5}$/.test(l))).toBe(true);
  });
});
