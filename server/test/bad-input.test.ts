/**
 * Bad input never gets a 500: every operation of the OpenAPI document is called with hostile path parameters, query
 * strings and bodies, as admin (who passes every permission check, so validation and the handlers are reached). Each answer
 * must be a 4xx (or a 2xx where the input happens to be acceptable) with the `{error, code}` body of every refusal.
 */
import fc from 'fast-check';
import { buildApp } from '../src/app';
import { makeTestApp, type TestApp } from './helpers';

let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await makeTestApp();
  ({ headers } = await t.signIn('admin'));
});
afterAll(() => t.close());

/** Ids and paging numbers are strict decimal digits: each of these is a 400, never read as a number (issue 13 item 6). */
const LENIENT_NUMBERS = ['0x10', ' 1', '1e0', '+1', '1.0', '1 '];
const HOSTILE_IDS = [
  'abc',
  '-1',
  '0',
  '1.5',
  '99999999999999999999999',
  "1'; DROP TABLE users; --",
  '%00',
  '\u0000',
  '1-manual-x',
  ...LENIENT_NUMBERS,
];
const HOSTILE_QUERIES = [
  'limit=-1&offset=abc',
  'limit=99999999999&offset=-5',
  'sort=;DROP&order=sideways',
  `q=${encodeURIComponent("%' OR 1=1 --")}&code=${'x'.repeat(5000)}`,
  'date_from=31/02/2025&date_to=not-a-date&type=Z-Q',
  'warehouse_id=abc&product_id=-3&include_zero=maybe&active=perhaps',
  'q=%00&code=a%00&product_code=%00&description=%00&category=%00&type=%00&date_from=%00',
];
const HOSTILE_BODIES: unknown[] = [
  [],
  'just a string',
  42,
  null,
  { id: 'x', code: { nested: true }, name: ['a'], quantity: 'lots', movement_date: '99/99/9999', role: 'root' },
  { code: 'x'.repeat(10_000), description: 'y'.repeat(10_000), username: 'z'.repeat(10_000), password: 1 },
  { quantity: 1e308, price: -0.0000001, warehouse_id: 2 ** 63, product_id: 1.5, is_active: 'yes', status: 'deleted' },
  { username: 'a\u0000', password: 'b\u0000b', name: '\u0000', code: 'X\u0000', notes: '\u0000', business_name: '\u0000', 'k\u0000': 1 },
];

interface Operation {
  method: string;
  path: string;
}

async function operations(): Promise<Operation[]> {
  const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const method of Object.keys(methods)) {
      if (['get', 'post', 'put', 'delete', 'patch'].includes(method)) ops.push({ method: method.toUpperCase(), path });
    }
  }
  return ops;
}

function expectRefusalShape(status: number, body: string, what: string): void {
  if (status < 500 && status >= 400) {
    const json = JSON.parse(body) as { error?: unknown; code?: unknown };
    if (typeof json.error !== 'string' || typeof json.code !== 'string')
      throw new Error(`${what}: ${status} without {error, code}: ${body.slice(0, 200)}`);
  }
  if (status >= 500) throw new Error(`${what}: ${status} ${body.slice(0, 300)}`);
}

it('the OpenAPI document lists the API of every module', async () => {
  const paths = (await operations()).map((o) => `${o.method} ${o.path}`);
  for (const expected of [
    'POST /api/auth/login',
    'GET /api/products',
    'POST /api/stock-movements',
    'DELETE /api/users/{id}',
    'GET /api/stock',
  ]) {
    expect(paths).toContain(expected);
  }
});

it('no operation answers 5xx to hostile ids, queries or bodies', async () => {
  const ops = await operations();
  const failures: string[] = [];
  const statuses: Record<number, number> = {};
  let calls = 0;
  for (const op of ops) {
    // Signing out would end the session and turn every later call into a 401, testing nothing.
    if (op.path.includes('/docs') || op.path === '/api/auth/logout') continue;
    const hasParams = /\{[^}]+\}/.test(op.path);
    const urls = hasParams ? HOSTILE_IDS.map((v) => op.path.replace(/\{[^}]+\}/g, encodeURIComponent(v))) : [op.path];
    for (const url of urls) {
      const variants: { url: string; payload?: unknown }[] =
        op.method === 'GET' ? HOSTILE_QUERIES.map((qs) => ({ url: `${url}?${qs}` })) : HOSTILE_BODIES.map((payload) => ({ url, payload }));
      for (const v of variants) {
        calls += 1;
        const res = await t.app.inject({
          method: op.method as 'GET',
          url: v.url,
          headers: { ...headers, ...(v.payload !== undefined ? { 'content-type': 'application/json' } : {}) },
          ...(v.payload !== undefined ? { payload: JSON.stringify(v.payload) } : {}),
        });
        statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
        try {
          expectRefusalShape(
            res.statusCode,
            res.body,
            `${op.method} ${v.url.slice(0, 120)} ${JSON.stringify(v.payload)?.slice(0, 80) ?? ''}`,
          );
        } catch (err) {
          failures.push((err as Error).message);
        }
      }
    }
  }
  expect(calls).toBeGreaterThan(200);
  expect(failures).toEqual([]);
  // The calls reached validation and the handlers (not a wall of 401s).
  expect(statuses[401] ?? 0).toBe(0);
  expect(statuses[400]).toBeGreaterThan(calls / 2);
});

/** Every text field name of the API's bodies (and a key), each holding a NUL. */
function nulBody(): Record<string, unknown> {
  const names = [
    'username',
    'password',
    'name',
    'code',
    'description',
    'category',
    'barcode',
    'business_name',
    'vat_number',
    'address',
    'city',
    'province',
    'zip_code',
    'country',
    'email',
    'phone',
    'notes',
    'batch_number',
    'movement_date',
    'status',
    'role',
  ];
  return Object.fromEntries(names.map((n) => [n, `a\u0000${n}`]));
}

it('a NUL in any text — query, path or body — of every operation is a 400 VALIDATION, never a 500 (issue 13 item 2)', async () => {
  const failures: string[] = [];
  for (const op of await operations()) {
    if (op.path.includes('/docs') || op.path === '/api/auth/logout' || op.path === '/api/health') continue;
    const path = op.path.replace(/\{[^}]+\}/g, '1');
    const calls =
      op.method === 'GET'
        ? [
            { url: `${path}?q=a%00b&code=%00&product_code=%00` },
            ...(path !== op.path ? [{ url: op.path.replace(/\{[^}]+\}/g, '1%00') }] : []),
          ]
        : [
            { url: path, payload: nulBody() },
            { url: `${path}?note=%00`, payload: {} },
          ];
    for (const c of calls) {
      const res = await t.app.inject({
        method: op.method as 'GET',
        url: c.url,
        headers: { ...headers, ...('payload' in c ? { 'content-type': 'application/json' } : {}) },
        ...('payload' in c ? { payload: JSON.stringify(c.payload) } : {}),
      });
      if (res.statusCode !== 400 || res.json().code !== 'VALIDATION')
        failures.push(`${op.method} ${c.url}: ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
  }
  expect(failures).toEqual([]);
});

it('control characters (a bell, an escape sequence) are refused in a user’s name and a client event as in every other text', async () => {
  const text = 'a\u0007b\u001b[31m';
  const post = (url: string, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url, headers, payload });
  const user = await post('/api/users', { username: 'ctl_user', name: text, password: 'Control-Password-123', role: 'warehouse' });
  expect(user.statusCode).toBe(400);
  expect(user.json().fields).toEqual({ name: 'Il testo contiene caratteri non ammessi (caratteri di controllo)' });
  const event = {
    kind: 'remoteIncompatible',
    remote: 'operations',
    manifestUrl: text,
    buildVersion: text,
    problems: [{ package: '@wms/shared-ui', required: '^9.0.0', provided: '1.4.0', needs: 'newer' }],
  };
  const refused = await post('/api/client-events', event);
  expect(refused.statusCode).toBe(400);
  expect(Object.keys(refused.json().fields).sort()).toEqual(['buildVersion', 'manifestUrl']);
});

it('ids and paging numbers are strict decimal integers: 0x10, " 1", 1e0, +1 are a 400 in every path and in limit / offset (issue 13 item 6)', async () => {
  const failures: string[] = [];
  for (const op of await operations()) {
    if (op.path.includes('/docs') || op.path === '/api/auth/logout') continue;
    // A scanned code is text, not an id: '0x10' or '+1' may be some supplier's barcode (unknown here: 404).
    if (op.path === '/api/barcodes/{code}') continue;
    const urls = /\{[^}]+\}/.test(op.path) ? LENIENT_NUMBERS.map((f) => op.path.replace(/\{[^}]+\}/g, encodeURIComponent(f))) : [];
    for (const url of urls) {
      const res = await t.app.inject({ method: op.method as 'GET', url, headers });
      if (res.statusCode !== 400) failures.push(`${op.method} ${url}: ${res.statusCode}`);
    }
  }
  const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>;
  };
  for (const [path, methods] of Object.entries(doc.paths)) {
    const names = (methods.get?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
    for (const name of names.filter((n) => n === 'limit' || n === 'offset' || n.endsWith('_id'))) {
      for (const form of LENIENT_NUMBERS) {
        const url = `${path.replace(/\{[^}]+\}/g, '1')}?${name}=${encodeURIComponent(form)}`;
        const res = await t.app.inject({ method: 'GET', url, headers });
        if (res.statusCode !== 400) failures.push(`GET ${url}: ${res.statusCode}`);
      }
    }
  }
  expect(failures).toEqual([]);
});

it('DELETE /api/users/0x10 deletes nobody: user 16 is still there', async () => {
  for (let i = 0; i < 16; i += 1) await t.createUser('warehouse');
  const res = await t.app.inject({ method: 'DELETE', url: '/api/users/0x10', headers });
  expect(res.statusCode).toBe(400);
  expect((await t.app.inject({ method: 'GET', url: '/api/users/16', headers })).statusCode).toBe(200);
});

it('the session survives the barrage (hostile deletes and updates were refused)', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers });
  expect(res.statusCode).toBe(200);
});

/**
 * Issue 21: a decimal (quantity, price) that is not exact canonical text — or a JSON number outside what the field keeps — is
 * a 400 VALIDATION naming that very field, never a 500 and never a silent rounding. Thousands separators are for people
 * (the forms read them); the API takes canonical text ("1234.5"), so "1.234,5" is refused rather than guessed.
 */
describe('bad decimals in every write API: 400 with the field, never 500', () => {
  const BAD_DECIMALS: Array<[string, unknown, RegExp]> = [
    ['a tiny number (1e-7)', 1e-7, /non valido/],
    ['a huge number (1e21)', 1e21, /non valido/],
    ['exponent text 1e-7', '1e-7', /non valido/],
    ['exponent text 1e21', '1e21', /non valido/],
    ['two decimal marks', '2,5,1', /non valido/],
    ['thousands separators', '1.234,5', /non valido/],
    ['grouped by spaces', '1 234', /non valido/],
    ['a huge digit string', '9'.repeat(5000), /troppo grand/],
    ['a long decimal string', `1.${'0'.repeat(4000)}1`, /decimali/],
    ['hexadecimal', '0x10', /non valido/],
    ['a boolean', true, /non valido/],
    ['an object', { value: 1 }, /non valido/],
  ];
  // [operation, body with the decimal at `field`, field path in the answer]
  const at = (v: unknown): Array<[string, string, unknown, string]> => [
    [
      'POST',
      '/api/goods-receipts/receive',
      {
        order_id: 1,
        document_number: 'DDT-1',
        document_date: '2026-01-10',
        items: [{ order_item_id: 1, quantity: '1', warehouse_id: 1, batches: [{ batch_number: 'L1', quantity: v }] }],
      },
      'items.0.batches.0.quantity',
    ],
    [
      'POST',
      '/api/goods-receipts/receive',
      { order_id: 1, document_number: 'DDT-1', document_date: '2026-01-10', items: [{ order_item_id: 1, quantity: v, warehouse_id: 1 }] },
      'items.0.quantity',
    ],
    [
      'POST',
      '/api/stock-movements',
      { movement_type: 'C', movement_date: '10/01/2026', product_id: 1, warehouse_id: 1, quantity: v },
      'quantity',
    ],
    ['POST', '/api/sales', { product_id: 1, warehouse_id: 1, customer_id: 1, quantity: v }, 'quantity'],
    ['POST', '/api/prices', { product_id: 1, supplier_id: 1, price: v, currency: 'EUR', start_date: '2026-01-01' }, 'price'],
    ['POST', '/api/prices/from-today', { product_id: 1, supplier_id: 1, price: v }, 'price'],
    [
      'POST',
      '/api/purchase-orders',
      {
        order_date: '2026-01-10',
        requested_arrival_date: '2026-01-20',
        supplier_id: 1,
        items: [{ product_id: 1, quantity: v, unit_price: '1' }],
      },
      'items.0.quantity',
    ],
    [
      'POST',
      '/api/purchase-orders',
      {
        order_date: '2026-01-10',
        requested_arrival_date: '2026-01-20',
        supplier_id: 1,
        items: [{ product_id: 1, quantity: '1', unit_price: v }],
      },
      'items.0.unit_price',
    ],
  ];

  it.each(BAD_DECIMALS)('%s', async (_label, value, words) => {
    const failures: string[] = [];
    for (const [method, url, body, field] of at(value)) {
      const res = await t.app.inject({
        method: method as 'POST',
        url,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'idempotency-key': `bad-decimal-${Math.random().toString(36).slice(2)}`,
        },
        payload: JSON.stringify(body),
      });
      const json = res.json() as { code?: string; fields?: Record<string, string> };
      const message = json.fields?.[field];
      // The sale's quantity has one sentence for all its rules ("Quantità non valida: minimo 1, al massimo 3 decimali").
      const expected = url === '/api/sales' ? /Quantità non valida/ : words;
      if (res.statusCode !== 400 || json.code !== 'VALIDATION' || !message || !expected.test(message))
        failures.push(`${url} ${field}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
    expect(failures).toEqual([]);
  });

  it('the same numbers as exact text are accepted by the schemas (a 400 here would be for another field, not the decimal)', async () => {
    for (const [method, url, body, field] of at('1234.5')) {
      const res = await t.app.inject({
        method: method as 'POST',
        url,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'idempotency-key': `good-decimal-${Math.random().toString(36).slice(2)}`,
        },
        payload: JSON.stringify(body),
      });
      expect(res.statusCode).toBeLessThan(500);
      expect({ url, field, message: (res.json() as { fields?: Record<string, string> }).fields?.[field] }).toEqual({
        url,
        field,
        message: undefined,
      });
    }
  });
});

/**
 * Issue 23: bodies that used to reach a 500 (a stack overflow walking a deeply nested body, logged at error level each
 * time) or that were saved changed (bytes that are not UTF-8, lone surrogates, both stored as U+FFFD) are a 400 with
 * `{error, code}` in the caller's language, refused before anything walks or stores them.
 */
describe('deep nesting, invalid UTF-8, lone surrogates, loose ids in bodies: 400, never 500', () => {
  const deepArray = (n: number) => '['.repeat(n) + ']'.repeat(n);
  const deepObject = (n: number) => '{"a":'.repeat(n) + '1' + '}'.repeat(n);
  const send = (method: string, url: string, payload: string | Buffer, extra: Record<string, string> = {}) =>
    t.app.inject({ method: method as 'POST', url, headers: { 'content-type': 'application/json', ...extra }, payload });

  it('POST /api/auth/login without a token: 2 000+ levels of arrays or objects are a 400 JSON_TOO_DEEP in the caller’s language', async () => {
    for (const body of [deepArray(2500), deepObject(2500), `{"username":${deepArray(5000)},"password":"x"}`]) {
      const it = await send('POST', '/api/auth/login', body);
      expect({ status: it.statusCode, code: it.json().code }).toEqual({ status: 400, code: 'JSON_TOO_DEEP' });
      expect(it.json().error).toBe('Richiesta non valida: il corpo JSON è annidato oltre 64 livelli');
      const fr = await send('POST', '/api/auth/login', body, { 'accept-language': 'fr' });
      expect(fr.json().error).toBe('Requête non valide : le corps JSON est imbriqué sur plus de 64 niveaux');
    }
  });

  it('64 levels are parsed as usual; brackets inside strings do not count', async () => {
    const at64 = await send('POST', '/api/auth/login', deepArray(64));
    expect({ status: at64.statusCode, code: at64.json().code }).toEqual({ status: 400, code: 'VALIDATION' });
    const inText = JSON.stringify({ username: '['.repeat(5000) + '\\"{{{', password: 'x' });
    expect((await send('POST', '/api/auth/login', inText)).json().code).toBe('VALIDATION'); // too long a name, not too deep
  });

  it('every other JSON route, signed in: 3 000 levels are a 400, not a 500', async () => {
    const routes: Array<[string, string]> = [
      ['POST', '/api/products'],
      ['POST', '/api/stock-movements'],
      ['POST', '/api/goods-receipts/receive'],
      ['POST', '/api/purchase-orders'],
      ['POST', '/api/prices'],
      ['POST', '/api/prices/from-today'],
      ['POST', '/api/sales'],
      ['PUT', '/api/users/1'],
      ['POST', '/api/users'],
    ];
    for (const [method, url] of routes) {
      for (const body of [deepArray(3000), deepObject(3000)]) {
        const res = await send(method, url, body, { ...headers, 'idempotency-key': `deep-${Math.random()}` });
        expect({ url, status: res.statusCode, code: res.json().code }).toEqual({ url, status: 400, code: 'JSON_TOO_DEEP' });
      }
    }
  });

  it('is logged as a refusal (info), never at error level, and with no stack trace', async () => {
    const lines: { level: number; msg?: string; err?: unknown }[] = [];
    const logged = await buildApp({
      db: t.db,
      logger: { level: 'trace', stream: { write: (line: string) => void lines.push(JSON.parse(line)) } },
    });
    try {
      for (let i = 0; i < 3; i += 1) {
        const res = await logged.inject({
          method: 'POST',
          url: '/api/auth/login',
          headers: { 'content-type': 'application/json' },
          payload: deepArray(4000),
        });
        expect(res.statusCode).toBe(400);
      }
    } finally {
      await logged.close();
    }
    expect(lines.filter((l) => l.level >= 40)).toEqual([]);
    expect(lines.filter((l) => l.err !== undefined)).toEqual([]);
    expect(lines.filter((l) => l.msg === 'request refused')).toHaveLength(3);
  });

  it('bytes that are not UTF-8 are a 400 BAD_ENCODING (never read as U+FFFD): a stray byte, an overlong form, an encoded surrogate', async () => {
    const wrap = (bytes: number[]) =>
      Buffer.concat([Buffer.from('{"username":"ab'), Buffer.from(bytes), Buffer.from('c","password":"Secret-pass-1"}')]);
    for (const bytes of [[0xff], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xe2, 0x82]]) {
      const res = await send('POST', '/api/auth/login', wrap(bytes));
      expect({ bytes, status: res.statusCode, code: res.json().code }).toEqual({ bytes, status: 400, code: 'BAD_ENCODING' });
      expect(res.json().error).toBe('Richiesta non valida: il corpo non è testo UTF-8 valido');
    }
    const fr = await send('POST', '/api/auth/login', wrap([0xff]), { 'accept-language': 'fr-FR,fr;q=0.9' });
    expect(fr.json().error).toBe("Requête non valide : le corps n'est pas un texte UTF-8 valide");
  });

  it('a product named with bytes that are not UTF-8 is refused and nothing is saved', async () => {
    const code = `BADUTF8-${process.pid}`;
    const payload = Buffer.concat([
      Buffer.from(`{"code":"${code}","description":"Vite `),
      Buffer.from([0xfe, 0xff]),
      Buffer.from('","category":"Viteria","currency":"EUR","unit_of_measure":"piece"}'),
    ]);
    const res = await send('POST', '/api/products', payload, headers);
    expect({ status: res.statusCode, code: res.json().code }).toEqual({ status: 400, code: 'BAD_ENCODING' });
    expect((await t.db.query('SELECT 1 FROM products WHERE code = $1', [code])).rowCount).toBe(0);
  });

  it('a lone surrogate escape ("\\ud800", "\\udc00") in a value or a key is a 400 VALIDATION naming the field; a whole pair is kept', async () => {
    const login = await send('POST', '/api/auth/login', '{"username":"mario\\ud800","password":"x"}');
    expect(login.statusCode).toBe(400);
    expect(login.json().fields).toEqual({ username: 'Il testo contiene caratteri non validi (codifica Unicode incompleta)' });
    const fr = await send('POST', '/api/auth/login', '{"username":"x","password":"\\udc00a"}', { 'accept-language': 'fr' });
    expect(fr.json().fields).toEqual({ password: 'Le texte contient des caractères non valides (codage Unicode incomplet)' });
    const key = await send('POST', '/api/auth/login', '{"username":"x","password":"y","k\\udbff":1}');
    expect(key.json().fields).toEqual({ 'k\udbff': expect.stringContaining('Unicode') });

    const code = `SURR-${process.pid}`;
    const lone = JSON.stringify({ code, description: 'x', category: 'Viteria', currency: 'EUR', unit_of_measure: 'piece' }).replace(
      '"x"',
      '"Vite \\ud83d fine"',
    );
    const refused = await send('POST', '/api/products', lone, headers);
    expect({ status: refused.statusCode, fields: refused.json().fields }).toEqual({
      status: 400,
      fields: { description: expect.stringContaining('Unicode') },
    });
    expect((await t.db.query('SELECT 1 FROM products WHERE code = $1', [code])).rowCount).toBe(0);

    const pair = lone.replace('\\ud83d fine', '\\ud83d\\ude00 fine');
    const saved = await send('POST', '/api/products', pair, headers);
    expect(saved.statusCode).toBe(201);
    const { rows } = await t.db.query<{ description: string }>('SELECT description FROM products WHERE code = $1', [code]);
    expect(rows[0].description).toBe('Vite \u{1F600} fine');
  });

  it('a lone surrogate in a query string is refused as well', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/products?q=${encodeURIComponent('a')}%ED%A0%80`, headers });
    expect(res.statusCode).toBeLessThan(500);
    expect(res.body).not.toContain('\uFFFD');
  });

  it('ids in bodies follow the one strict rule: " 1", "1 ", "0x10", "+1", "1e0" are a 400 in prices and purchase orders too', async () => {
    const price = (o: Record<string, unknown>) => ({
      product_id: 1,
      supplier_id: 1,
      price: '1.5',
      currency: 'EUR',
      start_date: '2026-01-01',
      ...o,
    });
    const order = (o: Record<string, unknown>, item: Record<string, unknown> = {}) => ({
      order_date: '2026-01-10',
      requested_arrival_date: '2026-01-20',
      supplier_id: 1,
      items: [{ product_id: 1, quantity: '1', unit_price: '1', ...item }],
      ...o,
    });
    const cases: Array<[string, string, (v: unknown) => unknown, string]> = [
      ['POST', '/api/prices', (v) => price({ product_id: v }), 'product_id'],
      ['POST', '/api/prices', (v) => price({ supplier_id: v }), 'supplier_id'],
      ['PUT', '/api/prices/1', (v) => price({ supplier_id: v }), 'supplier_id'],
      ['POST', '/api/prices/from-today', (v) => ({ product_id: v, supplier_id: 1, price: '1.5' }), 'product_id'],
      ['POST', '/api/purchase-orders', (v) => order({ supplier_id: v }), 'supplier_id'],
      ['POST', '/api/purchase-orders', (v) => order({}, { product_id: v }), 'items.0.product_id'],
      ['PUT', '/api/purchase-orders/1', (v) => order({}, { id: v }), 'items.0.id'],
    ];
    const failures: string[] = [];
    for (const [method, url, body, field] of cases) {
      for (const form of LENIENT_NUMBERS) {
        const res = await send(method, url, JSON.stringify(body(form)), { ...headers, 'idempotency-key': `loose-id-${Math.random()}` });
        if (res.statusCode !== 400 || !res.json().fields?.[field])
          failures.push(`${method} ${url} ${field}=${JSON.stringify(form)}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
      // Strict digits as text (a select's value) are still an id: no complaint about this field.
      const ok = await send(method, url, JSON.stringify(body('1')), { ...headers, 'idempotency-key': `strict-id-${Math.random()}` });
      if (ok.statusCode >= 500 || ok.json().fields?.[field])
        failures.push(`${method} ${url} ${field}="1": ${ok.statusCode} ${ok.body.slice(0, 120)}`);
    }
    expect(failures).toEqual([]);
  });
});

describe('fuzz (issue 23): random bodies with deep nesting, exponent decimals and broken text on every write route', () => {
  /** The fields the write APIs read, so a random body reaches the schemas' rules and not only "unknown key". */
  const FIELDS = [
    'quantity',
    'price',
    'unit_price',
    'counted_quantity',
    'min',
    'max',
    'product_id',
    'warehouse_id',
    'supplier_id',
    'customer_id',
    'batch_number',
    'expiry_date',
    'movement_date',
    'code',
    'name',
    'password',
    'items',
    'lines',
    'batches',
    'limits',
  ];
  const exponent = fc
    .tuple(fc.integer({ min: -99, max: 99 }), fc.integer({ min: -40, max: 40 }), fc.boolean())
    .map(([m, e, asText]) => (asText ? `${m}e${e}` : Number(`${m}e${e}`)));
  const brokenText = fc.constantFrom('\ud800', 'a\udc00b', '\u0000', '\u200b\u200b', '1e-7', '1e21', '1,5e3', '0x10', ' 1');
  const leaf: fc.Arbitrary<string> = fc.oneof(
    exponent.map((v) => JSON.stringify(v)),
    brokenText.map((t) => `"${t}"`),
    fc.integer().map(String),
    fc.constantFrom('null', 'true', '[]', '{}', '1e308', '-0', '0.0000001', '"31/02/2027"'),
  );
  /** A JSON value as text: a leaf, a nest of 1–3 000 arrays around one, or an object of fields the API reads. */
  const value: fc.Arbitrary<string> = fc.oneof(
    leaf,
    fc.tuple(fc.integer({ min: 1, max: 3000 }), leaf).map(([depth, inner]) => `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`),
    fc
      .array(fc.tuple(fc.constantFrom(...FIELDS), leaf), { maxLength: 6 })
      .map((pairs) => `[{${pairs.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}]`),
  );
  const body = fc
    .array(fc.tuple(fc.constantFrom(...FIELDS), value), { minLength: 1, maxLength: 8 })
    .map((pairs) => `{${pairs.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`);

  it('never a 5xx, every refusal {error, code} (bounded: 150 bodies)', async () => {
    const writes = (await operations()).filter(
      (o) => (o.method === 'POST' || o.method === 'PUT') && o.path !== '/api/auth/logout' && !o.path.includes('/docs'),
    );
    expect(writes.length).toBeGreaterThan(20);
    const statuses: number[] = [];
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: writes.length - 1 }), body, async (i, payload) => {
        const op = writes[i];
        const url = op.path.replace(/\{[^}]+\}/g, '1');
        const res = await t.app.inject({
          method: op.method as 'POST',
          url,
          headers: { ...headers, 'content-type': 'application/json' },
          payload,
        });
        statuses.push(res.statusCode);
        expectRefusalShape(res.statusCode, res.body, `${op.method} ${url} ${payload.slice(0, 120)}`);
      }),
      { numRuns: 150, seed: 20261127 },
    );
    // The bodies reached the parser and the schemas (400s), not a wall of 401s from a lost session.
    expect(statuses.filter((s) => s === 400).length).toBeGreaterThan(100);
    expect(statuses.filter((s) => s === 401).length).toBeLessThan(10);
  });
});
