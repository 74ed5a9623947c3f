import { expect, test, type Page } from '@playwright/test';
import { apiToken, bearer, exactDecimal, signIn, switchLanguage, typeNumber } from './support';

// Issue 9: prices and purchase orders in the browser against the real server. Create a price typed with a decimal comma,
// be refused an overlapping one with the §8 text, order the product with its price looked up, edit, print, delete; a
// unit price typed for a product without a price saved as the supplier's price from today (issue 22); French once.
const suffix = Date.now().toString(36).toUpperCase();
const CODE = `E2E-BUY-${suffix}`;
const CODE2 = `E2E-BUY2-${suffix}`;
const SUPPLIER = `E2E Fornitore ${suffix}`;

async function pick(page: Page, label: RegExp, text: string, option: string) {
  const box = page.getByRole('combobox', { name: label });
  await box.fill(text);
  await page
    .getByRole('option', { name: new RegExp(option) })
    .first()
    .click();
}

test.describe('buying', () => {
  test('price, refused overlap, order priced from the list, edit, print, delete; French once', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const headers = bearer(await apiToken(page));
    const supplier = await page.request.post('/api/suppliers', {
      headers,
      data: {
        business_name: SUPPLIER,
        vat_number: '01234567897',
        address: 'Via Roma 1',
        city: 'Brescia',
        province: 'BS',
        zip_code: '25100',
        country: 'Italia',
        email: 'e2e@example.com',
        phone: '030 1',
      },
    });
    expect(supplier.status()).toBe(201);
    const supplierId = (await supplier.json()).id as number;
    const product = await page.request.post('/api/products', {
      headers,
      data: {
        code: CODE,
        description: 'Bullone e2e',
        category: 'Viteria',
        currency: 'EUR',
        unit_of_measure: 'piece',
        supplier_id: supplierId,
      },
    });
    expect(product.status()).toBe(201);
    const productId = (await product.json()).id as number;

    // 1. A price typed as 2,5 (start today by default) reaches the API as 2.5.
    await signIn(page);
    await page.goto('/operazioni/prezzi');
    await expect(page.getByRole('heading', { level: 1, name: 'Prezzi' })).toBeVisible();
    await page.getByTestId('add-price').click();
    await pick(page, /Fornitore/, SUPPLIER, SUPPLIER);
    await pick(page, /Prodotto/, CODE, CODE);
    await page.getByTestId('price-input').fill('2,5');
    await page.getByTestId('save-price').click();
    await expect(page.getByText('Prezzo creato con successo').last()).toBeVisible();
    // Back on the list, the price just saved is shown highlighted (issue 22).
    await expect(page.locator('tr.row-saved')).toContainText(CODE);
    const prices = (await (await page.request.get(`/api/prices/product/${productId}`, { headers })).json()) as {
      price: string;
      status: string;
    }[];
    expect(prices).toHaveLength(1);
    expect(exactDecimal(prices[0].price)).toBe('2.5');
    expect(prices[0].status).toBe('active');

    // 2. An overlapping price (same product and supplier, open end from today) is refused with the §8 text.
    await page.getByTestId('add-price').click();
    await pick(page, /Prodotto/, CODE, CODE);
    await page.getByTestId('price-input').fill('3');
    await page.getByTestId('save-price').click();
    await expect(page.getByText('Esiste già un prezzo valido per questo periodo').first()).toBeVisible();
    await page.getByRole('button', { name: 'Annulla' }).click();

    // 3. An order: the unit price comes from the price in force; quantity typed as 2,5.
    await page.goto('/operazioni/ordini-fornitori/nuovo');
    await pick(page, /Fornitore/, SUPPLIER, SUPPLIER);
    await page.getByTestId('add-line').click();
    await pick(page, /Prodotto/, CODE, CODE);
    await expect(page.getByTestId('price-source-0')).toContainText('Prezzo in vigore dal');
    await expect(page.getByTestId('unit-price-0')).toHaveValue(/2,5/);
    await typeNumber(page, 'quantity-0', '2,5');
    await expect(page.getByTestId('line-total-0')).toContainText('6,25');
    await page.getByTestId('save-order').click();
    await expect(page.getByText('Ordine creato con successo').last()).toBeVisible();
    await expect(page).toHaveURL(/\/operazioni\/ordini-fornitori(\?.*)?$/);
    await expect(page.locator('tr.row-saved')).toHaveAttribute('aria-current', 'true');
    const list = (await (await page.request.get(`/api/purchase-orders?supplier_id=${supplierId}`, { headers })).json()) as {
      id: number;
      order_number: string;
    }[];
    expect(list).toHaveLength(1);
    const { id, order_number } = list[0];
    const saved = await (await page.request.get(`/api/purchase-orders/${id}`, { headers })).json();
    expect(exactDecimal(saved.items[0].quantity)).toBe('2.5');
    expect(exactDecimal(saved.items[0].unit_price)).toBe('2.5');
    expect(saved.items[0]).toMatchObject({ total: '6.2500', price_source: 'price' });
    expect(saved.status).toBe('notReceived');

    // 4. Edit: quantity 4 → total 10.
    await page.getByTestId(`edit-order-${id}`).click();
    await expect(page.getByTestId('quantity-0')).toHaveValue(/2,5/);
    // As a user does: click into the field, select its text, type over it.
    await page.getByTestId('quantity-0').click();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('4');
    await page.getByTestId('quantity-0').blur();
    await expect(page.getByTestId('line-total-0')).toContainText('10,00');
    await page.getByTestId('save-order').click();
    await expect(page.getByText('Ordine aggiornato con successo').last()).toBeVisible();
    expect((await (await page.request.get(`/api/purchase-orders/${id}`, { headers })).json()).total_amount).toBe('10.0000');

    // 5. The A4 print view.
    await page.getByTestId(`print-order-${id}`).click();
    await expect(page.getByTestId('print-number')).toHaveText(order_number);
    await expect(page.getByTestId('print-supplier')).toContainText(SUPPLIER);
    await expect(page.getByTestId('print-total')).toContainText('10,00\u00a0€'); // the one money format (formatAmount)

    // 6. Delete with confirmation.
    await page.goto('/operazioni/ordini-fornitori');
    await page.getByTestId(`delete-order-${id}`).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Elimina' }).click();
    await expect(page.getByText('Ordine eliminato con successo').last()).toBeVisible();
    expect((await page.request.get(`/api/purchase-orders/${id}`, { headers })).status()).toBe(404);

    // 6b. A product with no price: the unit price typed on its line is saved as the supplier's price from today.
    const product2 = await page.request.post('/api/products', {
      headers,
      data: {
        code: CODE2,
        description: 'Dado e2e',
        category: 'Viteria',
        currency: 'EUR',
        unit_of_measure: 'piece',
        supplier_id: supplierId,
      },
    });
    expect(product2.status()).toBe(201);
    const product2Id = (await product2.json()).id as number;
    await page.goto('/operazioni/ordini-fornitori/nuovo');
    await pick(page, /Fornitore/, SUPPLIER, SUPPLIER);
    await page.getByTestId('add-line').click();
    await pick(page, /Prodotto/, CODE2, CODE2);
    await expect(page.getByTestId('price-source-0')).toContainText('Nessun prezzo in vigore');
    await typeNumber(page, 'quantity-0', '2');
    await typeNumber(page, 'unit-price-0', '1,25');
    await page.getByRole('checkbox', { name: 'Salva come prezzo del fornitore da oggi' }).check();
    await page.getByTestId('save-order').click();
    await expect(page.getByText(`Prezzo del fornitore di ${CODE2} salvato da oggi`).last()).toBeVisible();
    const prices2 = (await (await page.request.get(`/api/prices/product/${product2Id}`, { headers })).json()) as {
      price: string;
      status: string;
      supplier_id: number;
    }[];
    expect(prices2).toHaveLength(1);
    expect(exactDecimal(prices2[0].price)).toBe('1.25');
    expect(prices2[0]).toMatchObject({ status: 'active', supplier_id: supplierId });

    // 7. French once: the overlap refusal in French.
    await page.goto('/operazioni/prezzi');
    await switchLanguage(page, 'fr');
    await expect(page.getByRole('heading', { level: 1, name: 'Prix' })).toBeVisible();
    await page.getByTestId('add-price').click();
    await pick(page, /Produit/, CODE, CODE);
    await page.getByTestId('price-input').fill('1');
    await page.getByTestId('save-price').click();
    await expect(page.getByText('Un prix valide existe déjà pour cette période').first()).toBeVisible();
    await switchLanguage(page, 'it');
    expect(errors).toEqual([]);
  });
});
