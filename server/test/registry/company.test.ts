import { MAX_LOGO_BYTES, ROLES, can } from '@wms/shared-api';
import type { Db } from '../../src/db';
import { makeTestApp, type TestApp, type TestUser } from '../helpers';
import { caller, lastActivity, long, partyBody, warehouseBody, type Caller } from './kit';

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

/** A 1×1 PNG. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><rect width="120" height="40" fill="#0a5"/><text x="8" y="26">Rossi</text></svg>';

const companyBody = (o: Record<string, unknown> = {}) => ({
  business_name: 'Rossi Forniture Industriali S.r.l.',
  vat_number: '01234567897',
  tax_code: '01234567897',
  address: 'Via dell’Industria 12',
  city: 'Brescia',
  province: 'BS',
  zip_code: '25125',
  country: 'Italia',
  phone: '030 1234567',
  email: 'amministrazione@rossi.example',
  ddt_prefix: 'DDT',
  ...o,
});

/** The company row and the activity log, to prove a refusal changed nothing. */
async function companySnapshot(db: Db): Promise<string> {
  const company = await db.query("SELECT *, encode(logo, 'hex') AS logo FROM company");
  const log = await db.query('SELECT count(*)::int AS n FROM activity_log');
  return JSON.stringify([company.rows, log.rows]);
}

async function refusedWithNothingChanged(call: () => Promise<{ statusCode: number; json: () => any }>, status: number) {
  const before = await companySnapshot(t.db);
  const res = await call();
  expect(res.statusCode).toBe(status);
  expect(await companySnapshot(t.db)).toBe(before);
  return res.json();
}

describe('GET /company', () => {
  it('answers the one row before the company is ever saved: empty texts, prefix DDT, no logo', async () => {
    const res = await admin.get('/company');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ business_name: '', country: 'Italia', ddt_prefix: 'DDT', logo_mime_type: null, updated_at: null });
  });

  it.each(ROLES)('is read by every signed-in role (%s): every print needs it', async (role) => {
    const u = caller(t, (await t.signIn(role)).headers);
    expect((await u.get('/company')).statusCode).toBe(200);
  });

  it('needs a session (401)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/company' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/company/logo' })).statusCode).toBe(401);
  });
});

describe('PUT /company', () => {
  it('saves the company (trimmed, tax code upper case) with the author from the session; activity logged', async () => {
    const res = await admin.put('/company', companyBody({ business_name: '  Rossi S.r.l. ', tax_code: 'rssmra80a01b157x ' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      business_name: 'Rossi S.r.l.',
      vat_number: '01234567897',
      tax_code: 'RSSMRA80A01B157X',
      city: 'Brescia',
      ddt_prefix: 'DDT',
      modified_by: adminUser.username,
    });
    expect(res.json().updated_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect((await admin.get('/company')).json().business_name).toBe('Rossi S.r.l.');
    expect(await lastActivity(t.db, 'company')).toMatchObject({ action: 'update', user_id: adminUser.id });
    const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM company');
    expect(rows[0].n).toBe(1);
  });

  it('a blank tax code is none (null); a 11-digit one is kept', async () => {
    expect((await admin.put('/company', companyBody({ tax_code: '  ' }))).json().tax_code).toBeNull();
    expect((await admin.put('/company', companyBody({ tax_code: '01234567897' }))).json().tax_code).toBe('01234567897');
  });

  it.each(ROLES.filter((r) => !can(r, 'registry')))('refuses %s (403: the registry permission writes the company)', async (role) => {
    const u = caller(t, (await t.signIn(role)).headers);
    const body = await refusedWithNothingChanged(() => u.put('/company', companyBody({ business_name: 'Altro' })), 403);
    expect(body.code).toBe('FORBIDDEN');
  });

  it('refuses a bad VAT number with the very words of the supplier form (same rule)', async () => {
    for (const vat of [undefined, '   ', long(31), 42]) {
      const supplier = await admin.post('/suppliers', partyBody({ vat_number: vat }));
      expect(supplier.statusCode).toBe(400);
      const body = await refusedWithNothingChanged(() => admin.put('/company', companyBody({ vat_number: vat })), 400);
      expect(body.code).toBe('VALIDATION');
      expect(body.fields.vat_number).toBe(supplier.json().fields.vat_number);
    }
  });

  it.each([
    [{ business_name: '' }, 'business_name', 'Campo obbligatorio'],
    [{ email: 'not-an-email' }, 'email', 'Indirizzo email non valido'],
    [{ tax_code: 'ABC' }, 'tax_code', /^Codice fiscale non valido/],
    [{ tax_code: '0123456789' }, 'tax_code', /^Codice fiscale non valido/],
    [{ ddt_prefix: '' }, 'ddt_prefix', 'Campo obbligatorio'],
    [{ ddt_prefix: 'DDT 2026' }, 'ddt_prefix', /^Prefisso non valido/],
    [{ ddt_prefix: '-DDT' }, 'ddt_prefix', /^Prefisso non valido/],
    [{ ddt_prefix: long(11) }, 'ddt_prefix', 'Testo troppo lungo (massimo 10 caratteri)'],
    [{ zip_code: long(21) }, 'zip_code', 'Testo troppo lungo (massimo 20 caratteri)'],
    [{ city: 'Bre\u0001scia' }, 'city', /caratteri di controllo/],
  ])('refuses %j (400 on %s), nothing changed', async (o, field, text) => {
    const body = await refusedWithNothingChanged(() => admin.put('/company', companyBody(o)), 400);
    expect(body.fields[field]).toMatch(text);
  });

  it('answers in French to a French caller', async () => {
    const res = await admin.put('/company', companyBody({ tax_code: 'X' }), { 'accept-language': 'fr' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.tax_code).toMatch(/^Code fiscal non valide/);
  });
});

describe('the logo', () => {
  const put = (mime_type: unknown, data: unknown, extra?: Record<string, string>) => admin.put('/company/logo', { mime_type, data }, extra);

  it('404 COMPANY_LOGO_NOT_FOUND while there is none', async () => {
    await admin.del('/company/logo');
    const res = await admin.get('/company/logo');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'COMPANY_LOGO_NOT_FOUND', error: "L'azienda non ha un logo" });
  });

  it('stores a PNG in the database and serves its exact bytes with its type', async () => {
    const res = await put('image/png', PNG);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ logo_mime_type: 'image/png' });
    expect(res.json().logo_updated_at).toMatch(/^\d{4}-/);
    const logo = await admin.get('/company/logo');
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.headers['x-content-type-options']).toBe('nosniff');
    expect(logo.rawPayload.equals(Buffer.from(PNG, 'base64'))).toBe(true);
  });

  it('any signed-in role reads the logo (prints)', async () => {
    const u = caller(t, (await t.signIn('warehouse')).headers);
    expect((await u.get('/company/logo')).statusCode).toBe(200);
  });

  it('keeps a drawing that only links inside itself or embeds a PNG', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><defs><linearGradient id="g"/></defs>' +
      '<rect fill="url(#g)" width="9" height="9"/><use xlink:href="#g"/><image href="data:image/png;base64,' +
      PNG +
      '"/></svg>';
    expect((await put('image/svg+xml', b64(svg))).statusCode).toBe(200);
  });

  it('serves an SVG under a sandboxing Content-Security-Policy (no script can run even when opened directly)', async () => {
    expect((await put('image/svg+xml', b64(SVG))).statusCode).toBe(200);
    const logo = await admin.get('/company/logo');
    expect(logo.headers['content-type']).toBe('image/svg+xml');
    expect(logo.headers['content-security-policy']).toMatch(/default-src 'none'/);
    expect(logo.headers['content-security-policy']).toMatch(/sandbox/);
    expect(logo.headers['content-security-policy']).not.toMatch(/script-src/);
    expect(logo.body).toBe(SVG);
  });

  it.each([
    ['a script element', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
    ['an upper-case SCRIPT', '<svg xmlns="http://www.w3.org/2000/svg"><SCRIPT >fetch("/x")</SCRIPT></svg>'],
    ['an onload handler', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>'],
    ['a javascript: link', '<svg xmlns="http://www.w3.org/2000/svg"><a href="javascript:alert(1)"><text>x</text></a></svg>'],
    ['an external image', '<svg xmlns="http://www.w3.org/2000/svg"><image href="https://evil.example/x.png"/></svg>'],
    ['a foreignObject', '<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><iframe src="/"/></foreignObject></svg>'],
    ['an entity (billion laughs)', '<!DOCTYPE svg [<!ENTITY a "aaaa">]><svg xmlns="http://www.w3.org/2000/svg">&a;</svg>'],
    ['an external stylesheet', '<svg xmlns="http://www.w3.org/2000/svg"><style>@import "https://evil.example/a.css";</style></svg>'],
    ['no svg at all', '<html><body>hello</body></html>'],
    ['an unquoted external link', '<svg xmlns="http://www.w3.org/2000/svg"><a href=https://evil.example/><text>x</text></a></svg>'],
    ['an encoded javascript: link', '<svg xmlns="http://www.w3.org/2000/svg"><a href="java&#x73;cript:alert(1)"><text>x</text></a></svg>'],
    ['an animated link', '<svg xmlns="http://www.w3.org/2000/svg"><a><set attributeName="href" to="#x"/><text>x</text></a></svg>'],
    ['an embedded SVG document', '<svg xmlns="http://www.w3.org/2000/svg"><image href="data:image/svg+xml;base64,PHN2Zz4="/></svg>'],
  ])('refuses an SVG with %s (400 logoUnsafeSvg), the logo before kept', async (_what, svg) => {
    await put('image/png', PNG);
    const body = await refusedWithNothingChanged(() => put('image/svg+xml', b64(svg)), 400);
    expect(body.fields.data).toMatch(/^SVG non ammesso/);
  });

  it.each([
    ['a GIF type', 'image/gif', PNG, 'mime_type', 'Il logo deve essere un file PNG o SVG'],
    ['no type', undefined, PNG, 'mime_type', 'Il logo deve essere un file PNG o SVG'],
    ['PNG type on SVG bytes', 'image/png', b64(SVG), 'data', 'Il file non è un PNG valido'],
    ['empty data', 'image/png', '', 'data', 'Il file del logo è vuoto'],
    ['not base64', 'image/png', '***not base64***', 'data', 'Valore non valido'],
    ['a number for data', 'image/png', 42, 'data', /.+/],
  ])('refuses %s (400), nothing changed', async (_what, mime, data, field, text) => {
    const body = await refusedWithNothingChanged(() => put(mime, data), 400);
    expect(body.code).toBe('VALIDATION');
    expect(body.fields[field]).toMatch(text);
  });

  it(`refuses a logo over ${MAX_LOGO_BYTES / 1024} KB (400 in both languages), nothing changed`, async () => {
    const big = Buffer.concat([Buffer.from(PNG, 'base64'), Buffer.alloc(MAX_LOGO_BYTES)]).toString('base64');
    const it = await refusedWithNothingChanged(() => put('image/png', big), 400);
    expect(it.fields.data).toBe('Logo troppo grande (massimo 256 KB)');
    const fr = await refusedWithNothingChanged(() => put('image/png', big, { 'accept-language': 'fr' }), 400);
    expect(fr.fields.data).toBe('Logo trop volumineux (256 Ko au maximum)');
  });

  it('a logo of exactly the limit is accepted', async () => {
    const exact = Buffer.concat([Buffer.from(PNG, 'base64'), Buffer.alloc(MAX_LOGO_BYTES - Buffer.from(PNG, 'base64').length)]);
    expect((await put('image/png', exact.toString('base64'))).statusCode).toBe(200);
    expect((await admin.get('/company/logo')).rawPayload.length).toBe(MAX_LOGO_BYTES);
  });

  it('a body over the server limit is a 413 {error, code}, never a 500', async () => {
    const body = await refusedWithNothingChanged(() => put('image/png', 'A'.repeat(2 * 1024 * 1024)), 413);
    expect(body).toMatchObject({ error: expect.any(String), code: expect.any(String) });
  });

  it('only the registry permission changes the logo (403)', async () => {
    const u = caller(t, (await t.signIn('warehouse')).headers);
    await refusedWithNothingChanged(() => u.put('/company/logo', { mime_type: 'image/png', data: PNG }), 403);
    await refusedWithNothingChanged(() => u.del('/company/logo'), 403);
  });

  it('DELETE removes it: the company answers no logo and GET /company/logo 404', async () => {
    await put('image/png', PNG);
    const res = await admin.del('/company/logo');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ logo_mime_type: null, logo_updated_at: null });
    expect((await admin.get('/company/logo')).statusCode).toBe(404);
  });

  it('the database itself refuses a logo over the limit or without its type', async () => {
    await expect(
      t.db.query(`UPDATE company SET logo = decode(repeat('00', 262145), 'hex'), logo_mime_type = 'image/png'`),
    ).rejects.toThrow();
    await expect(t.db.query(`UPDATE company SET logo = '\\x00', logo_mime_type = NULL`)).rejects.toThrow();
    await expect(t.db.query('INSERT INTO company (id) VALUES (2)')).rejects.toThrow();
  });
});

describe('warehouse addresses', () => {
  const address = { address: 'Via Stezzano 40', city: 'Bergamo', province: 'BG', zip_code: '24126', country: 'Italia' };

  it('a warehouse carries an optional address (create, read, update)', async () => {
    const created = await admin.post('/warehouses', warehouseBody(address));
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject(address);
    const id = created.json().id;
    expect((await admin.get(`/warehouses/${id}`)).json()).toMatchObject(address);
    const updated = await admin.put(
      `/warehouses/${id}`,
      warehouseBody({ ...address, name: created.json().name, city: ' Dalmine ', address: '' }),
    );
    expect(updated.json()).toMatchObject({ city: 'Dalmine', address: null });
  });

  it('without an address every address field is null', async () => {
    const created = await admin.post('/warehouses', warehouseBody());
    expect(created.json()).toMatchObject({ address: null, city: null, province: null, zip_code: null, country: null });
  });

  it('refuses an over-long zip code (400), nothing stored', async () => {
    const res = await admin.post('/warehouses', warehouseBody({ zip_code: long(21) }));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.zip_code).toBe('Testo troppo lungo (massimo 20 caratteri)');
  });
});
