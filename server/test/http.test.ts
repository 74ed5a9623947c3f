import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../src/http/errors';
import { makeTestApp, type TestApp } from './helpers';

/** Throw-away routes exercising what domain modules will use. */
const probe: FastifyPluginAsyncZod = async (app) => {
  app.get('/probe/users-only', { config: { permission: 'users' } }, async (request) => ({ by: request.user.username }));
  app.get('/probe/config-permission', { config: { permission: 'valuation' } }, async () => ({ ok: true }));
  app.get('/probe/any-of', { config: { permission: ['users', 'movements'] } }, async () => ({ ok: true }));
  app.post(
    '/probe/items',
    {
      config: { permission: 'registry' },
      schema: {
        body: z.object({
          code: z.string({ error: 'required' }).min(1, { error: 'required' }),
          qty: z.number().positive({ error: 'positive' }),
        }),
      },
    },
    async (request) => ({ code: request.body.code }),
  );
  app.get('/probe/query', { schema: { querystring: z.object({ page: z.coerce.number().int().min(1) }) } }, async (request) => ({
    page: request.query.page,
  }));
  app.get('/probe/conflict', async () => {
    throw new AppError(409, 'PROBE_TAKEN', { it: 'Codice {{code}} già usato', fr: 'Code {{code}} déjà utilisé' }, { code: 'A1' });
  });
  app.get('/probe/boom', async () => {
    throw new Error('secret internal detail');
  });
  app.get('/probe/data-error', async () => {
    await app.db.query('SELECT 1 / 0'); // 22012 division_by_zero: any data exception (class 22) is the input's fault
    return { ok: true };
  });
  app.get('/probe/integrity-error', async () => {
    await app.db.query('INSERT INTO stock_balances (product_id, warehouse_id) VALUES (987654, 987654)'); // 23503
    return { ok: true };
  });
  app.get('/probe/unique', async () => {
    await app.db.query("INSERT INTO users (username, name, role, password_hash) VALUES ('dup', 'x', 'admin', 'x')");
    await app.db.query("INSERT INTO users (username, name, role, password_hash) VALUES ('DUP', 'x', 'admin', 'x')");
    return { ok: true };
  });
};

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ domains: [{ name: 'probe', routes: probe }] });
});
afterAll(async () => {
  await t.close();
});

describe('permissions (shared table)', () => {
  it('403 FORBIDDEN when the role lacks the permission (config: { permission })', async () => {
    const { headers } = await t.signIn('warehouse');
    const res = await t.app.inject({ method: 'GET', url: '/api/probe/users-only', headers });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'Non hai i permessi per questa operazione', code: 'FORBIDDEN' });
    const fr = await t.app.inject({ method: 'GET', url: '/api/probe/users-only', headers: { ...headers, 'accept-language': 'fr' } });
    expect(fr.json().error).toBe("Vous n'avez pas les droits pour cette opération");
  });

  it('passes when the role holds it, with request.user set', async () => {
    const { user, headers } = await t.signIn('direction');
    const res = await t.app.inject({ method: 'GET', url: '/api/probe/users-only', headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ by: user.username });
  });

  it('route config { permission } works the same way', async () => {
    const wh = await t.signIn('warehouse');
    const adm = await t.signIn('administration');
    expect((await t.app.inject({ method: 'GET', url: '/api/probe/config-permission', headers: wh.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/probe/config-permission', headers: adm.headers })).statusCode).toBe(200);
  });

  it('a list of permissions: any one of them lets the caller in', async () => {
    const statusOf = async (role: 'warehouse' | 'direction' | 'administration') =>
      (await t.app.inject({ method: 'GET', url: '/api/probe/any-of', headers: (await t.signIn(role)).headers })).statusCode;
    expect(await statusOf('warehouse')).toBe(200); // movements
    expect(await statusOf('direction')).toBe(200); // users and movements
    expect(await statusOf('administration')).toBe(403); // neither
  });

  it('401 comes before 403, and 403 before body validation', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/probe/users-only' })).statusCode).toBe(401);
    const { headers } = await t.signIn('warehouse');
    const res = await t.app.inject({ method: 'POST', url: '/api/probe/items', headers, payload: {} });
    expect(res.statusCode).toBe(403);
  });
});

describe('bad input never becomes a 500', () => {
  let headers: Record<string, string>;
  beforeAll(async () => {
    headers = (await t.signIn('admin')).headers;
  });

  it('malformed JSON → 400 BAD_JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "admin", ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Richiesta non valida: il corpo non è JSON valido', code: 'BAD_JSON' });
  });

  it('prototype poisoning in JSON → 400 BAD_JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/probe/items',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{"code":"A","qty":1,"__proto__":{"admin":true}}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('BAD_JSON');
  });

  it('schema failure → 400 VALIDATION listing the problems, with fields', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/probe/items', headers, payload: { qty: -1 } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'Dati non validi: code: Campo obbligatorio; qty: Il valore deve essere maggiore di zero',
      code: 'VALIDATION',
      fields: { code: 'Campo obbligatorio', qty: 'Il valore deve essere maggiore di zero' },
    });
  });

  it('querystring failure → 400 VALIDATION; valid query is coerced', async () => {
    const bad = await t.app.inject({ method: 'GET', url: '/api/probe/query?page=abc', headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION');
    const ok = await t.app.inject({ method: 'GET', url: '/api/probe/query?page=3', headers });
    expect(ok.json()).toEqual({ page: 3 });
  });

  it('wrong content type → 415 JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/probe/items',
      headers: { ...headers, 'content-type': 'application/xml' },
      payload: '<code>A</code>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ error: 'Formato della richiesta non supportato', code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('text/plain is not accepted either → 415', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'text/plain' }, payload: 'admin' });
    expect(res.statusCode).toBe(415);
  });

  it('malformed URL → 400 JSON', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/%E0%A4%A', headers: { 'accept-language': 'fr' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Requête non valide', code: 'BAD_REQUEST' });
  });

  it('body too large → 413 JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'x'.repeat(2 * 1024 * 1024), password: 'y' }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: 'Richiesta troppo grande', code: 'PAYLOAD_TOO_LARGE' });
  });

  it('every data exception (SQLSTATE class 22) → 400, every integrity violation (class 23) → 409; never a 500', async () => {
    const data = await t.app.inject({ method: 'GET', url: '/api/probe/data-error', headers });
    expect(data.statusCode).toBe(400);
    expect(data.json()).toEqual({ error: 'Richiesta non valida', code: 'VALIDATION' });
    const integrity = await t.app.inject({ method: 'GET', url: '/api/probe/integrity-error', headers });
    expect(integrity.statusCode).toBe(409);
    expect(integrity.json().code).toBe('CONFLICT');
  });

  it('a NUL in a query string, a path or a JSON body → 400 VALIDATION naming the field, in the caller language', async () => {
    const query = await t.app.inject({ method: 'GET', url: '/api/probe/query?page=1&q=a%00b', headers });
    expect(query.statusCode).toBe(400);
    expect(query.json()).toMatchObject({
      code: 'VALIDATION',
      fields: { q: 'Il testo contiene caratteri non ammessi (caratteri di controllo)' },
    });
    const body = await t.app.inject({
      method: 'POST',
      url: '/api/probe/items',
      headers: { ...headers, 'content-type': 'application/json', 'accept-language': 'fr' },
      payload: JSON.stringify({ code: 'A', qty: 1, lines: [{ note: 'x\u0000y' }] }),
    });
    expect(body.statusCode).toBe(400);
    expect(body.json()).toMatchObject({
      code: 'VALIDATION',
      fields: { 'lines.0.note': 'Le texte contient des caractères non autorisés (caractères de contrôle)' },
    });
  });

  it('a unique violation that slipped past a module → 409 CONFLICT', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/probe/unique', headers });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'Operazione in conflitto con i dati esistenti', code: 'CONFLICT' });
  });
});

describe('errors', () => {
  it('AppError → its status, code and message with parameters, in the caller language', async () => {
    const { headers } = await t.signIn('admin');
    const it = await t.app.inject({ method: 'GET', url: '/api/probe/conflict', headers });
    expect(it.statusCode).toBe(409);
    expect(it.json()).toEqual({ error: 'Codice A1 già usato', code: 'PROBE_TAKEN' });
    const fr = await t.app.inject({
      method: 'GET',
      url: '/api/probe/conflict',
      headers: { ...headers, 'accept-language': 'fr-CH, it;q=0.5' },
    });
    expect(fr.json().error).toBe('Code A1 déjà utilisé');
  });

  it('an unexpected error → 500 INTERNAL without its details', async () => {
    const { headers } = await t.signIn('admin');
    const res = await t.app.inject({ method: 'GET', url: '/api/probe/boom', headers });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: 'Errore interno del server', code: 'INTERNAL' });
    expect(res.body).not.toContain('secret');
  });

  it('unknown /api path → 404 JSON, with or without a token', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/api/nothing/here' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Risorsa non trovata', code: 'NOT_FOUND' });
    }
    const fr = await t.app.inject({ method: 'GET', url: '/api/nope', headers: { 'accept-language': 'fr' } });
    expect(fr.json()).toEqual({ error: 'Ressource introuvable', code: 'NOT_FOUND' });
  });

  it('without serveWeb, non-API paths are 404 JSON too', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/anagrafica', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
  });
});

describe('public endpoints', () => {
  it('GET /api/health', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', db: process.env.DATABASE_URL ? 'pg' : 'pglite' });
  });

  it('GET /api/openapi.json documents the routes with bearer security; login is public', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.components.securitySchemes.bearerAuth).toEqual({ type: 'http', scheme: 'bearer' });
    expect(doc.security).toEqual([{ bearerAuth: [] }]);
    const login = doc.paths['/api/auth/login'].post;
    expect(login.security).toEqual([]);
    expect(login.requestBody.content['application/json'].schema.required).toEqual(['username', 'password']);
    expect(doc.paths['/api/auth/me'].get.security).toBeUndefined();
    expect(doc.paths['/api/health']).toBeDefined();
    expect(doc.paths['/api/openapi.json']).toBeUndefined();
  });

  it('GET /api/docs serves the docs page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
  });
});
