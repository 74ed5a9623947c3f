import { expect, test } from '@playwright/test';
import { apiPost, apiToken, bearer, signIn } from './support';
import { unique } from './portal-data';

// Two people edit the same product (README "Edits that do not overwrite someone else's"): the second save is refused
// with the server's words, nothing of it is written, and after a reload the first save is there to edit again.
test('the second of two edits of one product is refused, in words, and the first one stands', async ({ browser }) => {
  const code = `CONFL-${unique()}`;
  const first = await browser.newPage();
  await signIn(first);
  const post = apiPost(first, bearer(await apiToken(first)));
  const { id } = await post('/api/products', {
    code,
    description: 'Guarnizione originale',
    category: 'Oleodinamica',
    currency: 'EUR',
    unit_of_measure: 'piece',
  });
  const second = await browser.newPage();
  await signIn(second);
  const description = (page: typeof first) => page.getByLabel(/^Descrizione/);
  for (const page of [first, second]) {
    await page.goto(`/anagrafica/prodotti/${id}`);
    await expect(description(page)).toHaveValue('Guarnizione originale');
  }

  await description(first).fill('Guarnizione NBR (magazzino)');
  await first.getByTestId('product-save').click();
  await expect(first.getByText('Prodotto aggiornato con successo')).toBeVisible();

  await description(second).fill('Guarnizione EPDM (ufficio acquisti)');
  await second.getByTestId('product-save').click();
  await expect(second.getByTestId('product-save-error')).toContainText('Qualcun altro ha modificato questi dati');
  await expect(second).toHaveURL(new RegExp(`/anagrafica/prodotti/${id}$`));
  await expect(description(second)).toHaveValue('Guarnizione EPDM (ufficio acquisti)'); // the user's text is not lost on screen

  await second.reload();
  await expect(description(second)).toHaveValue('Guarnizione NBR (magazzino)');
  await description(second).fill('Guarnizione NBR ed EPDM');
  await second.getByTestId('product-save').click();
  await expect(second.getByText('Prodotto aggiornato con successo')).toBeVisible();
  await Promise.all([first.close(), second.close()]);
});
