import { makeTestApp, type TestApp } from '../helpers';
import { caller, partyBody, productBody, type Caller } from './kit';

jest.setTimeout(60_000);

let t: TestApp;
let api: Caller;
const ids: Record<string, number> = {};

// A small catalogue whose codes and words the tests below search and sort.
const CATALOGUE = [
  { code: 'B-200', description: 'Bullone zincato M10', category: 'Viteria', unit_of_measure: 'piece' },
  { code: 'A-100', description: 'Vite inox M8', category: 'Viteria', unit_of_measure: 'piece' },
  { code: 'C-300', description: 'Olio idraulico ISO 46', category: 'Lubrificanti', unit_of_measure: 'l', currency: 'USD' },
  { code: 'D-400', description: 'Cavo rame 2,5 mm²', category: 'Elettrico', unit_of_measure: 'm', name: 'Cavo FG16' },
  { code: 'E-500', description: 'Sconto 50% e_speciale', category: 'Varie', unit_of_measure: null, barcode: '8001122334457' },
];

beforeAll(async () => {
  t = await makeTestApp();
  api = caller(t, (await t.signIn('admin')).headers);
  const supplier = (await api.post('/suppliers', partyBody({ business_name: 'Ferramenta Lombarda Spa' }))).json();
  for (const p of CATALOGUE) {
    const res = await api.post('/products', productBody({ ...p, supplier_id: p.code === 'A-100' ? supplier.id : null }));
    expect(res.statusCode).toBe(201);
    ids[p.code] = res.json().id;
  }
  const gone = (await api.post('/products', productBody({ code: 'Z-DELETED', description: 'Vite cancellata' }))).json();
  await api.del(`/products/${gone.id}`);
});
afterAll(async () => {
  await t.close();
});

const list = async (qs: string) => {
  const res = await api.get(`/products${qs}`);
  expect(res.statusCode).toBe(200);
  return { codes: (res.json() as { code: string }[]).map((p) => p.code), total: Number(res.headers['x-total-count']), body: res.json() };
};

describe('GET /products: the paging contract', () => {
  it('answers a JSON array, newest first by default, with the total in X-Total-Count', async () => {
    const { codes, total, body } = await list('');
    expect(Array.isArray(body)).toBe(true);
    expect(codes).toEqual(['E-500', 'D-400', 'C-300', 'A-100', 'B-200']);
    expect(total).toBe(5);
  });

  it('pages with limit and offset; the total still counts every match', async () => {
    expect(await list('?sort=code&limit=2')).toMatchObject({ codes: ['A-100', 'B-200'], total: 5 });
    expect(await list('?sort=code&limit=2&offset=2')).toMatchObject({ codes: ['C-300', 'D-400'], total: 5 });
    expect(await list('?sort=code&limit=2&offset=4')).toMatchObject({ codes: ['E-500'], total: 5 });
    expect(await list('?sort=code&limit=2&offset=50')).toMatchObject({ codes: [], total: 5 });
  });

  it('sorts by code ascending then descending, and by the other columns', async () => {
    expect((await list('?sort=code&order=asc')).codes).toEqual(['A-100', 'B-200', 'C-300', 'D-400', 'E-500']);
    expect((await list('?sort=code&order=desc')).codes).toEqual(['E-500', 'D-400', 'C-300', 'B-200', 'A-100']);
    expect((await list('?sort=category')).codes.slice(0, 2)).toEqual(['D-400', 'C-300']);
    expect((await list('?sort=supplier_name')).codes[0]).toBe('A-100');
    expect((await list('?sort=unit_of_measure&order=desc')).codes.at(-1)).toBe('E-500'); // no unit: last either way
  });

  it.each([
    ['?limit=0', 'limit'],
    ['?limit=1001', 'limit'],
    ['?limit=abc', 'limit'],
    ['?offset=-1', 'offset'],
    ['?sort=password_hash', 'sort'],
    ['?sort=code;DROP TABLE products', 'sort'],
    ['?order=sideways', 'order'],
    ['?status=archived', 'status'],
    ['?supplier_id=x', 'supplier_id'],
  ])('refuses %s (400 on %s)', async (qs, field) => {
    const res = await api.get(`/products${qs}`);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toEqual([field]);
  });

  it('a page size or offset out of range says the range', async () => {
    expect((await api.get('/products?limit=0')).json().fields).toEqual({ limit: 'Il valore deve essere almeno 1' });
    expect((await api.get('/products?limit=1001')).json().fields).toEqual({ limit: 'Valore troppo grande (massimo 1.000)' });
  });
});

describe('GET /products?q=: search over every field, case-insensitive', () => {
  it.each([
    ['a-100', ['A-100']], // code, other case
    ['INOX', ['A-100']], // description
    ['lubrificanti', ['C-300']], // category (family)
    ['fg16', ['D-400']], // name
    ['8001122334457', ['E-500']], // barcode
    ['lombarda', ['A-100']], // supplier name
    ['usd', ['C-300']], // currency
    ['cancellata', []], // a deleted product never shows
    ['viteria m10', ['B-200']], // every word must match, in any field
    ['  m8   inox ', ['A-100']],
    ['50%', ['E-500']], // LIKE wildcards are literal
    ['e_s', ['E-500']],
    ['%', ['E-500']],
    ['_', ['E-500']],
    ["'; DROP TABLE products; --", []],
    ['nothing-like-this', []],
  ])('%j finds %j', async (q, expected) => {
    const { codes, total } = await list(`?sort=code&q=${encodeURIComponent(q)}`);
    expect(codes).toEqual(expected);
    expect(total).toBe(expected.length);
  });

  it('combines the search with paging and with the supplier and status filters', async () => {
    expect(await list('?q=viteria&sort=code&limit=1')).toMatchObject({ codes: ['A-100'], total: 2 });
    const supplierId = (await api.get(`/products/${ids['A-100']}`)).json().supplier_id;
    expect((await list(`?supplier_id=${supplierId}`)).codes).toEqual(['A-100']);
    await api.put(`/products/${ids['B-200']}/status`, { status: 'inactive' });
    expect((await list('?status=inactive')).codes).toEqual(['B-200']);
    expect((await list('?status=active')).total).toBe(4);
    await api.put(`/products/${ids['B-200']}/status`, { status: 'active' });
  });

  it('an empty search lists everything', async () => {
    expect((await list('?q=%20%20')).total).toBe(5);
  });
});
