import { expect, test, type Page } from '@playwright/test';
import { apiToken, bearer, exactDecimal, expectBackOnList, signIn, sumExact, typeDate, typeNumber } from './support';

// Issue 8: every quantity and price field of every form takes an Italian decimal comma. "2,5" is typed (fill('') then
// keys, as typeNumber does — also over an existing value in the edit forms) and the API reads back exactly 2.5 (issue 21:
// a decimal string such as '2.500', compared digit by digit).
// Names are unique per test: each one sets up its own product, supplier, customer and warehouse.
let suffix = Date.now().toString(36).toUpperCase();
let CODE = `E2E-DEC-${suffix}`;
let SUPPLIER = `E2E Virgola Fornitore ${suffix}`;
let CUSTOMER = `E2E Virgola Cliente ${suffix}`;
let WAREHOUSE = `E2E Virgola Magazzino ${suffix}`;

const party = (name: string) => ({
  business_name: name,
  vat_number: '01234567897',
  address: 'Via Roma 1',
  city: 'Brescia',
  province: 'BS',
  zip_code: '25100',
  country: 'Italia',
  email: 'dec@example.com',
  phone: '030 1',
});

async function pick(page: Page, label: RegExp, text: string, option: string) {
  await page.getByRole('combobox', { name: label }).fill(text);
  await page
    .getByRole('option', { name: new RegExp(option) })
    .first()
    .click();
}

test('2,5 typed in a new and an edited movement and in a new price reaches the API as 2.5 and 12.5', async ({ page }) => {
  test.setTimeout(240_000);
  const headers = bearer(await apiToken(page));
  const get = async (url: string) => {
    const res = await page.request.get(url, { headers });
    expect(res.status()).toBe(200);
    return res.json();
  };
  const warehouse = await page.request.post('/api/warehouses', { headers, data: { name: WAREHOUSE, description: null, is_active: true } });
  expect(warehouse.status()).toBe(201);
  const supplier = await page.request.post('/api/suppliers', { headers, data: party(SUPPLIER) });
  expect(supplier.status()).toBe(201);
  const supplierId = (await supplier.json()).id as number;
  const customer = await page.request.post('/api/customers', { headers, data: party(CUSTOMER) });
  expect(customer.status()).toBe(201);
  const product = await page.request.post('/api/products', {
    headers,
    data: { code: CODE, description: 'Vite virgola', category: 'Viteria', currency: 'EUR', unit_of_measure: 'kg', supplier_id: supplierId },
  });
  expect(product.status()).toBe(201);
  const productId = (await product.json()).id as number;
  const stockOf = async () => sumExact(((await get(`/api/stock/product/${productId}`)) as { quantity: string }[]).map((r) => r.quantity));
  await signIn(page);

  // Movements: a load of 2,5, then the same movement edited to 12,5 (typed over the old value).
  await page.goto('/operazioni/movimenti/nuovo');
  await typeDate(page, 'movement-date', '05/03/2026');
  await page.getByTestId('movement-product').fill(CODE);
  await page.getByTestId(`product-option-${CODE}`).click();
  await page.getByTestId('movement-warehouse').selectOption({ label: WAREHOUSE });
  await typeNumber(page, 'movement-quantity', '2,5');
  await page.getByTestId('movement-save').click();
  await expectBackOnList(page, '/operazioni/movimenti', CODE, 'product_code');
  expect(await stockOf()).toBe('2.5');
  const [movement] = (await get(`/api/stock-movements?product_code=${CODE}`)) as { id: string | number }[];
  await page.goto(`/operazioni/movimenti/${String(movement.id).split('-')[0]}`);
  await expect(page.getByTestId('movement-quantity')).toHaveValue('2,5');
  await typeNumber(page, 'movement-quantity', '12,5');
  await expect(page.getByTestId('movement-quantity')).toHaveValue('12,5');
  await page.getByTestId('movement-save').click();
  await expectBackOnList(page, '/operazioni/movimenti', CODE, 'product_code');
  expect(await stockOf()).toBe('12.5');

  // Prices: 2,5 on a new price, then 2,75 typed over it.
  await page.goto('/operazioni/prezzi/nuovo');
  await pick(page, /Fornitore/, SUPPLIER, SUPPLIER);
  await pick(page, /Prodotto/, CODE, CODE);
  await typeNumber(page, 'price-input', '2,5');
  await page.getByTestId('save-price').click();
  await expect(page).toHaveURL(/\/operazioni\/prezzi(\?.*)?$/);
  const [price] = (await get(`/api/prices/product/${productId}`)) as { id: number; price: string }[];
  expect(exactDecimal(price.price)).toBe('2.5');
});

// The rest of the tour (price edit, purchase-order line, goods receipt, sale), from a fresh set-up of its own: the stock
// is that product's alone (2,5 received, 2,5 sold). Found 23/11: typed over "2,50000" an edited price read "2,52,75"
// (NumberField's focus rewrite lost Playwright's select-all), so the save was refused and stayed on the form.
test('2,5 typed over an edited price, in an order line, a receipt and a sale reaches the API as 2.5', async ({ page }) => {
  test.setTimeout(240_000);
  suffix = `${suffix}B`;
  CODE = `E2E-DEC-${suffix}`;
  SUPPLIER = `E2E Virgola Fornitore ${suffix}`;
  CUSTOMER = `E2E Virgola Cliente ${suffix}`;
  WAREHOUSE = `E2E Virgola Magazzino ${suffix}`;
  const headers = bearer(await apiToken(page));
  const get = async (url: string) => {
    const res = await page.request.get(url, { headers });
    expect(res.status()).toBe(200);
    return res.json();
  };
  const warehouse = await page.request.post('/api/warehouses', { headers, data: { name: WAREHOUSE, description: null, is_active: true } });
  expect(warehouse.status()).toBe(201);
  const supplier = await page.request.post('/api/suppliers', { headers, data: party(SUPPLIER) });
  expect(supplier.status()).toBe(201);
  const supplierId = (await supplier.json()).id as number;
  const customer = await page.request.post('/api/customers', { headers, data: party(CUSTOMER) });
  expect(customer.status()).toBe(201);
  const product = await page.request.post('/api/products', {
    headers,
    data: { code: CODE, description: 'Vite virgola', category: 'Viteria', currency: 'EUR', unit_of_measure: 'kg', supplier_id: supplierId },
  });
  expect(product.status()).toBe(201);
  const productId = (await product.json()).id as number;
  const stockOf = async () => sumExact(((await get(`/api/stock/product/${productId}`)) as { quantity: string }[]).map((r) => r.quantity));
  await signIn(page);
  await page.goto('/operazioni/prezzi/nuovo');
  await pick(page, /Fornitore/, SUPPLIER, SUPPLIER);
  await pick(page, /Prodotto/, CODE, CODE);
  await typeNumber(page, 'price-input', '2,5');
  await page.getByTestId('save-price').click();
  // Saved once back on the list (reading the API before that raced the POST).
  await expect(page).toHaveURL(/\/operazioni\/prezzi(\?.*)?$/);
  const [price] = (await get(`/api/prices/product/${productId}`)) as { id: number; price: string }[];
  await page.goto(`/operazioni/prezzi/${price.id}`);
  await expect(page.getByTestId('price-input')).toHaveValue(/^2,5/);
  await typeNumber(page, 'price-input', '2,75');
  await page.getByTestId('save-price').click();
  await expect(page).toHaveURL(/\/operazioni\/prezzi(\?.*)?$/);
  expect(exactDecimal(((await get(`/api/prices/${price.id}`)) as { price: string }).price)).toBe('2.75');

  // Purchase order line: quantity and unit price 2,5; then the quantity typed over as 4,5.
  await page.goto('/operazioni/ordini-fornitori/nuovo');
  await pick(page, /Fornitore/, SUPPLIER, SUPPLIER);
  await page.getByTestId('add-line').click();
  await pick(page, /Prodotto/, CODE, CODE);
  await typeNumber(page, 'quantity-0', '2,5');
  await typeNumber(page, 'unit-price-0', '2,5');
  await page.getByTestId('save-order').click();
  await expect(page).toHaveURL(/\/operazioni\/ordini-fornitori(\?.*)?$/);
  const [order] = (await get(`/api/purchase-orders?supplier_id=${supplierId}`)) as { id: number; order_number: string }[];
  let saved = await get(`/api/purchase-orders/${order.id}`);
  expect(exactDecimal(saved.items[0].quantity)).toBe('2.5');
  expect(exactDecimal(saved.items[0].unit_price)).toBe('2.5');
  await page.goto(`/operazioni/ordini-fornitori/${order.id}`);
  await expect(page.getByTestId('quantity-0')).toHaveValue(/^2,5/);
  await typeNumber(page, 'quantity-0', '4,5');
  await page.getByTestId('save-order').click();
  await expect(page).toHaveURL(/\/operazioni\/ordini-fornitori(\?.*)?$/);
  saved = await get(`/api/purchase-orders/${order.id}`);
  expect(exactDecimal(saved.items[0].quantity)).toBe('4.5');

  // Goods receipt: 2,5 received of that line.
  await page.goto(`/operazioni/ricezione-merce/${order.id}`);
  await page.getByTestId('document-number').fill(`DDT-${suffix}`);
  await typeDate(page, 'document-date', '12/03/2026');
  await typeNumber(page, `quantity-${CODE}`, '2,5');
  await page.getByTestId(`warehouse-${CODE}`).selectOption({ label: WAREHOUSE });
  await page.getByTestId('receive-save').click();
  await expect(page).toHaveURL(/\/operazioni\/ricezione-merce$/);
  const receipt = await get(`/api/goods-receipts/order-details/${order.id}`);
  expect(exactDecimal(receipt.items[0].received_quantity)).toBe('2.5');
  expect(await stockOf()).toBe('2.5');

  // Sales: 2,5 sold.
  await page.goto('/operazioni/vendite/nuova');
  await page.getByTestId('sale-customer').fill(CUSTOMER);
  await page.getByRole('option', { name: CUSTOMER }).click();
  await page.getByTestId('sale-product').fill(CODE);
  await page.getByTestId(`product-option-${CODE}`).click();
  await typeNumber(page, 'sale-quantity', '2,5');
  await page.getByTestId('sale-save').click();
  await expect(page).toHaveURL(/\/operazioni\/vendite$/);
  const sales = (await get(`/api/sales?q=${encodeURIComponent(CUSTOMER)}`)) as { quantity: string; customer_name: string }[];
  expect(sales.filter((s) => s.customer_name === CUSTOMER).map((s) => exactDecimal(s.quantity))).toEqual(['2.5']);
  expect(await stockOf()).toBe('0');
});
