import { expect, test, type Page } from '@playwright/test';
import { apiToken, bearer, companyDayText, exactDecimal, expectBackOnList, signIn, switchLanguage, typeDate, typeNumber } from './support';

// Issue 4: stock movements in the browser against the real server and ledger: load 10 of a batch product into A,
// transfer 4 to B, an unload of 7 from A is refused, an unload of 6 succeeds, and the list filters and sorts show it.
const suffix = Date.now().toString(36).toUpperCase();
const CODE = `E2E-MOV-${suffix}`;
const BATCH = `LOT-${suffix}`;
const WAREHOUSE_A = `E2E Magazzino A ${suffix}`;
const WAREHOUSE_B = `E2E Magazzino B ${suffix}`;

const todayText = companyDayText();

const table = (page: Page) => page.getByTestId('movements-table');
const bodyRows = (page: Page) => table(page).locator('tbody tr');
/** The quantity column of the visible rows, top to bottom (the number: the unit's label 'l', when shown, dropped). */
const quantities = async (page: Page) =>
  (await table(page).locator('[data-testid^="movement-quantity-"]').allTextContents()).map((q) => q.replace(/[\s\u00a0\u202f]+l$/, ''));

async function newMovement(page: Page, type: 'C' | 'S' | 'T') {
  await page.getByTestId('add-movement').click();
  await expect(page).toHaveURL(/\/operazioni\/movimenti\/nuovo$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Nuovo movimento' })).toBeVisible();
  await expect(page.getByTestId('movement-date')).toHaveValue(/^\d{2}\/\d{2}\/\d{4}$/); // dd/MM/yyyy whatever the browser's locale
  await page.getByTestId('movement-type').selectOption(type);
  await page.getByTestId('movement-product').fill(CODE);
  await page.getByTestId(`product-option-${CODE}`).click();
  await expect(page.getByTestId('movement-product')).toHaveValue(`${CODE} — Latte intero e2e`);
}

async function saved(page: Page) {
  await expect(page.getByText('Movimento registrato con successo').last()).toBeVisible();
  await expectBackOnList(page, '/operazioni/movimenti', CODE, 'product_code');
  await expect(table(page)).toBeVisible();
}

test.describe('stock movements', () => {
  test('load 10 into A, transfer 4 to B; an unload of 7 from A is refused, 6 goes; the list filters and sorts them', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    // Set-up through the API: two warehouses and a product managing batches and expiry.
    const token = await apiToken(page);
    const headers = bearer(token);
    const warehouseA = await page.request.post('/api/warehouses', {
      headers,
      data: { name: WAREHOUSE_A, description: null, is_active: true },
    });
    expect(warehouseA.status()).toBe(201);
    const warehouseB = await page.request.post('/api/warehouses', {
      headers,
      data: { name: WAREHOUSE_B, description: null, is_active: true },
    });
    expect(warehouseB.status()).toBe(201);
    const idA = (await warehouseA.json()).id as number;
    const created = await page.request.post('/api/products', {
      headers,
      data: {
        code: CODE,
        description: 'Latte intero e2e',
        category: 'Alimentari',
        currency: 'EUR',
        unit_of_measure: 'l',
        has_batch: true,
        has_expiry_date: true,
        has_production_date: false,
        status: 'active',
      },
    });
    expect(created.status()).toBe(201);
    const productId = (await created.json()).id as number;

    await signIn(page);
    await page.goto('/operazioni');
    await page.getByTestId('card-movements').click();
    await expect(page).toHaveURL(/\/operazioni\/movimenti$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Movimenti' })).toBeVisible();

    // 1. Load 10 of the batch into A: batch and expiry date are required for this product.
    await newMovement(page, 'C');
    await page.getByTestId('movement-warehouse').selectOption({ label: WAREHOUSE_A });
    await page.getByTestId('movement-quantity').fill('10');
    await page.getByTestId('movement-save').click();
    await expect(page.getByTestId('error-batch_number')).toHaveText('Il lotto è obbligatorio per questo prodotto');
    await expect(page.getByTestId('error-expiry_date')).toHaveText('La data di scadenza è obbligatoria per questo prodotto');
    await page.getByTestId('movement-batch').fill(BATCH);
    await typeDate(page, 'movement-expiry-date', '31/01/2027');
    await page.getByTestId('movement-save').click();
    await saved(page);

    // 2. Transfer 4 from A to B, taking the batch from A's stock (same warehouse refused first).
    await newMovement(page, 'T');
    await page.getByTestId('movement-warehouse').selectOption({ label: WAREHOUSE_A });
    await page.getByTestId('movement-destination').selectOption({ label: WAREHOUSE_A });
    await expect(page.getByTestId('error-destination_warehouse_id')).toHaveText(
      'Il magazzino di destinazione deve essere diverso da quello di origine',
    );
    await page.getByTestId('movement-destination').selectOption({ label: WAREHOUSE_B });
    await expect(page.getByTestId('error-destination_warehouse_id')).toHaveCount(0);
    await expect(page.getByTestId('movement-batch').locator('option')).toHaveText([
      'Scegli il lotto',
      `${BATCH} · scad. 31/01/2027 · disponibili 10 l`, // quantities with the unit's label (issue 21)
    ]);
    await page.getByTestId('movement-batch').selectOption(BATCH);
    await expect(page.getByTestId('movement-available')).toHaveText('Disponibile: 10 l');
    await page.getByTestId('movement-quantity').fill('4');
    await page.getByTestId('movement-save').click();
    await saved(page);

    // 3. An unload of 7 from A: 6 are left, so the form refuses it…
    await newMovement(page, 'S');
    await page.getByTestId('movement-warehouse').selectOption({ label: WAREHOUSE_A });
    await page.getByTestId('movement-batch').selectOption(BATCH);
    await expect(page.getByTestId('movement-available')).toHaveText('Disponibile: 6 l');
    await page.getByTestId('movement-quantity').fill('7');
    await expect(page.getByTestId('error-quantity')).toHaveText('Giacenza insufficiente: disponibili 6');
    await page.getByTestId('movement-save').click();
    await expect(page).toHaveURL(/\/operazioni\/movimenti\/nuovo$/);
    await expect(page.getByTestId('error-quantity')).toHaveText('Giacenza insufficiente: disponibili 6');
    // …and so does the server, whoever asks.
    const seven = {
      movement_type: 'S',
      movement_date: todayText,
      product_id: productId,
      warehouse_id: idA,
      batch_number: BATCH,
      quantity: 7,
    };
    const refused = await page.request.post('/api/stock-movements', { headers, data: seven });
    expect(refused.status()).toBe(409);
    expect((await refused.json()).error).toContain('Giacenza insufficiente');

    // While the form is open someone else takes 1: the server refuses our 6 and the form shows its words.
    const other = await page.request.post('/api/stock-movements', { headers, data: { ...seven, quantity: 1 } });
    expect(other.status()).toBe(201);
    const otherId = (await other.json()).id as string;
    await page.getByTestId('movement-quantity').fill('6');
    await expect(page.getByTestId('error-quantity')).toHaveCount(0);
    await page.getByTestId('movement-save').click();
    // The ledger re-checks the form's rule under its locks and answers in the form's words.
    await expect(page.getByTestId('movement-save-error')).toContainText('Giacenza insufficiente: disponibili 5');
    // The form re-reads the stock after that refusal.
    await expect(page.getByTestId('movement-available')).toHaveText('Disponibile: 5 l');
    await expect(page.getByTestId('error-quantity')).toHaveText('Giacenza insufficiente: disponibili 5');
    await expect(page).toHaveURL(/\/operazioni\/movimenti\/nuovo$/);
    // That unload is deleted (a reversal puts the 1 back); choosing the warehouse again reads 6, and the unload of 6 goes.
    const undone = await page.request.delete(`/api/stock-movements/${otherId}`, { headers, data: { deleted_by: 'admin' } });
    expect(undone.status()).toBe(200);
    await page.getByTestId('movement-warehouse').selectOption({ label: WAREHOUSE_B });
    await page.getByTestId('movement-warehouse').selectOption({ label: WAREHOUSE_A });
    await page.getByTestId('movement-batch').selectOption(BATCH);
    await expect(page.getByTestId('movement-available')).toHaveText('Disponibile: 6 l');
    await expect(page.getByTestId('error-quantity')).toHaveCount(0);
    await page.getByTestId('movement-save').click();
    await saved(page);

    // The ledger agrees: nothing left in A, 4 in B (an exact decimal string).
    const stock = await page.request.get(`/api/stock/product/${productId}`, { headers });
    expect(
      (await stock.json()).map((r: { warehouse_name: string; quantity: string }) => [r.warehouse_name, exactDecimal(r.quantity)]),
    ).toEqual([[WAREHOUSE_B, '4']]);

    // The list: this product's live movements (the deleted one and its reversal are not listed).
    await page.getByTestId('filter-code').fill(CODE);
    await expect(bodyRows(page)).toHaveCount(3);
    await expect(page.getByText('3 movimenti')).toBeVisible();
    // Newest first by default.
    await expect.poll(() => quantities(page)).toEqual(['6', '4', '10']);
    const transferRow = bodyRows(page).filter({ hasText: 'Trasferimento' });
    await expect(transferRow).toContainText(todayText);
    await expect(transferRow).toContainText(BATCH);
    await expect(transferRow).toContainText(WAREHOUSE_A.slice(0, 20));
    await expect(transferRow).toContainText(WAREHOUSE_B.slice(0, 20));

    // Sort by quantity: ascending, then descending.
    await page.getByRole('button', { name: /^Quantità/ }).click();
    await expect.poll(() => quantities(page)).toEqual(['4', '6', '10']);
    await page.getByRole('button', { name: /^Quantità/ }).click();
    await expect.poll(() => quantities(page)).toEqual(['10', '6', '4']);
    await expect(page).toHaveURL(/sort=quantity&order=desc/);

    // Type filter: manual unloads only, then loads only.
    await page.getByTestId('filter-type').selectOption('S-MAN');
    await expect.poll(() => quantities(page)).toEqual(['6']);
    await expect(bodyRows(page).first()).toContainText('Scarico');
    await page.getByTestId('filter-type').selectOption('C');
    await expect.poll(() => quantities(page)).toEqual(['10']);
    await page.getByTestId('filter-type').selectOption('T');
    await expect.poll(() => quantities(page)).toEqual(['4']);

    // Date range: a range ending yesterday has none of them; today has all three.
    await page.getByTestId('filter-type').selectOption('');
    // Typed as the user reads them, dd/MM/yyyy (the one DateField), whatever the browser's locale.
    const yesterdayText = companyDayText(-1);
    const todayDay = companyDayText();
    await page.getByTestId('filter-to').fill(yesterdayText);
    await expect(page.getByText('Nessun movimento trovato')).toBeVisible();
    await page.getByTestId('filter-from').fill(todayDay);
    await page.getByTestId('filter-to').fill(todayDay);
    await expect(bodyRows(page)).toHaveCount(3);

    // French labels on the same rows.
    await switchLanguage(page, 'fr');
    await expect(page.getByRole('heading', { level: 1, name: 'Mouvements' })).toBeVisible();
    await expect(bodyRows(page).filter({ hasText: 'Transfert' })).toHaveCount(1);
    await expect(page.getByRole('button', { name: /^Quantité/ })).toBeVisible();
    await switchLanguage(page, 'it');

    // Delete asks for confirmation first; Cancel leaves the movement in place.
    const transferId = (await transferRow.locator('[data-testid^="movement-quantity-"]').getAttribute('data-testid'))!.replace(
      'movement-quantity-',
      '',
    );
    await page.getByTestId(`delete-movement-${transferId}`).click();
    await expect(page.getByRole('dialog', { name: 'Eliminare il movimento?' })).toBeVisible();
    await page.getByTestId('confirm-cancel').click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(bodyRows(page)).toHaveCount(3);
    // Confirmed: the server appends a reversal (the 4 go back from B to A) and the transfer leaves the list.
    await page.getByTestId(`delete-movement-${transferId}`).click();
    await page.getByTestId('confirm-ok').click();
    await expect(page.getByText('Movimento eliminato con successo')).toBeVisible();
    await expect.poll(() => quantities(page)).toEqual(['10', '6']); // still by quantity, descending
    const after = await page.request.get(`/api/stock/product/${productId}`, { headers });
    expect(
      (await after.json()).map((r: { warehouse_name: string; quantity: string }) => [r.warehouse_name, exactDecimal(r.quantity)]),
    ).toEqual([[WAREHOUSE_A, '4']]);

    expect(errors).toEqual([]);
  });

  test('a quantity typed with the decimal comma is saved exactly: 2,5 is 2.5 (never 25); a day typed as dd/MM/yyyy', async ({ page }) => {
    const token = await apiToken(page);
    const headers = bearer(token);
    const warehouse = await page.request.post('/api/warehouses', {
      headers,
      data: { name: `E2E Virgola ${suffix}`, description: null, is_active: true },
    });
    expect(warehouse.status()).toBe(201);
    const code = `E2E-DEC-${suffix}`;
    const product = await page.request.post('/api/products', {
      headers,
      data: {
        code,
        description: 'Farina e2e',
        category: 'Alimentari',
        currency: 'EUR',
        unit_of_measure: 'kg',
        has_batch: false,
        has_expiry_date: false,
        has_production_date: false,
        status: 'active',
      },
    });
    expect(product.status()).toBe(201);
    const productId = (await product.json()).id as number;

    await signIn(page);
    await page.goto('/operazioni/movimenti/nuovo');
    await typeDate(page, 'movement-date', '05/03/2026');
    await expect(page.getByTestId('movement-date')).toHaveValue('05/03/2026');
    await page.getByTestId('movement-product').fill(code);
    await page.getByTestId(`product-option-${code}`).click();
    await page.getByTestId('movement-warehouse').selectOption({ label: `E2E Virgola ${suffix}` });
    // Unreadable text is refused inline and nothing is saved.
    await typeNumber(page, 'movement-quantity', '2,5,1');
    await expect(page.getByTestId('error-quantity')).toBeVisible();
    await typeNumber(page, 'movement-quantity', '2,5');
    await expect(page.getByTestId('movement-quantity')).toHaveValue('2,5');
    await expect(page.getByTestId('error-quantity')).toHaveCount(0);
    await page.getByTestId('movement-save').click();
    await expectBackOnList(page, '/operazioni/movimenti', code, 'product_code');

    const stock = await page.request.get(`/api/stock/product/${productId}`, { headers });
    expect(stock.status()).toBe(200);
    const rows = (await stock.json()) as { quantity: string }[];
    expect(rows.map((r) => exactDecimal(r.quantity))).toEqual(['2.5']); // exact decimal text ('2.500'), never 25
    const list = await page.request.get('/api/stock-movements', { headers, params: { product_code: code } });
    expect(JSON.stringify(await list.json())).toMatch(/2026-03-05|05\/03\/2026/); // the day typed, not the browser's reading
  });
});
