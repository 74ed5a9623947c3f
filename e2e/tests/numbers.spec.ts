import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiToken, bearer, companyDay, exactDecimal, signIn, sumExact, switchLanguage, typeDate, typeNumber } from './support';

// Issue 21: numbers as Italians and French write them, exact on the wire, shown one way, units never as their raw code.
// In Chromium, every quantity and price field of the operations forms (movement, order line quantity and unit price,
// price, goods receipt received and batch quantity, sale) is typed '1.500', '1.234,5', '2,5', '2.5' and with the numeric
// keypad's decimal key in Italian, and '1 234,5' in French; each is saved and read back exactly from the API (decimal
// strings, compared digit by digit, never through floats). French reports and the activity log show no dot-grouped number;
// no screen shows the unit code 'piece'. Every test sets up its own data (unique names) so it can run in any worker.

// ----------------------------------------------------------------------------------------------------------- helpers

/** The keypad's decimal key: typed between parts of a case's keys. */
const KEYPAD = Symbol('NumpadDecimal');
type Key = string | typeof KEYPAD;

interface Case {
  /** Shown in messages. */
  name: string;
  lang: 'it' | 'fr';
  /** Typed in order (text, or the keypad's decimal key). */
  keys: Key[];
  /** What the input holds right after typing, before leaving it (keypad cases: the key typed the language's mark). */
  typed?: string;
  /** What the field shows once left: the value as the user's language writes it (trailing zeros allowed after a comma). */
  shown: string;
  /** The exact value the API must keep. */
  value: string;
}

const NNBSP = '\u202f';
const CASES: Case[] = [
  { name: "it '1.500' (one thousand five hundred)", lang: 'it', keys: ['1.500'], shown: '1.500', value: '1500' },
  { name: "it '1.234,5'", lang: 'it', keys: ['1.234,5'], shown: '1.234,5', value: '1234.5' },
  { name: "it '2,5'", lang: 'it', keys: ['2,5'], shown: '2,5', value: '2.5' },
  { name: "it '2.5'", lang: 'it', keys: ['2.5'], shown: '2,5', value: '2.5' },
  { name: "it '2' keypad-decimal '5'", lang: 'it', keys: ['2', KEYPAD, '5'], typed: '2,5', shown: '2,5', value: '2.5' },
  // The keypad's key is the decimal mark, as in a spreadsheet: '1' ⌨. '500' is 1,5 — never 1.500 read as a thousand.
  { name: "it '1' keypad-decimal '500'", lang: 'it', keys: ['1', KEYPAD, '500'], typed: '1,500', shown: '1,5', value: '1.5' },
  { name: "fr '1 234,5' (plain space)", lang: 'fr', keys: ['1 234,5'], shown: `1${NNBSP}234,5`, value: '1234.5' },
  { name: "fr '1\\u00a0234,5' (no-break space)", lang: 'fr', keys: ['1\u00a0234,5'], shown: `1${NNBSP}234,5`, value: '1234.5' },
];
const LANGS = ['it', 'fr'] as const;
const casesIn = (lang: 'it' | 'fr') => CASES.filter((c) => c.lang === lang);

/** Soft: every case of every field is checked and reported, not only the first that differs. */
function expectDecimal(actual: unknown, expected: string, what: string) {
  expect.soft(exactDecimal(actual), what).toBe(exactDecimal(expected));
}

/** The shown text as a pattern: trailing zeros after a decimal comma are allowed ('2,5' matches '2,50'). */
function shownPattern(shown: string): RegExp {
  const escaped = shown.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped}${shown.includes(',') ? '0*' : '(,0+)?'}$`);
}

/** Sends the numeric keypad's decimal key as a real keyboard does (NumLock on), through CDP (STACK.md). */
async function keypadDecimal(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  const key = { key: '.', code: 'NumpadDecimal', windowsVirtualKeyCode: 110, nativeVirtualKeyCode: 110, location: 3 };
  await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', text: '.', unmodifiedText: '.', ...key });
  await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...key });
  await cdp.detach();
}

/** Types a case into a NumberField as a user does (clear, keys, leave) and checks what the field shows. */
async function enter(page: Page, input: Locator, c: Case) {
  await input.fill('');
  for (const k of c.keys) {
    if (k === KEYPAD) await keypadDecimal(page);
    else await page.keyboard.type(k);
  }
  if (c.typed !== undefined) await expect.soft(input, `${c.name}: the keypad's key types the decimal mark`).toHaveValue(c.typed);
  await input.blur();
  await expect.soft(input, `${c.name}: shown on blur`).toHaveValue(shownPattern(c.shown));
}

/**
 * Waits for a form to go back to its list (saved). A refusal is reported (soft, with the messages the form shows) and
 * false returned, so the other cases still run and the report lists every field and case that fails.
 */
async function wasSaved(page: Page, list: RegExp, what: string): Promise<boolean> {
  const ok = await page.waitForURL(list, { timeout: 10_000 }).then(
    () => true,
    () => false,
  );
  if (!ok) {
    const shown = await page.locator('[role="alert"], .field-error').allTextContents();
    expect.soft(ok, `${what}: not saved (the form says: ${shown.join(' | ') || 'nothing'})`).toBe(true);
  }
  return ok;
}

function vat(first10: string): string {
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    const d = Number(first10[i]);
    sum += i % 2 === 0 ? d : d * 2 > 9 ? d * 2 - 9 : d * 2;
  }
  return first10 + ((10 - (sum % 10)) % 10);
}

const party = (name: string) => ({
  business_name: name,
  vat_number: vat(String(Date.now()).slice(-10)),
  address: 'Via Roma 1',
  city: 'Brescia',
  province: 'BS',
  zip_code: '25100',
  country: 'Italia',
  email: 'numeri@example.com',
  phone: '030 1',
});

/** 'yyyy-MM-dd' of the company's today plus `days` (Europe/Rome): support's companyDay. */
const day = companyDay;
const dmy = (iso: string) => iso.split('-').reverse().join('/');

let serial = 0;
/** A name part unique to this test run and call. */
const unique = () => `${Date.now().toString(36).toUpperCase()}${(serial++).toString(36).toUpperCase()}`;

interface World {
  suffix: string;
  code: string;
  productId: number;
  supplier: string;
  supplierId: number;
  customer: string;
  customerId: number;
  warehouse: string;
  warehouseId: number;
  headers: Record<string, string>;
  get: (url: string) => Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  post: (url: string, data: unknown, status?: number) => Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** A warehouse, a supplier, a customer and one product of that supplier, through the API, with names of their own. */
async function setUp(page: Page, product: { unit?: string; batches?: boolean; description?: string } = {}, token?: string): Promise<World> {
  const suffix = unique();
  const headers = bearer(token ?? (await apiToken(page)));
  const get = async (url: string) => {
    const res = await page.request.get(url, { headers });
    expect(res.status(), `GET ${url}`).toBe(200);
    return res.json();
  };
  const post = async (url: string, data: unknown, status = 201) => {
    const res = await page.request.post(url, { headers, data });
    expect(res.status(), `POST ${url}: ${await res.text()}`).toBe(status);
    return res.json();
  };
  const warehouse = `E2E Numeri Magazzino ${suffix}`;
  const supplier = `E2E Numeri Fornitore ${suffix}`;
  const customer = `E2E Numeri Cliente ${suffix}`;
  const code = `E2E-NUM-${suffix}`;
  const warehouseId = (await post('/api/warehouses', { name: warehouse, description: null, is_active: true })).id as number;
  const supplierId = (await post('/api/suppliers', party(supplier))).id as number;
  const customerId = (await post('/api/customers', party(customer))).id as number;
  const productId = (
    await post('/api/products', {
      code,
      description: product.description ?? 'Vite numeri',
      category: 'Viteria',
      currency: 'EUR',
      unit_of_measure: product.unit ?? 'kg',
      supplier_id: supplierId,
      has_batch: product.batches ?? false,
      has_expiry_date: false,
      has_production_date: false,
      status: 'active',
    })
  ).id as number;
  return { suffix, code, productId, supplier, supplierId, customer, customerId, warehouse, warehouseId, headers, get, post };
}

/** Picks in an entity picker (supplier, product) by typing and clicking its option. */
async function pick(page: Page, box: Locator, text: string) {
  await box.fill(text);
  await page
    .getByRole('option', { name: new RegExp(text) })
    .first()
    .click();
}

const SUPPLIER_LABEL = /Fornitore|Fournisseur/;
const PRODUCT_LABEL = /Prodotto|Produit/;

// ------------------------------------------------------------------------------------------------------ the fields

test.describe('numbers typed as people write them reach the API exactly', () => {
  test.describe.configure({ timeout: 300_000 });

  test('movement quantity', async ({ page }) => {
    const w = await setUp(page);
    await signIn(page);
    for (const lang of LANGS) {
      if (lang === 'fr') await switchLanguage(page, 'fr');
      for (const [i, c] of casesIn(lang).entries()) {
        const note = `numeri ${lang} ${i} ${w.suffix}`;
        await page.goto('/operazioni/movimenti/nuovo');
        await page.getByTestId('movement-type').selectOption('C');
        await page.getByTestId('movement-product').fill(w.code);
        await page.getByTestId(`product-option-${w.code}`).click();
        await page.getByTestId('movement-warehouse').selectOption({ label: w.warehouse });
        await enter(page, page.getByTestId('movement-quantity'), c);
        await page.getByTestId('movement-notes').fill(note);
        await page.getByTestId('movement-save').click();
        if (!(await wasSaved(page, /\/operazioni\/movimenti$/, `movement: ${c.name}`))) continue;
        const rows = (await w.get(`/api/stock-movements?product_code=${w.code}`)) as { notes: string | null; quantity: unknown }[];
        const saved = rows.filter((r) => r.notes === note);
        expect(saved, c.name).toHaveLength(1);
        expectDecimal(saved[0].quantity, c.value, `movement: ${c.name}`);
      }
    }
    // Nothing guessed: in French '1.500' could be 1 500 or 1,5 — refused inline, and the form is not saved.
    await page.goto('/operazioni/movimenti/nuovo');
    await page.getByTestId('movement-product').fill(w.code);
    await page.getByTestId(`product-option-${w.code}`).click();
    await page.getByTestId('movement-warehouse').selectOption({ label: w.warehouse });
    await typeNumber(page, 'movement-quantity', '1.500');
    await expect(page.getByTestId('error-quantity')).toBeVisible();
    await page.getByTestId('movement-save').click();
    await expect(page.getByTestId('error-quantity')).toBeVisible();
    await expect(page).toHaveURL(/\/operazioni\/movimenti\/nuovo$/);

    // The ledger holds the exact sum of the cases, nothing else (when every case was saved).
    const stock = (await w.get(`/api/stock/product/${w.productId}`)) as { quantity: unknown }[];
    expect.soft(stock).toHaveLength(1);
    expectDecimal(stock[0]?.quantity, sumExact(CASES.map((c) => c.value)), 'stock after the movements');
  });

  test('price (new, then typed over in the edit form)', async ({ page }) => {
    const w = await setUp(page);
    await signIn(page);
    let priceId: number | null = null;
    for (const lang of LANGS) {
      if (lang === 'fr') await switchLanguage(page, 'fr');
      for (const c of casesIn(lang)) {
        if (priceId === null) {
          await page.goto('/operazioni/prezzi/nuovo');
          await pick(page, page.getByRole('combobox', { name: SUPPLIER_LABEL }), w.supplier);
          await pick(page, page.getByRole('combobox', { name: PRODUCT_LABEL }), w.code);
        } else {
          await page.goto(`/operazioni/prezzi/${priceId}`);
          await expect(page.getByTestId('price-input')).not.toHaveValue('');
        }
        await enter(page, page.getByTestId('price-input'), c);
        await page.getByTestId('save-price').click();
        if (!(await wasSaved(page, /\/operazioni\/prezzi$/, `price: ${c.name}`))) continue;
        if (priceId === null) {
          const prices = (await w.get(`/api/prices/product/${w.productId}`)) as { id: number }[];
          expect(prices).toHaveLength(1);
          priceId = prices[0].id;
        }
        expectDecimal(((await w.get(`/api/prices/${priceId}`)) as { price: unknown }).price, c.value, `price: ${c.name}`);
      }
    }
  });

  test('purchase order line: quantity and unit price', async ({ page }) => {
    const w = await setUp(page);
    await signIn(page);
    for (const lang of LANGS) {
      if (lang === 'fr') await switchLanguage(page, 'fr');
      const cases = casesIn(lang);
      await page.goto('/operazioni/ordini-fornitori/nuovo');
      await pick(page, page.getByRole('combobox', { name: SUPPLIER_LABEL }), w.supplier);
      // One line per case: quantity and unit price both typed that way.
      for (const [i, c] of cases.entries()) {
        await page.getByTestId('add-line').click();
        const line = page.getByTestId(`line-${i}`);
        await line.getByRole('combobox', { name: PRODUCT_LABEL }).fill(w.code);
        // The earlier lines' pickers keep their (closed) option lists: the open one is the visible one.
        await page.getByTestId(`product-option-${w.code}`).filter({ visible: true }).click();
        // The price in force is looked up first (none here: 0 is offered); typing before it answers would be overwritten.
        await expect(page.getByTestId(`unit-price-${i}`)).toHaveValue(/^0(,0*)?$/);
        await enter(page, page.getByTestId(`quantity-${i}`), c);
        await enter(page, page.getByTestId(`unit-price-${i}`), c);
      }
      await page.getByTestId('save-order').click();
      if (!(await wasSaved(page, /\/operazioni\/ordini-fornitori$/, `order (${cases.map((c) => c.name).join(', ')})`))) continue;
      const orders = (await w.get(`/api/purchase-orders?supplier_id=${w.supplierId}`)) as { id: number }[];
      const id = Math.max(...orders.map((o) => o.id));
      const order = (await w.get(`/api/purchase-orders/${id}`)) as { items: { id: number; quantity: unknown; unit_price: unknown }[] };
      const items = [...order.items].sort((a, b) => a.id - b.id);
      expect(items).toHaveLength(cases.length);
      for (const [i, c] of cases.entries()) {
        expectDecimal(items[i].quantity, c.value, `order line quantity: ${c.name}`);
        expectDecimal(items[i].unit_price, c.value, `order line unit price: ${c.name}`);
      }
    }
  });

  test('goods receipt: received quantity and batch quantity', async ({ page }) => {
    const w = await setUp(page, { batches: true });
    const order = await w.post('/api/purchase-orders', {
      order_date: day(-10),
      requested_arrival_date: day(-5),
      supplier_id: w.supplierId,
      items: [{ product_id: w.productId, quantity: '100000', unit_price: '1' }],
    });
    const details = (await w.get(`/api/goods-receipts/order-details/${order.id}`)) as { items: { id: number }[] };
    const itemId = details.items[0].id;
    await signIn(page);
    for (const lang of LANGS) {
      if (lang === 'fr') await switchLanguage(page, 'fr');
      for (const [i, c] of casesIn(lang).entries()) {
        const ddt = `DDT-${w.suffix}-${lang}${i}`;
        const batch = `L-${lang}${i}`;
        await page.goto(`/operazioni/ricezione-merce/${order.id}`);
        await page.getByTestId('document-number').fill(ddt);
        await typeDate(page, 'document-date', dmy(day(0)));
        await enter(page, page.getByTestId(`quantity-${w.code}`), c);
        await page.getByTestId(`warehouse-${w.code}`).selectOption({ label: w.warehouse });
        await page.getByTestId(`batches-${w.code}`).click();
        const dialog = page.getByTestId('batch-dialog');
        await expect(dialog).toBeVisible();
        await dialog.getByTestId('batch-number-0').fill(batch);
        await enter(page, dialog.getByTestId('batch-quantity-0'), c);
        const batchSave = dialog.getByTestId('batch-save');
        await expect.soft(batchSave, `batch dialog: ${c.name}`).toBeEnabled();
        if (await batchSave.isDisabled()) continue;
        await batchSave.click();
        await page.getByTestId('receive-save').click();
        if (!(await wasSaved(page, /\/operazioni\/ricezione-merce$/, `goods receipt: ${c.name}`))) continue;
        const history = (await w.get(`/api/goods-receipts/item-history/${itemId}`)) as {
          receipts: { ddt_number: string; received_quantity: unknown }[];
        };
        const receipt = history.receipts.filter((r) => r.ddt_number === ddt);
        expect(receipt, c.name).toHaveLength(1);
        expectDecimal(receipt[0].received_quantity, c.value, `received quantity: ${c.name}`);
        const stock = (await w.get(`/api/stock/product/${w.productId}`)) as { batch_number: string | null; quantity: unknown }[];
        const row = stock.filter((r) => r.batch_number === batch);
        expect(row, c.name).toHaveLength(1);
        expectDecimal(row[0].quantity, c.value, `batch quantity: ${c.name}`);
      }
    }
  });

  test('sale quantity', async ({ page }) => {
    const w = await setUp(page);
    await w.post('/api/stock-movements', {
      movement_type: 'C',
      movement_date: dmy(day(-3)),
      product_id: w.productId,
      warehouse_id: w.warehouseId,
      quantity: 100000,
    });
    await signIn(page);
    const seen = new Set<number>();
    for (const lang of LANGS) {
      if (lang === 'fr') await switchLanguage(page, 'fr');
      for (const c of casesIn(lang)) {
        await page.goto('/operazioni/vendite/nuova');
        await page.getByTestId('sale-customer').fill(w.customer);
        await page.getByRole('option', { name: w.customer }).click();
        await page.getByTestId('sale-product').fill(w.code);
        await page.getByTestId(`product-option-${w.code}`).click();
        await expect(page.getByTestId('sale-batch')).toHaveValue(`${w.warehouseId}|`);
        await enter(page, page.getByTestId('sale-quantity'), c);
        await page.getByTestId('sale-save').click();
        if (!(await wasSaved(page, /\/operazioni\/vendite$/, `sale: ${c.name}`))) continue;
        const sales = (await w.get(`/api/sales?q=${encodeURIComponent(w.code)}`)) as { id: number; quantity: unknown }[];
        const fresh = sales.filter((s) => !seen.has(s.id));
        expect(fresh, c.name).toHaveLength(1);
        seen.add(fresh[0].id);
        expectDecimal(fresh[0].quantity, c.value, `sale: ${c.name}`);
      }
    }
  });
});

// ---------------------------------------------------------------------------------------------- shown one way

/** A thousands group written with a point ('1.500', '262.479,79'): never in French. */
const DOT_GROUP = /\d\.\d{3}(?!\d)/;
/** The raw unit code as a word ('12 piece', 'piece'). */
const RAW_UNIT = /\bpiece\b/i;

/** No dot-grouped number and no raw unit code in `where` (checked once the page shows what it was waited for). */
async function expectFrenchNumbers(where: Locator, what: string) {
  await expect.soft(where, `${what}: a number grouped with a point`).not.toHaveText(DOT_GROUP);
  await expect.soft(where, `${what}: the raw unit code`).not.toHaveText(RAW_UNIT);
}

test.describe('shown one way', () => {
  test.describe.configure({ timeout: 180_000 });

  test('French stock levels, valuation and activity log: groups with U+202F, never a point', async ({ page }) => {
    // A user of its own (its activity log holds only this test's writes); the writes are made with its token.
    const admin = bearer(await apiToken(page));
    const username = `e2e_num_${unique().toLowerCase()}`;
    const created = await page.request.post('/api/users', {
      headers: admin,
      data: { username, password: 'E2e-Numeri-Password-1', name: 'Numeri Francesi', role: 'admin', is_active: true },
    });
    expect(created.status(), await created.text()).toBe(201);
    const userId = (await created.json()).id as number;
    const w = await setUp(page, { unit: 'piece', description: 'Boulon numeri' }, await apiToken(page, username, 'E2e-Numeri-Password-1'));
    await w.post('/api/prices', {
      supplier_id: w.supplierId,
      product_id: w.productId,
      price: '1234.5',
      currency: 'EUR',
      start_date: day(-400),
    });
    await w.post('/api/stock-movements', {
      movement_type: 'C',
      movement_date: dmy(day(-20)),
      product_id: w.productId,
      warehouse_id: w.warehouseId,
      quantity: 1500,
    });

    // The server's refusals write numbers in the caller's language: 1 500 available (fr, U+202F), 1.500 (it).
    const unload = {
      movement_type: 'S',
      movement_date: dmy(day(-1)),
      product_id: w.productId,
      warehouse_id: w.warehouseId,
      quantity: '2000.5',
    };
    for (const [lang, available] of [
      ['fr', `1${NNBSP}500`],
      ['it', '1.500'],
    ] as const) {
      const refused = await page.request.post('/api/stock-movements', { headers: { ...w.headers, 'Accept-Language': lang }, data: unload });
      expect(refused.status()).toBe(409);
      const { error } = (await refused.json()) as { error: string };
      expect.soft(error, `refusal in ${lang}`).toContain(available);
      expect.soft(error, `refusal in ${lang}`).not.toContain('1500.000');
    }

    await signIn(page);
    await switchLanguage(page, 'fr');
    await page.setViewportSize({ width: 1366, height: 900 });
    const main = page.locator('main');

    // Stock levels: 1 500 pce (U+202F between the groups), never 1.500 or 'piece'.
    await page.goto('/report/giacenze');
    await page.getByTestId('filter-code').fill(w.code);
    const row = page.getByTestId(`stock-row-${w.code}`);
    await expect(page.locator('[data-testid^="stock-row-"]')).toHaveCount(1);
    await expect(row).toContainText(`1${NNBSP}500`);
    await expect.soft(row.getByRole('cell', { name: 'pce', exact: true })).toHaveCount(1);
    await page.getByTestId(`expand-${w.code}`).click();
    await expect(page.getByTestId(`warehouse-row-${w.warehouse}`)).toContainText(`1${NNBSP}500`);
    await expectFrenchNumbers(main, 'stock levels (fr)');
    await page.screenshot({ path: '/tmp/numbers-stock-levels-fr.png' });
    // Unfiltered: every product of the database, the other tests' too.
    await page.getByTestId('filter-code').fill('');
    await expect(page.locator('[data-testid^="stock-row-"]').nth(1)).toBeVisible();
    await expectFrenchNumbers(main, 'stock levels, all products (fr)');

    // Valuation at today: 1 500 × 1 234,50 € = 1 851 750,00 €.
    await page.goto('/report/valorizzazione');
    const valued = page.getByTestId(`valuation-row-${w.code}`);
    await expect(valued).toContainText(`1${NNBSP}500`);
    await expect(valued).toContainText(`1${NNBSP}851${NNBSP}750,00`);
    await expect(page.getByTestId('total-EUR')).toBeVisible();
    await expectFrenchNumbers(main, 'valuation (fr)');
    await page.screenshot({ path: '/tmp/numbers-valuation-fr.png', fullPage: true });

    // The user's activity log: the movement of 1 500 and the price of 1 234,5.
    await page.goto(`/users/${userId}`);
    const log = page.getByTestId('activity-table');
    await expect(log).toContainText(`1${NNBSP}500`);
    await expect(log).toContainText(`1${NNBSP}234,5`);
    await expectFrenchNumbers(main, 'activity log (fr)');
    await page.screenshot({ path: '/tmp/numbers-activity-fr.png', fullPage: true });
  });

  test('no screen shows the raw unit code: receipt, labels, history, reports, order and print, movements, sales, products', async ({
    page,
  }) => {
    const w = await setUp(page, { unit: 'piece', batches: true, description: 'Staffa numeri' });
    await w.post('/api/prices', {
      supplier_id: w.supplierId,
      product_id: w.productId,
      price: '2.5',
      currency: 'EUR',
      start_date: day(-400),
    });
    const order = await w.post('/api/purchase-orders', {
      order_date: day(-10),
      requested_arrival_date: day(-5),
      supplier_id: w.supplierId,
      items: [{ product_id: w.productId, quantity: '3000', unit_price: '2.5' }],
    });
    const details = (await w.get(`/api/goods-receipts/order-details/${order.id}`)) as { items: { id: number }[] };
    const itemId = details.items[0].id;
    const receipt = await w.post('/api/goods-receipts/receive', {
      document_number: `DDT-${w.suffix}`,
      document_date: day(-2),
      order_id: order.id,
      items: [
        {
          order_item_id: itemId,
          product_id: w.productId,
          quantity: 1500,
          warehouse_id: w.warehouseId,
          batches: [
            { batch_number: 'LU-1', quantity: 1000 },
            { batch_number: 'LU-2', quantity: 500 },
          ],
        },
      ],
    });
    await w.post('/api/sales', {
      product_id: w.productId,
      warehouse_id: w.warehouseId,
      batch_number: 'LU-1',
      quantity: 12.5,
      customer_id: w.customerId,
    });

    await signIn(page);
    await page.setViewportSize({ width: 1366, height: 900 });
    const main = page.locator('main');
    const noRawUnit = async (what: string, where: Locator = main) =>
      expect.soft(where, `${what}: the raw unit code 'piece'`).not.toHaveText(RAW_UNIT);

    // Goods receipt detail (items, summary, history) and its batch dialog.
    await page.goto(`/operazioni/ricezione-merce/${order.id}`);
    await expect(page.getByTestId(`item-row-${w.code}`)).toContainText('1.500');
    await expect(page.getByTestId('receipt-history')).toContainText(`DDT-${w.suffix}`);
    await expect.soft(page.getByTestId(`item-row-${w.code}`)).toContainText('pz');
    await noRawUnit('goods receipt detail');
    await page.screenshot({ path: '/tmp/numbers-goods-receipt-it.png' });
    await page.screenshot({ path: '/tmp/numbers-goods-receipt-it-full.png', fullPage: true });
    await page.getByTestId(`quantity-${w.code}`).fill('2');
    await page.getByTestId(`batches-${w.code}`).click();
    const dialog = page.getByTestId('batch-dialog');
    await expect(dialog).toBeVisible();
    await noRawUnit('batch dialog', dialog);
    await page.keyboard.press('Escape');

    // Labels of that receipt, and the item's history.
    await page.goto(`/operazioni/ricezione-merce/etichette/${receipt.id}`);
    await expect(page.getByTestId('label')).toHaveCount(2);
    await noRawUnit('labels');
    await page.goto(`/operazioni/ricezione-merce/storico/${itemId}`);
    await expect(page.getByTestId('history-table')).toContainText(`DDT-${w.suffix}`);
    await noRawUnit('receipt history');

    // Stock levels (rows and batches) and valuation.
    await page.goto('/report/giacenze');
    await page.getByTestId('filter-code').fill(w.code);
    await expect(page.locator('[data-testid^="stock-row-"]')).toHaveCount(1);
    await page.getByTestId(`expand-${w.code}`).click();
    await expect(page.getByTestId('batch-row-LU-1')).toBeVisible();
    await noRawUnit('stock levels');
    await page.goto('/report/valorizzazione');
    await expect(page.getByTestId(`valuation-row-${w.code}`).first()).toBeVisible();
    await noRawUnit('valuation');

    // The order's form and its print for the supplier.
    await page.goto(`/operazioni/ordini-fornitori/${order.id}`);
    await expect(page.getByTestId('quantity-0')).toHaveValue(/^3\.?000/);
    await noRawUnit('purchase order form');
    await page.goto(`/operazioni/ordini-fornitori/${order.id}/stampa`);
    await expect(page.getByTestId('print-number')).toHaveText(order.order_number);
    await noRawUnit('purchase order print', page.locator('body'));

    // Movements, sales, products.
    await page.goto('/operazioni/movimenti');
    await page.getByTestId('filter-code').fill(w.code);
    await expect(page.getByTestId('movements-table').locator('tbody tr').first()).toContainText(w.code);
    await noRawUnit('movements');
    await page.goto('/operazioni/vendite');
    await expect(page.getByTestId('sales-page')).toContainText(w.customer);
    await noRawUnit('sales');
    await page.goto('/anagrafica/prodotti');
    await page.getByRole('searchbox').fill(w.code);
    await expect(page.getByTestId('products-table').getByRole('row')).toHaveCount(2);
    await noRawUnit('products');

    // And in French.
    await switchLanguage(page, 'fr');
    await page.goto(`/operazioni/ricezione-merce/${order.id}`);
    await expect(page.getByTestId(`item-row-${w.code}`)).toContainText(`1${NNBSP}500`);
    await noRawUnit('goods receipt detail (fr)');
    await expect.soft(main, 'goods receipt detail (fr)').not.toHaveText(DOT_GROUP);
  });
});
