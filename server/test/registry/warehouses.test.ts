import { ROLES } from '@wms/shared-api';
import { makeTestApp, type TestApp, type TestUser } from '../helpers';
import { caller, lastActivity, long, productBody, snapshot, SQLISH, unique, warehouseBody, type Caller } from './kit';

jest.setTimeout(60_000);

let t: TestApp;
let admin: Caller;
let adminUser: TestUser;

beforeAll(async () => {
  t = await makeTestApp();
  const a = await t.signIn('admin');
  admin = caller(t, a.headers);
  adminUser = a.user;
});
afterAll(async () => {
  await t.close();
});

const create = async (o: Record<string, unknown> = {}) => {
  const res = await admin.post('/warehouses', warehouseBody(o));
  expect(res.statusCode).toBe(201);
  return res.json();
};

async function refused(res: Promise<{ statusCode: number; json: () => any }>, status: number, expected: Record<string, unknown>) {
  const before = await snapshot(t.db);
  const r = await res;
  expect(r.statusCode).toBe(status);
  expect(r.json()).toMatchObject(expected);
  expect(await snapshot(t.db)).toBe(before);
}

describe('POST /warehouses', () => {
  it('creates a warehouse with the author from the session; activity logged', async () => {
    const res = await admin.post('/warehouses', { name: ' Centrale ', description: 'Via Po 1', is_active: false, created_by: 77 });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'Centrale',
      description: 'Via Po 1',
      is_active: false,
      created_by: adminUser.username,
      modified_by: adminUser.username,
    });
    expect(await lastActivity(t.db, 'warehouse')).toMatchObject({
      action: 'create',
      user_id: adminUser.id,
      entity_id: String(res.json().id),
    });
  });

  it('defaults to active with no description', async () => {
    expect(await create({ description: undefined, is_active: undefined })).toMatchObject({ description: null, is_active: true });
  });

  it.each([
    [{ name: undefined }, 'name', 'Campo obbligatorio'],
    [{ name: '   ' }, 'name', 'Campo obbligatorio'],
    [{ name: 42 }, 'name', /.+/],
    [{ name: long(10_000) }, 'name', 'Testo troppo lungo (massimo 100 caratteri)'],
    [{ description: long(10_000) }, 'description', 'Testo troppo lungo (massimo 2.000 caratteri)'],
    [{ is_active: 'yes' }, 'is_active', 'Valore non valido'],
  ])('refuses %j (400 on %s), nothing stored', async (o, field, text) => {
    const before = await snapshot(t.db);
    const res = await admin.post('/warehouses', warehouseBody(o));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[field]).toMatch(text);
    expect(await snapshot(t.db)).toBe(before);
  });

  it('refuses a name already used by a live warehouse, ignoring case (409); a deleted one frees it', async () => {
    const w = await create();
    await refused(admin.post('/warehouses', warehouseBody({ name: w.name.toUpperCase() })), 409, {
      code: 'WAREHOUSE_NAME_TAKEN',
      error: `Esiste già un magazzino con il nome ${w.name.toUpperCase()}`,
    });
    await admin.del(`/warehouses/${w.id}`);
    expect((await admin.post('/warehouses', warehouseBody({ name: w.name }))).statusCode).toBe(201);
  });

  it('stores SQL-looking text verbatim', async () => {
    const w = await create({ name: unique(`'; DROP TABLE warehouses; --`), description: SQLISH });
    expect((await admin.get(`/warehouses/${w.id}`)).json()).toMatchObject({ name: w.name, description: SQLISH });
  });
});

describe('GET /warehouses', () => {
  it('lists live warehouses by name, as an array with X-Total-Count; q, active and paging work', async () => {
    const t2 = await makeTestApp();
    try {
      const a = caller(t2, (await t2.signIn('admin')).headers);
      for (const name of ['Nord', 'centrale', 'Sud']) await a.post('/warehouses', { name, is_active: name !== 'Sud' });
      const gone = (await a.post('/warehouses', { name: 'Vecchio' })).json();
      await a.del(`/warehouses/${gone.id}`);
      const all = await a.get('/warehouses');
      expect(all.json().map((w: { name: string }) => w.name)).toEqual(['centrale', 'Nord', 'Sud']);
      expect(all.headers['x-total-count']).toBe('3');
      expect((await a.get('/warehouses?sort=name&order=desc&limit=1')).json()[0].name).toBe('Sud');
      expect((await a.get('/warehouses?q=NOR')).json().map((w: { name: string }) => w.name)).toEqual(['Nord']);
      expect((await a.get('/warehouses?active=false')).json().map((w: { name: string }) => w.name)).toEqual(['Sud']);
      expect((await a.get('/warehouses?active=maybe')).statusCode).toBe(400);
    } finally {
      await t2.close();
    }
  });

  it('404 for an unknown id', async () => {
    expect((await admin.get('/warehouses/99999999')).json()).toEqual({ code: 'WAREHOUSE_NOT_FOUND', error: 'Magazzino non trovato' });
  });
});

describe('PUT /warehouses/{id}', () => {
  it('updates name, description and the active toggle; modified_by from the session', async () => {
    const w = await create();
    const editor = await t.signIn('sales');
    const res = await caller(t, editor.headers).put(`/warehouses/${w.id}`, {
      name: w.name,
      description: null,
      is_active: false,
      modified_by: 1,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      description: null,
      is_active: false,
      modified_by: editor.user.username,
      created_by: adminUser.username,
    });
  });

  it("404 for an unknown id, 409 on another warehouse's name, 400 on a bad body — nothing changed", async () => {
    const a = await create();
    const b = await create();
    await refused(admin.put('/warehouses/99999999', warehouseBody()), 404, { code: 'WAREHOUSE_NOT_FOUND' });
    await refused(admin.put(`/warehouses/${b.id}`, warehouseBody({ name: a.name })), 409, { code: 'WAREHOUSE_NAME_TAKEN' });
    await refused(admin.put(`/warehouses/${b.id}`, warehouseBody({ name: '' })), 400, { code: 'VALIDATION' });
  });
});

describe('DELETE /warehouses/{id}', () => {
  it('soft-deletes an empty warehouse: deleted_by from the session, gone from list and GET, activity logged', async () => {
    const w = await create();
    const res = await admin.del(`/warehouses/${w.id}`, { deleted_by: 'system' });
    expect(res.json()).toEqual({ message: 'Magazzino eliminato con successo', id: w.id });
    const { rows } = await t.db.query<{ deleted_by: number }>(
      'SELECT deleted_by FROM warehouses WHERE id = $1 AND deleted_at IS NOT NULL',
      [w.id],
    );
    expect(rows).toEqual([{ deleted_by: adminUser.id }]);
    expect((await admin.get(`/warehouses/${w.id}`)).statusCode).toBe(404);
    expect((await admin.del(`/warehouses/${w.id}`)).statusCode).toBe(404);
    expect(await lastActivity(t.db, 'warehouse')).toMatchObject({ action: 'delete', entity_id: String(w.id) });
  });

  it('refuses a warehouse that still holds stock: 409 "contiene ancora prodotti" (fr too), nothing changed', async () => {
    const w = await create();
    const p = (await admin.post('/products', productBody())).json();
    await t.db.query('INSERT INTO stock_balances (product_id, warehouse_id, quantity) VALUES ($1, $2, 1.5)', [p.id, w.id]);
    await refused(admin.del(`/warehouses/${w.id}`), 409, {
      code: 'WAREHOUSE_NOT_EMPTY',
      error: 'Impossibile eliminare il magazzino: contiene ancora prodotti',
    });
    const fr = await admin.del(`/warehouses/${w.id}`, undefined, { 'accept-language': 'fr' });
    expect(fr.json()).toEqual({
      code: 'WAREHOUSE_NOT_EMPTY',
      error: "Impossible de supprimer l'entrepôt : il contient encore des produits",
    });
    await t.db.query('UPDATE stock_balances SET quantity = 0 WHERE warehouse_id = $1', [w.id]);
    expect((await admin.del(`/warehouses/${w.id}`)).statusCode).toBe(200);
    // History keeps pointing at the row (soft delete): the balance row and its foreign key are intact.
    expect((await t.db.query('SELECT 1 FROM stock_balances WHERE warehouse_id = $1', [w.id])).rows).toHaveLength(1);
  });
});

describe('who may do what', () => {
  it.each(ROLES)('%s reads', async (role) => {
    const w = await create();
    const reader = caller(t, (await t.signIn(role)).headers);
    expect((await reader.get('/warehouses')).statusCode).toBe(200);
    expect((await reader.get(`/warehouses/${w.id}`)).statusCode).toBe(200);
  });

  it.each(['warehouse', 'administration'] as const)('%s may not write (403), nothing changes', async (role) => {
    const w = await create();
    const other = caller(t, (await t.signIn(role)).headers);
    const before = await snapshot(t.db);
    for (const res of [
      await other.post('/warehouses', warehouseBody()),
      await other.put(`/warehouses/${w.id}`, warehouseBody()),
      await other.del(`/warehouses/${w.id}`),
    ]) {
      expect(res.statusCode).toBe(403);
    }
    expect(await snapshot(t.db)).toBe(before);
  });
});
