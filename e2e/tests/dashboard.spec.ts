import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { apiToken, bearer, companyDay, signIn, typeNumber } from './support';

// Issue 28 in the browser: an expiring batch, an expired one and a late order appear on the home page of the roles that
// may see them (admin, warehouse) and not of the others (administration: the chart and transfers); a buyer opens the "to
// reorder" card, replenishes into a draft order on /operazioni/riordino, and the card's count drops. axe: 0 serious.
const suffix = Date.now().toString(36).toUpperCase();
const WH = `E2E Riordino ${suffix}`;
const PASSWORD = 'Dashboard-pass-1';

const day = companyDay;
const dmy = (iso: string) => iso.split('-').reverse().join('/');

function vat(first10: string): string {
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    const d = Number.parseInt(first10[i], 10);
    sum += i % 2 === 0 ? d : d * 2 > 9 ? d * 2 - 9 : d * 2;
  }
  return first10 + ((10 - (sum % 10)) % 10);
}

async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function session(browser: Browser, username: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, username, PASSWORD);
  return page;
}

const count = async (page: Page, id: string) =>
  Number.parseInt((await page.getByTestId(`alert-count-${id}`).innerText()).replace(/\D/g, ''), 10);

test('alerts per role; a buyer replenishes into a draft order and the card drops', async ({ page, browser }) => {
  test.slow();
  const headers = bearer(await apiToken(page));
  const post = async (url: string, data: unknown) => {
    const res = await page.request.post(url, { headers, data });
    expect(res.status(), `${url} ${await res.text()}`).toBe(201);
    return (await res.json()) as { id: number; order_number?: string };
  };
  const wh = await post('/api/warehouses', { name: WH, description: null, is_active: true });
  const supplier = await post('/api/suppliers', {
    business_name: `E2E Fornitore riordino ${suffix}`,
    vat_number: vat(String(Date.now()).slice(-10)),
    address: 'Via Roma 1',
    city: 'Milano',
    province: 'MI',
    zip_code: '20100',
    country: 'Italia',
    email: 'e2e@example.com',
    phone: '02 1234567',
  });
  const product = (code: string, batch: boolean) =>
    post('/api/products', {
      code,
      description: `Prodotto ${code}`,
      category: 'E2E',
      currency: 'EUR',
      unit_of_measure: 'piece',
      supplier_id: supplier.id,
      has_batch: batch,
      has_expiry_date: batch,
      has_production_date: false,
      status: 'active',
    });
  const sealant = await product(`SIG-${suffix}`, true);
  const screws = await product(`VIT-${suffix}`, false);
  for (const p of [sealant, screws]) {
    await post('/api/prices', { supplier_id: supplier.id, product_id: p.id, price: '2.5', currency: 'EUR', start_date: day(-400) });
  }
  const move = (m: Record<string, unknown>) => post('/api/stock-movements', { movement_type: 'C', warehouse_id: wh.id, ...m });
  await move({ product_id: sealant.id, batch_number: `EXP-${suffix}`, expiry_date: day(-3), quantity: 4, movement_date: dmy(day(-20)) });
  await move({ product_id: sealant.id, batch_number: `SOON-${suffix}`, expiry_date: day(10), quantity: 6, movement_date: dmy(day(0)) });
  await move({ product_id: screws.id, quantity: 3, movement_date: dmy(day(0)) });
  const limits = await page.request.put(`/api/products/${screws.id}/stock-limits`, {
    headers,
    data: { limits: [{ warehouse_id: wh.id, min: '10', max: '50' }] },
  });
  expect(limits.status()).toBe(200);
  const late = await post('/api/purchase-orders', {
    order_date: day(-30),
    requested_arrival_date: day(-5),
    supplier_id: supplier.id,
    notes: `E2E in ritardo ${suffix}`,
    items: [{ product_id: sealant.id, quantity: '5', unit_price: '2.5' }],
  });
  for (const role of ['orders', 'warehouse', 'administration']) {
    await post('/api/users', { username: `${role}_${suffix}`, name: `Utente ${role}`, password: PASSWORD, role, is_active: true });
  }

  // Admin: every card, with counts; the chart's table is there for screen readers.
  await signIn(page);
  const alerts = page.getByRole('region', { name: 'Avvisi' });
  await expect(alerts).toBeVisible();
  expect(await count(page, 'expired-batches')).toBeGreaterThanOrEqual(1);
  expect(await count(page, 'expiring-batches')).toBeGreaterThanOrEqual(1);
  expect(await count(page, 'late-orders')).toBeGreaterThanOrEqual(1);
  await expect(page.getByTestId('alert-expired-batches')).toContainText('Valore:');
  await expect(page.getByRole('table', { name: /Valore del magazzino a fine mese/ })).toBeAttached();
  expect(await seriousViolations(page)).toEqual([]);
  // The late card opens the orders filtered late: our order is there.
  await page.getByTestId('alert-late-orders').getByRole('link').click();
  await expect(page).toHaveURL(/\/operazioni\/ordini-fornitori\?late=true/);
  await expect(page.getByTestId('filter-late')).toBeChecked();
  await expect(page.getByText(late.order_number ?? '')).toBeVisible();

  // Warehouse: batches and the orders to receive; no value, no chart.
  const clerk = await session(browser, `warehouse_${suffix}`);
  await expect(clerk.getByTestId('alert-expiring-batches')).toBeVisible();
  await expect(clerk.getByTestId('alert-late-orders')).toBeVisible();
  await expect(clerk.getByTestId('alert-expired-batches')).not.toContainText('Valore:');
  // The expired card opens the stock levels with its expired batches only: our sealant's expired 4, not its 6 to come.
  await clerk.getByTestId('alert-expired-batches').getByRole('link').click();
  await expect(clerk).toHaveURL(/\/report\/giacenze\?expiry=expired$/);
  await expect(clerk.getByTestId('filter-expiry')).toHaveValue('expired');
  await clerk.getByTestId('filter-code').fill(`SIG-${suffix}`);
  await expect(clerk.getByTestId(`stock-quantity-SIG-${suffix}`)).toHaveText('4');
  // The expiring card: the 6 to come within its window, not the expired 4.
  await clerk.goto('/');
  await clerk.getByTestId('alert-expiring-batches').getByRole('link').click();
  await expect(clerk).toHaveURL(/\/report\/giacenze\?expiry=expiring&within_days=\d+$/);
  await clerk.getByTestId('filter-code').fill(`SIG-${suffix}`);
  await expect(clerk.getByTestId(`stock-quantity-SIG-${suffix}`)).toHaveText('6');
  await clerk.goto('/');
  await expect(clerk.getByRole('region', { name: 'Andamento degli ultimi 12 mesi' })).toHaveCount(0);
  // Administration: the chart and transfers in transit (transfersRead); no batch, order or minimum card.
  const admin2 = await session(browser, `administration_${suffix}`);
  await expect(admin2.getByRole('region', { name: 'Andamento degli ultimi 12 mesi' })).toBeVisible();
  await expect(admin2.getByTestId('alert-transfers-in-transit')).toBeVisible();
  for (const id of ['expired-batches', 'expiring-batches', 'below-minimum', 'late-orders']) {
    await expect(admin2.getByTestId(`alert-${id}`)).toHaveCount(0);
  }

  // The buyer: the "to reorder" card, the proposal for our warehouse, a draft order, the count drops.
  const buyer = await session(browser, `orders_${suffix}`);
  await expect(buyer.getByTestId('alert-below-minimum')).toBeVisible();
  const before = await count(buyer, 'below-minimum');
  expect(before).toBeGreaterThanOrEqual(1);
  await buyer.getByTestId('alert-below-minimum').getByRole('link').click();
  await expect(buyer).toHaveURL(/\/operazioni\/riordino$/);
  await buyer.getByTestId('replenishment-warehouse').selectOption(String(wh.id));
  const key = `${screws.id}:${wh.id}`;
  await expect(buyer.getByTestId(`quantity-${key}`)).toHaveValue('47');
  expect(await seriousViolations(buyer)).toEqual([]);
  await typeNumber(buyer, `quantity-${key}`, '45');
  await buyer.getByTestId('replenishment-create').click();
  const created = buyer.getByTestId('replenishment-created').getByRole('link');
  await expect(created).toContainText(/PO-\d{4}-\d{5,}/);
  await expect(buyer.getByTestId('replenishment-empty')).toBeVisible();
  await created.click();
  await expect(buyer).toHaveURL(/\/operazioni\/ordini-fornitori\/\d+$/);
  await buyer.goto('/');
  await expect(buyer.getByTestId('alert-below-minimum')).toBeVisible();
  expect(await count(buyer, 'below-minimum')).toBe(before - 1);
});
