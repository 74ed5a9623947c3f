import { ROLES, type PartyKind } from '@wms/shared-api';
import { makeTestApp, type TestApp, type TestUser } from '../helpers';
import { caller, lastActivity, long, partyBody, productBody, snapshot, SQLISH, type Caller } from './kit';

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

const REQUIRED = ['business_name', 'vat_number', 'address', 'city', 'province', 'zip_code', 'country', 'email', 'phone'];

describe.each<[PartyKind, string, string, string]>([
  ['suppliers', 'supplier', 'Fornitore non trovato', 'Fornitore eliminato con successo'],
  ['customers', 'customer', 'Cliente non trovato', 'Cliente eliminato con successo'],
])('/%s', (kind, entityType, notFound, deleted) => {
  const url = `/${kind}`;
  const create = async (o: Record<string, unknown> = {}) => {
    const res = await admin.post(url, partyBody(o));
    expect(res.statusCode).toBe(201);
    return res.json();
  };
  async function refused(call: Promise<{ statusCode: number; json: () => any }>, status: number) {
    const before = await snapshot(t.db);
    const res = await call;
    expect(res.statusCode).toBe(status);
    expect(await snapshot(t.db)).toBe(before);
    return res.json();
  }

  it('creates with every field, trimmed; optional ones null; author from the session; activity logged', async () => {
    const res = await admin.post(
      url,
      partyBody({ business_name: ' Rossi & Figli S.r.l. ', contact_name: 'Anna', notes: '', created_by: 'system' }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      business_name: 'Rossi & Figli S.r.l.',
      vat_number: '01234567897',
      city: 'Torino',
      country: 'Italia',
      email: 'info@ditta.it',
      contact_name: 'Anna',
      contact_role: null,
      notes: null,
      is_active: true,
      created_by: adminUser.username,
    });
    expect(await lastActivity(t.db, entityType)).toMatchObject({
      action: 'create',
      user_id: adminUser.id,
      entity_id: String(res.json().id),
    });
  });

  it.each(REQUIRED)('refuses a missing %s with "Campo obbligatorio", nothing stored', async (field) => {
    const body = await refused(admin.post(url, partyBody({ [field]: undefined })), 400);
    expect(body.fields[field]).toBe('Campo obbligatorio');
  });

  it.each(['info', 'info@', '@ditta.it', 'a b@c.it', 'info@ditta'])(
    'refuses the email %j with "Indirizzo email non valido"',
    async (email) => {
      const body = await refused(admin.post(url, partyBody({ email })), 400);
      expect(body.fields.email).toBe('Indirizzo email non valido');
    },
  );

  it('refuses wrong types and 10 000-character strings', async () => {
    expect((await refused(admin.post(url, partyBody({ business_name: 12 })), 400)).fields.business_name).toBeTruthy();
    expect((await refused(admin.post(url, partyBody({ is_active: 'no' })), 400)).fields.is_active).toBe('Valore non valido');
    expect((await refused(admin.post(url, partyBody({ business_name: long(10_000) })), 400)).fields.business_name).toMatch(
      /Testo troppo lungo/,
    );
    expect((await refused(admin.post(url, partyBody({ notes: long(10_000) })), 400)).fields.notes).toMatch(/Testo troppo lungo/);
  });

  it('answers in French when asked', async () => {
    const res = await admin.post(url, partyBody({ email: 'x' }), { 'accept-language': 'fr' });
    expect(res.json().fields.email).toBe('Adresse e-mail non valide');
  });

  it('stores SQL-looking text verbatim', async () => {
    const p = await create({ business_name: SQLISH, notes: "'); DELETE FROM users; --" });
    expect((await admin.get(`${url}/${p.id}`)).json()).toMatchObject({ business_name: SQLISH, notes: "'); DELETE FROM users; --" });
  });

  it('lists by business name as an array with X-Total-Count; q searches name, city, VAT, email', async () => {
    const a = await create({ business_name: `Zeta ${kind}`, city: 'Bari' });
    const b = await create({ business_name: `Alfa ${kind}`, city: 'Aosta', vat_number: 'IT99999999999' });
    const res = await admin.get(`${url}?q=${encodeURIComponent(kind)}`);
    expect(res.json().map((p: { id: number }) => p.id)).toEqual([b.id, a.id]);
    expect(res.headers['x-total-count']).toBe('2');
    expect((await admin.get(`${url}?q=aosta`)).json().map((p: { id: number }) => p.id)).toEqual([b.id]);
    expect((await admin.get(`${url}?q=it9999`)).json().map((p: { id: number }) => p.id)).toEqual([b.id]);
    expect((await admin.get(`${url}?sort=city&order=desc&q=${kind}`)).json()[0].id).toBe(a.id);
    expect((await admin.get(`${url}?sort=notes`)).statusCode).toBe(400);
  });

  it('updates; modified_by from the session; 404 for unknown; 400 for bad input; nothing changed by refusals', async () => {
    const p = await create();
    const editor = await t.signIn('direction');
    const res = await caller(t, editor.headers).put(
      `${url}/${p.id}`,
      partyBody({ business_name: p.business_name, city: 'Genova', modified_by: 1 }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ city: 'Genova', modified_by: editor.user.username, created_by: adminUser.username });
    expect(await refused(admin.put(`${url}/99999999`, partyBody()), 404)).toEqual({
      code: expect.stringMatching(/_NOT_FOUND$/),
      error: notFound,
    });
    await refused(admin.put(`${url}/${p.id}`, partyBody({ email: 'nope' })), 400);
  });

  it('soft-deletes: deleted_by from the session, gone from list and GET, second delete 404', async () => {
    const p = await create();
    const res = await admin.del(`${url}/${p.id}`, { deleted_by: 'system' });
    expect(res.json()).toEqual({ message: deleted, id: p.id });
    const { rows } = await t.db.query<{ deleted_by: number }>(`SELECT deleted_by FROM ${kind} WHERE id = $1 AND deleted_at IS NOT NULL`, [
      p.id,
    ]);
    expect(rows).toEqual([{ deleted_by: adminUser.id }]);
    expect((await admin.get(`${url}/${p.id}`)).statusCode).toBe(404);
    expect((await admin.get(url)).json().some((x: { id: number }) => x.id === p.id)).toBe(false);
    expect((await admin.del(`${url}/${p.id}`)).statusCode).toBe(404);
    expect(await lastActivity(t.db, entityType)).toMatchObject({ action: 'delete', entity_id: String(p.id) });
  });

  // Suppliers are picked by the registry, prices, orders and receipt (every role); customers by the registry and sales.
  it.each(ROLES)('%s reads only where one of its screens picks them', async (role) => {
    const reader = caller(t, (await t.signIn(role)).headers);
    const readers = kind === 'suppliers' ? ROLES : ROLES.filter((r) => !['warehouse', 'administration'].includes(r));
    expect((await reader.get(url)).statusCode).toBe(readers.includes(role) ? 200 : 403);
  });

  it.each(['warehouse', 'administration'] as const)('%s may not write (403), nothing changes', async (role) => {
    const p = await create();
    const other = caller(t, (await t.signIn(role)).headers);
    await refused(other.post(url, partyBody()), 403);
    await refused(other.put(`${url}/${p.id}`, partyBody()), 403);
    await refused(other.del(`${url}/${p.id}`), 403);
  });
});

describe('history survives a deleted supplier', () => {
  it('a product keeps showing the name of its deleted supplier', async () => {
    const s = (await admin.post('/suppliers', partyBody({ business_name: 'Fornitore storico' }))).json();
    const p = (await admin.post('/products', productBody({ supplier_id: s.id }))).json();
    await admin.del(`/suppliers/${s.id}`);
    expect((await admin.get(`/products/${p.id}`)).json()).toMatchObject({ supplier_id: s.id, supplier_name: 'Fornitore storico' });
  });
});
