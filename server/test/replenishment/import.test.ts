/**
 * The stock-limits CSV import (issue 28): code;warehouse;min;max with the decimal comma, header optional; every bad row
 * reported at once in the caller's language, nothing written until all are good. PGlite and PostgreSQL.
 */
import { makeTestApp, type TestApp } from '../helpers';
import { makeWarehouse, supplierProduct, makeSupplier } from './kit';

let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await makeTestApp();
  ({ headers } = await t.signIn('orders'));
});
afterAll(async () => {
  await t.close();
});

const post = (csv: unknown, lang = 'it') =>
  t.app.inject({ method: 'POST', url: '/api/stock-limits/import', headers: { ...headers, 'accept-language': lang }, payload: { csv } });

async function limitsOf(productId: number) {
  const { rows } = await t.db.query<{ warehouse_id: number; min: string; max: string }>(
    'SELECT warehouse_id::int AS warehouse_id, min_quantity::text AS min, max_quantity::text AS max FROM stock_limits WHERE product_id = $1 ORDER BY warehouse_id',
    [productId],
  );
  return rows;
}

it('imports every row, decimal comma and thousands dot, header and BOM, and updates an existing limit', async () => {
  const s = await makeSupplier(t.db);
  const a = await supplierProduct(t.db, s);
  const b = await supplierProduct(t.db, s);
  const w1 = await makeWarehouse(t.db);
  const w2 = await makeWarehouse(t.db);
  const csv = `\uFEFFcodice;magazzino;minimo;massimo\r\n${a.code};${w1.name};10;1.500\r\n${a.code.toLowerCase()};${w2.name.toUpperCase()};2,5;7,25\r\n\r\n${b.code};${w1.name};0;1\r\n`;
  const res = await post(csv);
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ imported: 3, products: 2 });
  expect(await limitsOf(a.id)).toEqual([
    { warehouse_id: w1.id, min: '10.000', max: '1500.000' },
    { warehouse_id: w2.id, min: '2.500', max: '7.250' },
  ]);
  expect((await post(`${b.code};${w1.name};3;4`)).json()).toEqual({ imported: 1, products: 1 });
  expect(await limitsOf(b.id)).toEqual([{ warehouse_id: w1.id, min: '3.000', max: '4.000' }]);
});

it('reports every bad row at once, in the caller language, and writes nothing', async () => {
  const s = await makeSupplier(t.db);
  const a = await supplierProduct(t.db, s);
  const w = await makeWarehouse(t.db);
  const csv = [
    `${a.code};${w.name};1;5`, // good, but not written: other rows are bad
    `NOPE-1;${w.name};1;5`,
    `${a.code};Nessuno;1;5`,
    `${a.code};${w.name};9;3`,
    `${a.code};${w.name};1`,
    `${a.code};${w.name};abc;-1`,
    `${a.code};${w.name};1;6`,
  ].join('\n');
  const res = await post(csv);
  expect(res.statusCode).toBe(400);
  const body = res.json();
  expect(body.code).toBe('CSV_INVALID');
  expect(body.error).toBe('Il file contiene righe non valide: nulla è stato importato');
  expect(Object.keys(body.fields)).toEqual(['line 2', 'line 3', 'line 4', 'line 5', 'line 6', 'line 7']);
  expect(body.fields['line 2']).toBe('Prodotto NOPE-1 inesistente');
  expect(body.fields['line 3']).toBe('Magazzino «Nessuno» inesistente');
  expect(body.fields['line 4']).toBe('max: Il massimo non può essere inferiore al minimo');
  expect(body.fields['line 5']).toMatch(/4 colonne/);
  expect(body.fields['line 6']).toBe('min: Valore non valido; max: Il valore deve essere maggiore di zero');
  expect(body.fields['line 7']).toBe('Prodotto e magazzino già presenti alla riga 1');
  expect(await limitsOf(a.id)).toEqual([]);

  const fr = (await post(`NOPE-1;${w.name};1,5;2`, 'fr')).json();
  expect(fr.error).toBe("Le fichier contient des lignes non valides : rien n'a été importé");
  expect(fr.fields['line 1']).toBe('Produit NOPE-1 inexistant');
  // In French "1.500" is ambiguous, refused rather than guessed.
  expect((await post(`${a.code};${w.name};1;1.500`, 'fr')).statusCode).toBe(400);
});

it('refuses an empty file, a non-text body and other roles', async () => {
  expect((await post('')).json().code).toBe('CSV_EMPTY');
  expect((await post('codice;magazzino;min;max\n')).json().code).toBe('CSV_EMPTY');
  // A header in English, or as a spreadsheet names its columns, is a header too, not a product named "product_code".
  for (const header of ['product_code;warehouse;min;max', 'Product code;Warehouse;Min;Max', 'code_produit;entrepot;min;max'])
    expect([header, (await post(`${header}\n`)).json().code]).toEqual([header, 'CSV_EMPTY']);
  expect((await post(12)).statusCode).toBe(400);
  const wh = await t.signIn('warehouse');
  const res = await t.app.inject({ method: 'POST', url: '/api/stock-limits/import', headers: wh.headers, payload: { csv: 'a;b;1;2' } });
  expect(res.statusCode).toBe(403);
});
