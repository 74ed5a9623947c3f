/**
 * The page cache (http/page-cache.ts, migration 013): a cached list page is answered only while no committed write has
 * touched the tables it reads — writes through the API, straight into the database behind the server's back, to a
 * joined table (a supplier's name, a username) — and never from a transaction's uncommitted or rolled-back writes.
 */
import zlib from 'node:zlib';
import type { Queryable } from '../../src/db';
import { listProducts } from '../../src/registry/products/sql';
import { makeTestApp, type TestApp } from '../helpers';
import { caller, partyBody, productBody, warehouseBody, type Caller } from '../registry/kit';

jest.setTimeout(60_000);

let t: TestApp;
let api: Caller;
let supplierId: number;
let productId: number;

/** Every page statement's answer: `__rows` null means the database did not compute the page (the cached copy stood). */
const answers: { computed: boolean }[] = [];

beforeAll(async () => {
  t = await makeTestApp();
  api = caller(t, (await t.signIn('admin')).headers);
  supplierId = (await api.post('/suppliers', partyBody({ business_name: 'Ferramenta Lombarda Spa' }))).json().id;
  productId = (await api.post('/products', productBody({ code: 'PC-1', description: 'Vite inox M8', supplier_id: supplierId }))).json().id;
  const query = t.db.query.bind(t.db);
  jest.spyOn(t.db, 'query').mockImplementation(async (sql: string, params?: unknown[], opts?: { prepare?: boolean }) => {
    const res = await query(sql, params, opts);
    if (sql.includes('FROM data_versions')) answers.push({ computed: (res.rows[0] as { __rows: unknown }).__rows !== null });
    return res as never;
  });
});
afterAll(async () => {
  jest.restoreAllMocks();
  await t.close();
});

async function list(qs = '?sort=code') {
  answers.length = 0;
  const res = await api.get(`/products${qs}`);
  expect(res.statusCode).toBe(200);
  expect(answers).toHaveLength(1); // one round trip, hit or miss
  return { rows: res.json() as Record<string, unknown>[], total: Number(res.headers['x-total-count']), computed: answers[0].computed };
}
const row = (rows: Record<string, unknown>[], code: string) => rows.find((r) => r.code === code);

describe('the page cache', () => {
  it('computes a page once, then answers the same page from memory in one round trip while nothing changed', async () => {
    const first = await list('?sort=code&limit=10');
    const second = await list('?sort=code&limit=10');
    expect(second.computed).toBe(false);
    expect(second.rows).toEqual(first.rows);
    expect(second.total).toBe(first.total);
    // Another page (other parameters) is its own entry.
    expect((await list('?sort=code&limit=9')).computed).toBe(true);
  });

  it('a write through the API shows at once', async () => {
    await list();
    expect((await api.post('/products', productBody({ code: 'PC-2', description: 'Dado M8' }))).statusCode).toBe(201);
    const after = await list();
    expect(after.computed).toBe(true);
    expect(row(after.rows, 'PC-2')).toBeDefined();
    expect((await list()).computed).toBe(false);
  });

  it('a write straight into the database, behind the server, shows at once', async () => {
    await list();
    await t.db.query("UPDATE products SET description = 'Vite inox M8 (rinominata)' WHERE id = $1", [productId]);
    expect(row((await list()).rows, 'PC-1')?.description).toBe('Vite inox M8 (rinominata)');
  });

  it('a joined table counts: a supplier renamed and a username changed show in the products page', async () => {
    await list();
    await t.db.query("UPDATE suppliers SET business_name = 'Ferramenta Lombarda Srl' WHERE id = $1", [supplierId]);
    expect(row((await list()).rows, 'PC-1')?.supplier_name).toBe('Ferramenta Lombarda Srl');
    const author = row((await list()).rows, 'PC-1')?.created_by as string;
    await t.db.query('UPDATE users SET username = $1 WHERE username = $2', [`${author}_renamed`, author]);
    expect(row((await list()).rows, 'PC-1')?.created_by).toBe(`${author}_renamed`);
    await t.db.query('UPDATE users SET username = $1 WHERE username = $2', [author, `${author}_renamed`]);
  });

  it('a sign-in (last_login) does not count: pages stay cached', async () => {
    const user = await t.createUser('warehouse'); // a new user is a write of users: it counts
    await list();
    await t.login(user.username, user.password);
    expect((await list()).computed).toBe(false);
  });

  it('a rolled-back write leaves no trace; a read inside a transaction sees its own writes and never fills the cache', async () => {
    const before = await list();
    let inside: { rows: { code: string; description: string }[] } | undefined;
    await expect(
      t.db.tx(async (q: Queryable) => {
        await q.query("UPDATE products SET description = 'mai salvata' WHERE id = $1", [productId]);
        inside = await listProducts(q, { sort: 'code', limit: 50, offset: 0 });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(inside?.rows.find((r) => r.code === 'PC-1')?.description).toBe('mai salvata');
    const after = await list();
    expect(after.computed).toBe(false);
    expect(after.rows).toEqual(before.rows);
    // The next committed write gets a new version (the rolled-back one did not use it up in a way that hides it).
    await t.db.query("UPDATE products SET description = 'Vite inox M8 (di nuovo)' WHERE id = $1", [productId]);
    expect(row((await list()).rows, 'PC-1')?.description).toBe('Vite inox M8 (di nuovo)');
  });

  it('sends a cached page compressed as the browser accepts it, made once, equal to the plain answer', async () => {
    for (let i = 3; i <= 6; i++) await api.post('/products', productBody({ code: `PC-${i}`, description: `Rondella ${i}` }));
    const url = '/api/products?sort=code';
    const plain = await t.app.inject({ method: 'GET', url, headers: { ...api.headers } });
    const br1 = await t.app.inject({ method: 'GET', url, headers: { ...api.headers, 'accept-encoding': 'gzip, deflate, br' } });
    const br2 = await t.app.inject({ method: 'GET', url, headers: { ...api.headers, 'accept-encoding': 'gzip, deflate, br' } });
    const gz = await t.app.inject({ method: 'GET', url, headers: { ...api.headers, 'accept-encoding': 'gzip' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br1.headers['content-encoding']).toBe('br');
    expect(br1.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(br1.headers['content-length'])).toBe(br1.rawPayload.length);
    expect(br2.rawPayload.equals(br1.rawPayload)).toBe(true);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.brotliDecompressSync(br1.rawPayload).toString()).toBe(plain.body);
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(plain.headers['x-total-count']).toBe(br1.headers['x-total-count']);
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it.each([
    ['/warehouses', 'warehouses', 'name'],
    ['/suppliers', 'suppliers', 'business_name'],
    ['/customers', 'customers', 'business_name'],
  ])('%s pages are cached by their table and usernames the same way', async (path, table, field) => {
    const body = table === 'warehouses' ? warehouseBody() : partyBody();
    const id = (await api.post(path, body)).json().id as number;
    answers.length = 0;
    await api.get(path);
    const again = await api.get(path);
    expect(answers.map((a) => a.computed)).toEqual([true, false]);
    await t.db.query(`UPDATE ${table} SET ${field} = 'Rinominato da psql' WHERE id = $1`, [id]);
    const renamed = (await api.get(path)).json() as Record<string, unknown>[];
    expect(renamed.find((r) => r.id === id)?.[field]).toBe('Rinominato da psql');
    expect(again.json()).not.toEqual(renamed);
  });
});
