import { expect, test, type Page } from '@playwright/test';
import { apiToken, bearer, companyDay, exactDecimal, signIn, switchLanguage } from './support';

// Issue 11: sales in the browser against the real server and ledger. A product with three batches in one warehouse: one
// expired, one expiring first (the FEFO choice) and one later. Sell 2,5 from the FEFO batch, be refused above
// availability, edit the sale, cancel it (greyed row, stock back), and read the list in French once.
const suffix = Date.now().toString(36).toUpperCase();
const CODE = `E2E-SALE-${suffix}`;
const WAREHOUSE = `E2E Vendite ${suffix}`;
const CUSTOMER = `E2E Cliente ${suffix}`;

const day = companyDay;
const text = (iso: string) => iso.split('-').reverse().join('/');
const EXPIRED = { batch: `OLD-${suffix}`, expiry: day(-5) };
const FIRST = { batch: `FEFO-${suffix}`, expiry: day(40) };
const LATER = { batch: `NEW-${suffix}`, expiry: day(200) };

const rowOf = (page: Page, text: string) => page.getByTestId('sales-table').locator('tbody tr', { hasText: text });

test.describe('sales', () => {
  test('sell from the FEFO batch, refused above availability, edit, cancel (stock back), French once', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    // Set-up through the API: warehouse, customer, a batch product, and its three batches loaded through the ledger.
    const headers = bearer(await apiToken(page));
    const warehouse = await page.request.post('/api/warehouses', {
      headers,
      data: { name: WAREHOUSE, description: null, is_active: true },
    });
    expect(warehouse.status()).toBe(201);
    const warehouseId = (await warehouse.json()).id as number;
    const customer = await page.request.post('/api/customers', {
      headers,
      data: {
        business_name: CUSTOMER,
        vat_number: '01234567897',
        address: 'Via Roma 1',
        city: 'Brescia',
        province: 'BS',
        zip_code: '25100',
        country: 'Italia',
        email: 'e2e@example.com',
        phone: '030 123456',
      },
    });
    expect(customer.status()).toBe(201);
    const product = await page.request.post('/api/products', {
      headers,
      data: {
        code: CODE,
        description: 'Sigillante e2e',
        category: 'Chimica',
        currency: 'EUR',
        unit_of_measure: 'piece',
        has_batch: true,
        has_expiry_date: true,
        has_production_date: false,
        status: 'active',
      },
    });
    expect(product.status()).toBe(201);
    const productId = (await product.json()).id as number;
    for (const [lot, quantity] of [
      [EXPIRED, 5],
      [LATER, 20],
      [FIRST, 10],
    ] as const) {
      const load = await page.request.post('/api/stock-movements', {
        headers,
        data: {
          movement_type: 'C',
          movement_date: text(day(-60)),
          product_id: productId,
          warehouse_id: warehouseId,
          batch_number: lot.batch,
          expiry_date: lot.expiry,
          quantity,
        },
      });
      expect(load.status()).toBe(201);
    }
    const stockOf = async (batch: string) => {
      const rows = (await (await page.request.get(`/api/stock/product/${productId}`, { headers })).json()) as {
        batch_number: string;
        quantity: string;
      }[];
      // Exact decimal text ('7.500') as its digits ('7.5').
      return exactDecimal(rows.find((r) => r.batch_number === batch)?.quantity ?? '0');
    };

    await signIn(page);
    await page.goto('/operazioni');
    await page.getByTestId('card-sales').click();
    await expect(page).toHaveURL(/\/operazioni\/vendite$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Vendite' })).toBeVisible();

    // 1. New sale: the form replaces the table; FEFO preselects the earliest non-expired batch; the expired one is marked.
    await page.getByTestId('add-sale').click();
    await expect(page.getByTestId('sales-table')).toHaveCount(0);
    await expect(page.getByTestId('sale-save')).toBeDisabled();
    await page.getByTestId('sale-customer').fill(CUSTOMER);
    await page.getByRole('option', { name: CUSTOMER }).click();
    await page.getByTestId('sale-product').fill(CODE);
    await page.getByTestId(`product-option-${CODE}`).click();
    const batch = page.getByTestId('sale-batch');
    await expect(batch).toHaveValue(`${warehouseId}|${FIRST.batch}`);
    const labels = await batch.locator('option').allTextContents();
    expect(labels.slice(1).map((l) => l.split(' · ')[1])).toEqual([
      `lotto ${EXPIRED.batch}`,
      `lotto ${FIRST.batch}`,
      `lotto ${LATER.batch}`,
    ]);
    expect(labels[1]).toContain('SCADUTO');
    await expect(batch.locator('option').nth(1)).toBeDisabled();

    // 2. Above availability: the §8 text and Save disabled. Then 2,5 (decimal comma) is sold.
    await page.getByTestId('sale-quantity').fill('11');
    await expect(page.getByText('Quantità superiore alla disponibilità: disponibili 10')).toBeVisible();
    await expect(page.getByTestId('sale-save')).toBeDisabled();
    await page.getByTestId('sale-quantity').fill('2,5');
    await page.getByTestId('sale-save').click();
    await expect(page.getByText('Vendita registrata con successo').last()).toBeVisible();
    await expect(page).toHaveURL(/\/operazioni\/vendite$/);
    await expect(rowOf(page, CUSTOMER)).toHaveCount(1);
    await expect(rowOf(page, CUSTOMER)).toContainText('2,5');
    await expect(rowOf(page, CUSTOMER)).toContainText(FIRST.batch);
    const listed = (await (await page.request.get(`/api/sales?q=${encodeURIComponent(CODE)}`, { headers })).json()) as {
      id: number;
      quantity: string;
      batch_number: string;
    }[];
    expect(listed).toHaveLength(1);
    expect(listed[0].batch_number).toBe(FIRST.batch);
    expect(exactDecimal(listed[0].quantity)).toBe('2.5');
    expect(await stockOf(FIRST.batch)).toBe('7.5');

    // The server refuses too (a request that bypasses the form): 409 with the same words, nothing written.
    const refused = await page.request.post('/api/sales', {
      headers,
      data: {
        product_id: productId,
        warehouse_id: warehouseId,
        batch_number: FIRST.batch,
        quantity: 8,
        customer_id: (await customer.json()).id,
      },
    });
    expect(refused.status()).toBe(409);
    expect((await refused.json()).error).toBe('Quantità superiore alla disponibilità: disponibili 7,5');
    const expired = await page.request.post('/api/sales', {
      headers,
      data: {
        product_id: productId,
        warehouse_id: warehouseId,
        batch_number: EXPIRED.batch,
        quantity: 1,
        customer_id: (await customer.json()).id,
      },
    });
    expect(expired.status()).toBe(409);
    expect((await expired.json()).code).toBe('BATCH_EXPIRED');

    // 3. Edit: 2,5 → 4 (max = 7,5 left + the 2,5 of this sale); the old row stays, greyed.
    await page.getByTestId(`sale-edit-${listed[0].id}`).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Modifica vendita' })).toBeVisible();
    await expect(batch).toHaveValue(`${warehouseId}|${FIRST.batch}`);
    await page.getByTestId('sale-quantity').fill('4');
    await page.getByTestId('sale-save').click();
    await expect(page.getByText('Vendita modificata con successo').last()).toBeVisible();
    await expect(rowOf(page, CUSTOMER)).toHaveCount(2);
    await expect(rowOf(page, CUSTOMER).first()).toContainText('4');
    await expect(rowOf(page, CUSTOMER).nth(1)).toHaveClass(/row-inactive/);
    expect(await stockOf(FIRST.batch)).toBe('6');

    // 4. Revoke the edited sale (with confirmation): greyed, no actions, the goods back in stock.
    const current = rowOf(page, CUSTOMER).first();
    await current.getByRole('button', { name: /^Revoca la vendita di / }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoca', exact: true }).click();
    await expect(page.getByText('Vendita revocata con successo').last()).toBeVisible();
    await expect(rowOf(page, CUSTOMER).first()).toHaveClass(/row-inactive/);
    await expect(rowOf(page, CUSTOMER).first().getByRole('button')).toHaveCount(0);
    expect(await stockOf(FIRST.batch)).toBe('10');

    // 5. French once.
    await switchLanguage(page, 'fr');
    await expect(page.getByRole('heading', { level: 1, name: 'Ventes' })).toBeVisible();
    await expect(rowOf(page, CUSTOMER).first()).toContainText('Révoquée');
    expect(errors).toEqual([]);
  });
});
