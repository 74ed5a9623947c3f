import { expect, test, type Page } from '@playwright/test';
import { apiToken, bearer, signIn, switchLanguage } from './support';

// Issue 3: the registries in the browser, against the real server and database.
const suffix = Date.now().toString(36).toUpperCase();

const productRow = (page: Page, code: string) =>
  page
    .getByTestId('products-table')
    .getByRole('row')
    .filter({ has: page.getByText(code, { exact: true }) });

async function searchProducts(page: Page, term: string): Promise<void> {
  await page.getByRole('searchbox').fill(term);
  // The list's URL carries the term once typing pauses (usePagedList's debounce): wait for it, so the rows that follow
  // are the filtered ones. (A write still pending when the user leaves is dropped: usePagedList.test.tsx.)
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(term)}(&|$)`));
  await expect(page.getByTestId('products-count')).toHaveText(/Totale prodotti: \d+|Total des produits : \d+/);
}

test.describe('registries', () => {
  test('products: create, edit, duplicate, archive, reactivate and delete', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const code = `E2E-${suffix}`;
    const copy = `E2E-${suffix}-BIS`;

    await signIn(page);
    await page.getByTestId('card-registry').click();
    await page.getByTestId('card-products').click();
    await expect(page).toHaveURL(/\/anagrafica\/prodotti$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Prodotti' })).toBeVisible();

    // Create: the required fields first say so, then the product is saved and listed.
    await page.getByTestId('add-product').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Nuovo prodotto' })).toBeVisible();
    await page.getByTestId('product-save').click();
    await expect(page.getByTestId('error-code')).toHaveText('Campo obbligatorio');
    await expect(page.getByTestId('error-category')).toHaveText('Campo obbligatorio');
    await page.getByLabel(/^Codice/).fill(code);
    await page.getByLabel(/^Descrizione/).fill('Guarnizione in gomma NBR per raccordi oleodinamici');
    await page.getByLabel(/^Famiglia/).fill('Oleodinamica');
    await page.getByLabel('Unità di misura').selectOption('piece');
    await expect(page.getByLabel(/^Valuta/)).toHaveValue('EUR');
    await page.getByLabel('Gestione lotti').check();
    await page.getByTestId('product-save').click();
    await expect(page.getByText('Prodotto creato con successo')).toBeVisible();
    await expect(page).toHaveURL(/\/anagrafica\/prodotti$/);

    // The search is done by the server, and remembered when coming back.
    await searchProducts(page, code.toLowerCase());
    await expect(productRow(page, code)).toHaveCount(1);
    const row = productRow(page, code);
    await expect(row).toContainText('Attivo');
    // Cut at 20 characters on screen, the whole text on hover (title).
    await expect(row.getByTitle('Guarnizione in gomma NBR per raccordi oleodinamici').locator('[aria-hidden="true"]')).toHaveText(
      'Guarnizione in gomma…',
    );

    // Edit.
    await row.getByRole('link', { name: `Modifica ${code}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Modifica prodotto' })).toBeVisible();
    await expect(page.getByLabel(/^Codice/)).toHaveValue(code);
    await page.getByLabel(/^Valuta/).selectOption('USD');
    await page.getByLabel(/^Descrizione/).fill('Guarnizione NBR');
    await page.getByTestId('product-save').click();
    await expect(page.getByText('Prodotto aggiornato con successo')).toBeVisible();
    await expect(page.getByRole('searchbox')).toHaveValue(code.toLowerCase());
    await expect(productRow(page, code)).toContainText('Guarnizione NBR');

    // Duplicate: the copy starts with an empty code (never a guaranteed 409); the original's code typed back is refused
    // with the server's message, then a new code saves a second product.
    await productRow(page, code)
      .getByRole('button', { name: `Duplica ${code}` })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Duplica prodotto' })).toBeVisible();
    await expect(page.getByLabel(/^Valuta/)).toHaveValue('USD');
    await expect(page.getByLabel(/^Codice/)).toHaveValue('');
    await page.getByLabel(/^Codice/).fill(code);
    await page.getByTestId('product-save').click();
    await expect(page.getByTestId('product-save-error')).toHaveText(`Esiste già un prodotto con il codice ${code}`);
    await page.getByLabel(/^Codice/).fill(copy);
    await page.getByTestId('product-save').click();
    // .last(): the first creation's toast may still be open (headless Chromium can pause toasts on focus loss).
    await expect(page.getByText('Prodotto creato con successo').last()).toBeVisible();
    await expect(page.getByTestId('products-count')).toHaveText('Totale prodotti: 2');

    // Archive, then reactivate: each asks first, then the list reloads.
    await productRow(page, copy)
      .getByRole('button', { name: `Archivia ${copy}` })
      .click();
    await expect(page.getByRole('dialog')).toContainText('Sei sicuro di voler cambiare lo stato di questo prodotto?');
    await page.getByTestId('confirm-ok').click();
    await expect(productRow(page, copy)).toContainText('Inattivo');
    await productRow(page, copy)
      .getByRole('button', { name: `Attiva ${copy}` })
      .click();
    await page.getByTestId('confirm-ok').click();
    await expect(productRow(page, copy)).toContainText('Attivo');

    // Sort by code: ascending, then descending.
    await page
      .getByRole('columnheader', { name: /Codice/ })
      .getByRole('button')
      .click();
    await expect(page.getByTestId('products-table').getByRole('row').nth(1)).toContainText(code);
    await page
      .getByRole('columnheader', { name: /Codice/ })
      .getByRole('button')
      .click();
    await expect(page.getByTestId('products-table').getByRole('row').nth(1)).toContainText(copy);

    // Delete (soft on the server): asks, confirms, the row is gone.
    await productRow(page, copy)
      .getByRole('button', { name: `Elimina ${copy}` })
      .click();
    await expect(page.getByRole('dialog')).toContainText('Sei sicuro di voler eliminare questo prodotto?');
    await page.getByTestId('confirm-ok').click();
    await expect(page.getByText('Prodotto eliminato con successo')).toBeVisible();
    await expect(productRow(page, copy)).toHaveCount(0);
    await expect(page.getByTestId('products-count')).toHaveText('Totale prodotti: 1');

    // Leaving and coming back restores the search term.
    await page.getByTestId('nav-home').click();
    await page.goto('/anagrafica/prodotti');
    await expect(page.getByRole('searchbox')).toHaveValue(code.toLowerCase());
    await expect(productRow(page, code)).toHaveCount(1);
    await page.getByRole('searchbox').fill('');
    expect(errors).toEqual([]);
  });

  test('warehouses, suppliers and customers: create each; a warehouse holding stock cannot be deleted', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const warehouse = `Deposito E2E ${suffix}`;
    await signIn(page);

    // Warehouse.
    await page.goto('/anagrafica/magazzini');
    await page.getByTestId('add-warehouse').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Nuovo magazzino' })).toBeVisible();
    await page.getByTestId('warehouse-save').click();
    await expect(page.getByTestId('error-name')).toHaveText('Campo obbligatorio');
    await page.getByLabel(/^Nome/).fill(warehouse);
    await page.getByLabel('Descrizione').fill('Via del Porto 4, Genova');
    await page.getByTestId('warehouse-save').click();
    await expect(page.getByText('Magazzino creato con successo')).toBeVisible();
    const whRow = page.getByTestId('warehouses-table').getByRole('row').filter({ hasText: warehouse });
    await expect(whRow).toContainText('Attivo');

    // Put stock in it through the stock API, then try to delete it: the exact §8 sentence.
    const token = await apiToken(page);
    const whId = (
      await (await page.request.get(`/api/warehouses?q=${encodeURIComponent(warehouse)}`, { headers: bearer(token) })).json()
    )[0].id;
    const product = await page.request.post('/api/products', {
      headers: bearer(token),
      data: { code: `STK-${suffix}`, description: 'Articolo in giacenza', category: 'Test', currency: 'EUR' },
    });
    expect(product.status()).toBe(201);
    const load = await page.request.post('/api/stock-movements', {
      headers: bearer(token),
      data: { movement_type: 'C', movement_date: '10/03/2025', product_id: (await product.json()).id, warehouse_id: whId, quantity: 5 },
    });
    expect(load.status()).toBe(201);
    await page.reload();
    await whRow.getByRole('button', { name: `Elimina ${warehouse}` }).click();
    await expect(page.getByRole('dialog')).toContainText('Sei sicuro di voler eliminare questo magazzino?');
    await page.getByTestId('confirm-ok').click();
    await expect(page.getByText('Impossibile eliminare il magazzino: contiene ancora prodotti')).toBeVisible();
    await expect(whRow).toHaveCount(1);

    // Supplier and customer: the same inline form, country prefilled with Italia.
    for (const [path, add, name, vat] of [
      ['/anagrafica/fornitori', 'Nuovo fornitore', `Fornitore E2E ${suffix} S.r.l.`, '00488410010'],
      ['/anagrafica/clienti', 'Nuovo cliente', `Cliente E2E ${suffix} S.p.A.`, '12345678903'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('button', { name: add }).click();
      await expect(page.getByRole('table')).toHaveCount(0);
      await expect(page.getByLabel(/^Nazione/)).toHaveValue('Italia');
      await page.getByLabel(/^Ragione sociale/).fill(name);
      await page.getByLabel(/^Partita IVA/).fill(vat);
      await page.getByLabel(/^Indirizzo/).fill('Via Roma 10');
      await page.getByLabel(/^Città/).fill('Parma');
      await page.getByLabel(/^Provincia/).fill('PR');
      await page.getByLabel(/^CAP/).fill('43121');
      await page.getByLabel(/^Email/).fill('ordini@e2e');
      await page.getByLabel(/^Telefono \*?$|^Telefono$/).fill('0521 123456');
      await page.getByTestId('party-save').click();
      await expect(page.getByTestId('error-email')).toHaveText('Indirizzo email non valido');
      await page.getByLabel(/^Email/).fill('ordini@e2e.example');
      await page.getByTestId('party-save').click();
      await expect(page.getByText(/(Fornitore|Cliente) creato con successo/).last()).toBeVisible();
      const partyRow = page.getByRole('table').getByRole('row').filter({ hasText: name });
      await expect(partyRow).toContainText('Parma');
      await expect(partyRow).toContainText(vat);
    }
    expect(errors).toEqual([]);
  });

  test('the same screens in French', async ({ page }) => {
    await signIn(page);
    await switchLanguage(page, 'fr');
    await page.goto('/anagrafica');
    await expect(page.getByRole('heading', { level: 1, name: 'Référentiels' })).toBeVisible();

    await page.getByTestId('card-products').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Produits' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Nouveau produit' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Réinitialiser le tri' })).toBeVisible();
    await expect(page.getByPlaceholder('Rechercher...')).toBeVisible();
    await expect(page.getByRole('columnheader', { name: /Famille/ })).toBeVisible();
    await page.getByTestId('add-product').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Nouveau produit' })).toBeVisible();
    await page.getByTestId('product-save').click();
    await expect(page.getByTestId('error-code')).toHaveText('Champ obligatoire');
    await expect(page.getByLabel('Gestion des lots')).toBeVisible();

    await page.goto('/anagrafica/magazzini');
    await expect(page.getByRole('heading', { level: 1, name: 'Entrepôts' })).toBeVisible();
    await expect(page.getByTestId('warehouses-count')).toHaveText(/Total des entrepôts : \d+/);

    for (const [path, title, add] of [
      ['/anagrafica/fornitori', 'Fournisseurs', 'Nouveau fournisseur'],
      ['/anagrafica/clienti', 'Clients', 'Nouveau client'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByRole('columnheader', { name: /Raison sociale/ })).toBeVisible();
      await page.getByRole('button', { name: add }).click();
      await expect(page.getByLabel(/^Pays/)).toHaveValue('Italia');
      await page.getByTestId('party-save').click();
      await expect(page.getByTestId('error-business_name')).toHaveText('Champ obligatoire');
    }
    await switchLanguage(page, 'it');
  });
});
