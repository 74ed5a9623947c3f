import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { apiPost, apiToken, bearer, companyDayText, signIn } from './support';

// Issue 25: a warehouse clerk counts on a tablet (768×1024) with the keyboard and a scanned code while the warehouse keeps
// working; the reviewer applies; stock levels and the item history show the adjustment; axe finds nothing serious.
const suffix = Date.now().toString(36);
const CODE = `INV-E2E-${suffix}`.toUpperCase();
const WAREHOUSE = `Magazzino inventario ${suffix}`;
const CLERK = `conta_${suffix}`;
const PASSWORD = 'Count-password-1';

async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function noSidewaysScroll(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(client);
}

test('a clerk counts with the keyboard and a scanned code on a tablet; the reviewer applies; stock levels and history show it', async ({
  page,
  browser,
}) => {
  // Set-up through the API: a warehouse, a product with 100 in stock, a warehouse clerk.
  const token = await apiToken(page);
  const post = async (url: string, data: unknown) => {
    const res = await page.request.post(url, { headers: bearer(token), data });
    expect(res.status(), `${url} ${await res.text()}`).toBe(201);
    return (await res.json()) as { id: number };
  };
  const warehouse = await post('/api/warehouses', { name: WAREHOUSE, description: null, is_active: true });
  const product = await post('/api/products', {
    code: CODE,
    description: 'Articolo da inventariare',
    category: 'E2E Inventario',
    currency: 'EUR',
    unit_of_measure: 'piece',
    has_batch: false,
    has_expiry_date: false,
    has_production_date: false,
    status: 'active',
  });
  const today = companyDayText();
  await post('/api/stock-movements', {
    movement_type: 'C',
    product_id: product.id,
    warehouse_id: warehouse.id,
    quantity: '100',
    movement_date: today,
  });
  await post('/api/users', { username: CLERK, name: 'Carla Conta', password: PASSWORD, role: 'warehouse', is_active: true });

  // The clerk, on a portrait tablet, starts the count of the warehouse.
  const context = await browser.newContext({ viewport: { width: 768, height: 1024 } });
  const clerk = await context.newPage();
  await signIn(clerk, CLERK, PASSWORD);
  await clerk.goto('/report/inventario');
  await expect(clerk.getByRole('heading', { level: 1, name: 'Inventario' })).toBeVisible();
  expect(await seriousViolations(clerk)).toEqual([]);
  await clerk.getByTestId('start-count').click();
  await expect(clerk.getByTestId('start-count-form')).toBeVisible();
  expect(await seriousViolations(clerk)).toEqual([]);
  await clerk.getByTestId('count-warehouse').selectOption({ label: WAREHOUSE });
  await clerk.getByTestId('count-start').click();
  await expect(clerk.getByTestId('counting-page')).toBeVisible();
  await expect(clerk).toHaveURL(/\/report\/inventario\/\d+$/);
  const countId = Number(/(\d+)$/.exec(clerk.url())?.[1]);

  // The warehouse keeps working: 30 sold after the snapshot.
  await post('/api/stock-movements', {
    movement_type: 'S',
    product_id: product.id,
    warehouse_id: warehouse.id,
    quantity: '30',
    movement_date: today,
  });

  // Keyboard only: the cursor is in the code box; a scanner types the code and Enter; the quantity takes the decimal comma.
  await expect(clerk.getByTestId('scan-box')).toBeFocused();
  await clerk.keyboard.type(CODE);
  await clerk.keyboard.press('Enter');
  await expect(clerk.getByTestId('line-product')).toContainText(CODE);
  await expect(clerk.getByTestId('line-quantity')).toBeFocused();
  await clerk.keyboard.type('95,5');
  await clerk.keyboard.press('Enter');
  await expect(clerk.getByTestId('counted-table')).toContainText('95,5');
  await expect(clerk.getByTestId('scan-box')).toBeFocused();
  await noSidewaysScroll(clerk);
  expect(await seriousViolations(clerk)).toEqual([]);
  await context.close();

  // The reviewer: book 100, counted 95.5, moved since −30; applies.
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page);
  await page.goto(`/report/inventario/${countId}/revisione`);
  const row = page.getByTestId(`review-line-${CODE}`);
  await expect(row).toContainText('95,5');
  await expect(row).toContainText('-4,5');
  await expect(row).toContainText('-30');
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByTestId('review-filter').selectOption('differences');
  await expect(row).toBeVisible();
  await page.getByTestId('review-apply').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Applica inventario' }).click();
  await expect(page.getByText('Inventario applicato (rettifiche registrate: 1)')).toBeVisible();
  await expect(page.getByTestId('review-apply')).toHaveCount(0);

  // The count sheet prints by code; axe on it too.
  await page.goto(`/report/inventario/${countId}/foglio`);
  await expect(page.getByTestId('sheet-table')).toContainText(CODE);
  expect(await seriousViolations(page)).toEqual([]);

  // Stock levels: 95.5 counted + (−30) since the snapshot = 65.5.
  await page.goto(`/report/giacenze?code=${encodeURIComponent(CODE)}`);
  await expect(page.getByTestId(`stock-quantity-${CODE}`)).toContainText('65,5');
  // The item history: the adjustment, from the count.
  await page.goto(`/operazioni/movimenti?product_code=${encodeURIComponent(CODE)}`);
  await expect(page.getByText(`INV-${countId}`)).toBeVisible();
  // Its number opens the count it comes from (where its warehouse is read on a tablet too).
  await page.getByRole('link', { name: `INV-${countId}` }).click();
  await expect(page).toHaveURL(new RegExp(`/report/inventario/${countId}$`));
});

test('the count sheet goes out as CSV and comes back counted: quoting, the decimal comma and the rows read by the CSV library', async ({
  page,
}) => {
  const token = await apiToken(page);
  const post = apiPost(page, bearer(token));
  const warehouse = await post('/api/warehouses', { name: `${WAREHOUSE} CSV`, description: null, is_active: true });
  // A name the CSV must quote: its ";" and its quotes.
  const flags = { has_batch: false, has_expiry_date: false, has_production_date: false, status: 'active' };
  const product = await post('/api/products', {
    ...{ code: `${CODE}-CSV`, description: 'Vite "M6"; zincata', category: 'E2E Inventario', currency: 'EUR', unit_of_measure: 'kg' },
    ...flags,
  });
  const count = await post('/api/inventory-counts', { warehouse_id: warehouse.id, product_ids: [product.id] });

  await signIn(page);
  await page.goto(`/report/inventario/${count.id}/foglio`);
  await expect(page.getByTestId('sheet-page')).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('sheet-csv').click()]);
  const sheet = await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8'));
  expect(sheet).toBe(`\uFEFFcodice;prodotto;lotto;scadenza;contato\r\n${CODE}-CSV;"Vite ""M6""; zincata";;;\r\n`);

  // Counted on paper, typed into the sheet: 7,5 kg on the product's line.
  const counted = sheet.replace(/;\r\n$/, ';7,5\r\n');
  await page.getByTestId('sheet-import').setInputFiles({ name: 'conteggio.csv', mimeType: 'text/csv', buffer: Buffer.from(counted) });
  await expect(page.getByText('Importata 1 riga')).toBeVisible();
  const view = await page.request.get(`/api/inventory-counts/${count.id}/counting`, { headers: bearer(token) });
  const lines = ((await view.json()) as { lines: Array<{ product_id: number; counted_quantity: string | null }> }).lines;
  expect(lines.find((l) => l.product_id === product.id)?.counted_quantity).toMatch(/^7\.50*$/);
});
