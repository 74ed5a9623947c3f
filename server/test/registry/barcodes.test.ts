import { gs1RawText, labelElements, withCheckDigit } from '@wms/shared-api';
import { makeTestApp, type TestApp } from '../helpers';
import { caller, productBody, snapshot, unique, type Caller } from './kit';

jest.setTimeout(60_000);

let t: TestApp;
let admin: Caller;

beforeAll(async () => {
  t = await makeTestApp();
  admin = caller(t, (await t.signIn('admin')).headers);
});
afterAll(async () => {
  await t.close();
});

let gtinSeq = 0;
/** A fresh valid EAN-13 per call. */
const ean13 = () => withCheckDigit(`80${String(process.pid % 1000).padStart(3, '0')}${String(++gtinSeq).padStart(7, '0')}`);

const create = async (o: Record<string, unknown> = {}) => {
  const res = await admin.post('/products', productBody(o));
  expect(res.statusCode).toBe(201);
  return res.json();
};
const lookup = (code: string, lang = 'it') => admin.get(`/barcodes/${encodeURIComponent(code)}`, { 'accept-language': lang });

async function refused(res: Promise<{ statusCode: number; json: () => any }>, status: number, expected: Record<string, unknown>) {
  const before = await snapshot(t.db);
  const barcodesBefore = JSON.stringify((await t.db.query('SELECT * FROM product_barcodes ORDER BY id')).rows);
  const r = await res;
  expect(r.statusCode).toBe(status);
  expect(r.json()).toMatchObject(expected);
  expect(await snapshot(t.db)).toBe(before);
  expect(JSON.stringify((await t.db.query('SELECT * FROM product_barcodes ORDER BY id')).rows)).toBe(barcodesBefore);
}

describe('the product’s GTIN', () => {
  it('a wrong check digit is a 400 in the form’s words, it and fr; nothing is written', async () => {
    const bad = ean13().slice(0, -1) + 'x';
    const wrongDigit = (() => {
      const g = ean13();
      return g.slice(0, -1) + String((Number(g.slice(-1)) + 1) % 10);
    })();
    await refused(admin.post('/products', productBody({ barcode: wrongDigit })), 400, {
      code: 'VALIDATION',
      fields: { barcode: "Codice a barre non valido: la cifra di controllo (l'ultima) non corrisponde" },
    });
    await refused(admin.post('/products', productBody({ barcode: wrongDigit }), { 'accept-language': 'fr' }), 400, {
      fields: { barcode: 'Code-barres non valide : le chiffre de contrôle (le dernier) ne correspond pas' },
    });
    await refused(admin.post('/products', productBody({ barcode: bad })), 400, {
      fields: { barcode: 'Il codice a barre deve essere un GTIN di 8, 12, 13 o 14 cifre (EAN-8, UPC-A, EAN-13, GTIN-14)' },
    });
  });

  it.each([
    ['EAN-8', '96385074'],
    ['UPC-A', '036000291452'],
    ['GTIN-14', '10614141000415'],
  ])('accepts %s', async (_, code) => {
    const p = await create({ barcode: code });
    expect(p.barcode).toBe(code);
    expect((await lookup(code)).json().product.id).toBe(p.id);
  });

  it('is unique among live products, whatever its length (409 BARCODE_TAKEN); a deleted product’s GTIN is free again', async () => {
    const gtin = ean13();
    const first = await create({ barcode: gtin });
    await refused(admin.post('/products', productBody({ barcode: gtin })), 409, {
      code: 'BARCODE_TAKEN',
      error: `Il codice a barre ${gtin} è già assegnato a un altro prodotto`,
    });
    // The same GTIN written as GTIN-14 is the same article.
    await refused(admin.post('/products', productBody({ barcode: `0${gtin}` })), 409, { code: 'BARCODE_TAKEN' });
    const other = await create();
    await refused(admin.put(`/products/${other.id}`, productBody({ code: other.code, barcode: gtin }), { 'accept-language': 'fr' }), 409, {
      error: `Le code-barres ${gtin} est déjà attribué à un autre produit`,
    });
    expect((await admin.del(`/products/${first.id}`)).statusCode).toBe(200);
    await refusedLookup(gtin);
    const second = await create({ barcode: gtin });
    expect((await lookup(gtin)).json().product.id).toBe(second.id);
  });

  it('two saves racing for one GTIN: the database lets exactly one win', async () => {
    const gtin = ean13();
    const answers = await Promise.all(Array.from({ length: 6 }, () => admin.post('/products', productBody({ barcode: gtin }))));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
  });
});

async function refusedLookup(code: string) {
  const r = await lookup(code);
  expect(r.statusCode).toBe(404);
  expect(r.json()).toMatchObject({ code: 'BARCODE_UNKNOWN' });
}

describe('extra barcodes', () => {
  it('are saved with the product, read back, replaced by PUT and kept when PUT leaves them out', async () => {
    const gtin = ean13();
    const sup = unique('SUP');
    const p = await create({ barcode: gtin, extra_barcodes: [sup, ' ACME-77 '] });
    expect(p.extra_barcodes).toEqual([sup, 'ACME-77']);
    expect((await admin.get(`/products/${p.id}`)).json().extra_barcodes).toEqual([sup, 'ACME-77']);
    expect((await lookup(sup)).json().product.code).toBe(p.code);

    const body = productBody({ code: p.code, barcode: gtin });
    expect((await admin.put(`/products/${p.id}`, body)).json().extra_barcodes).toEqual([sup, 'ACME-77']);
    expect((await admin.put(`/products/${p.id}`, { ...body, extra_barcodes: ['ACME-78'] })).json().extra_barcodes).toEqual(['ACME-78']);
    await refusedLookup('ACME-77');
    expect((await lookup('ACME-78')).json().product.id).toBe(p.id);
  });

  it('clash with another product’s extra or GTIN, or their own GTIN: 409; repeated in one list: 400', async () => {
    const gtin = ean13();
    const sup = unique('SUP');
    const a = await create({ barcode: gtin, extra_barcodes: [sup] });
    await refused(admin.post('/products', productBody({ extra_barcodes: [sup] })), 409, { code: 'BARCODE_TAKEN' });
    await refused(admin.post('/products', productBody({ extra_barcodes: [`0${gtin}`] })), 409, {
      code: 'BARCODE_TAKEN',
      error: `Il codice a barre 0${gtin} è già assegnato a un altro prodotto`,
    });
    const own = ean13();
    await refused(admin.post('/products', productBody({ barcode: own, extra_barcodes: [own] })), 409, { code: 'BARCODE_TAKEN' });
    await refused(admin.post('/products', productBody({ extra_barcodes: ['X-1', 'Y', 'X-1'] })), 400, {
      fields: { 'extra_barcodes.2': 'Codice a barre ripetuto: X-1' },
    });
    await refused(admin.post('/products', productBody({ extra_barcodes: ['A\u0007'] })), 400, { code: 'VALIDATION' });
    await refused(admin.post('/products', productBody({ extra_barcodes: Array.from({ length: 21 }, (_, i) => `E${i}`) })), 400, {
      fields: { extra_barcodes: 'Al massimo 20 codici a barre aggiuntivi' },
    });
    // A deleted product frees its extras.
    expect((await admin.del(`/products/${a.id}`)).statusCode).toBe(200);
    await refusedLookup(sup);
    expect((await create({ extra_barcodes: [sup] })).extra_barcodes).toEqual([sup]);
  });
});

describe('GET /barcodes/{code}', () => {
  it('resolves a product code, its GTIN in any length and a GS1 (01), ignoring the scanner’s CR/LF', async () => {
    const gtin = ean13();
    const p = await create({ barcode: gtin, code: unique('Vite/M8') });
    for (const code of [p.code, p.code.toLowerCase(), gtin, `0${gtin}`, `(01)0${gtin}`, `]C1010${gtin}\r\n`, `]E0${gtin}`]) {
      const r = await lookup(code);
      expect([code, r.statusCode]).toEqual([code, 200]);
      expect(r.json()).toEqual({ product: expect.objectContaining({ id: p.id, code: p.code, barcode: gtin }) });
    }
  });

  it('reads a receipt label’s raw GS1-128 (ASCII 29, URL-encoded): product, batch, dates and quantity', async () => {
    const p = await create({ unit_of_measure: 'kg', has_batch: true, has_expiry_date: true });
    const elements = labelElements({
      productCode: p.code,
      batch: 'L-AUD-01',
      productionDate: '2026-01-15',
      expiryDate: '2027-03-31',
      quantity: '12.500',
      unit: 'kg',
    });
    const raw = gs1RawText(elements);
    expect(raw).toContain('\u001d');
    const r = await lookup(raw);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({
      product: expect.objectContaining({ id: p.id }),
      batch_number: 'L-AUD-01',
      expiry_date: '2027-03-31',
      production_date: '2026-01-15',
      quantity: '12.500',
    });
    // The issue's own example, bracketed with a separator and without.
    const issue = await lookup(`(17)270331(10)L-AUD-01\u001d(240)${p.code}`);
    expect(issue.json()).toMatchObject({ product: { id: p.id }, batch_number: 'L-AUD-01', expiry_date: '2027-03-31' });
    expect((await lookup(`(17)270331(10)L-AUD-01(240)${p.code}`)).json()).toMatchObject({ product: { id: p.id } });
    // Raw without an identifier or any separator at the end: tried as a code first, then as GS1.
    expect((await lookup(`17270331240${p.code}`)).json()).toMatchObject({ product: { id: p.id }, expiry_date: '2027-03-31' });
  });

  it('unknown: 404 with the message in the caller’s language; unreadable GS1: 400', async () => {
    const r = await lookup('NESSUNO-123');
    expect(r.statusCode).toBe(404);
    expect(r.json()).toEqual({ code: 'BARCODE_UNKNOWN', error: 'Codice non riconosciuto: NESSUNO-123' });
    expect((await lookup('NESSUNO-123', 'fr')).json().error).toBe('Code non reconnu : NESSUNO-123');
    expect((await lookup(`(17)270331(10)L1\u001d(240)NO-SUCH-${process.pid}`)).statusCode).toBe(404);
    const bad = await lookup('(17)271399(10)L1');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ code: 'INVALID_GS1', error: 'Codice GS1 illeggibile (17): (17)271399(10)L1' });
    expect((await admin.get('/barcodes/%00')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/barcodes/123' })).statusCode).toBe(401);
  });

  it('a scan typed into a list search is a search, not a 400 (the GS separator reads as a space)', async () => {
    const p = await create();
    const res = await admin.get(`/products?q=${encodeURIComponent(`${p.code}\u001d(240)X`)}`);
    expect(res.statusCode).toBe(200);
    const found = await admin.get(`/products?q=${encodeURIComponent(`\u001d${p.code}\u001d`)}`);
    expect(found.json().map((r: { id: number }) => r.id)).toEqual([p.id]);
    expect((await admin.get(`/products?q=${encodeURIComponent('A\u0007')}`)).statusCode).toBe(400);
  });

  it('never answers a deleted product', async () => {
    const gtin = ean13();
    const p = await create({ barcode: gtin });
    await admin.del(`/products/${p.id}`);
    await refusedLookup(gtin);
    await refusedLookup(p.code);
  });
});
