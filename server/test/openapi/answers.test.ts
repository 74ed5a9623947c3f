import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../src/http/errors';
import { OPERATIONS } from '../../src/http/operations';
import { makeTestApp, type TestApp } from '../helpers';

// The check every API test runs (support/openapi-answers.ts) must itself be able to fail. Two throw-away routes get a row
// in the operation table for this file only, so they are checked like the API's own: one answers a 409 code its row does
// not list, one a status its document does not list.
const drift: FastifyPluginAsyncZod = async (app) => {
  app.get('/drift/conflict', async () => {
    throw new AppError(409, 'NOT_LISTED', { it: 'Conflitto', fr: 'Conflit' });
  });
  app.get('/drift/listed', async () => {
    throw new AppError(409, 'LISTED', { it: 'Conflitto', fr: 'Conflit' });
  });
  app.get('/drift/teapot', async (_request, reply) => reply.code(418).send({ n: 'uno' }));
};

let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  OPERATIONS['GET /api/drift/conflict'] = { id: 'driftConflict', tag: 'system', conflicts: ['LISTED'] };
  OPERATIONS['GET /api/drift/listed'] = { id: 'driftListed', tag: 'system', conflicts: ['LISTED'] };
  OPERATIONS['GET /api/drift/teapot'] = { id: 'driftTeapot', tag: 'system' };
  t = await makeTestApp({ domains: [{ name: 'drift', routes: drift }] });
  ({ headers } = await t.signIn('admin'));
});
afterAll(async () => {
  await t.close();
  for (const k of ['GET /api/drift/conflict', 'GET /api/drift/listed', 'GET /api/drift/teapot']) delete OPERATIONS[k];
});

describe("every API test's answers are checked against the OpenAPI document", () => {
  it('fails a test whose answer carries a 409 code the operation does not document', async () => {
    await expect(t.app.inject({ method: 'GET', url: '/api/drift/conflict', headers })).rejects.toThrow(
      /GET \/api\/drift\/conflict 409: the body does not match the documented schema: \/code must be equal to one of the allowed values/,
    );
  });

  it('lets a documented refusal through', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/drift/listed', headers });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'Conflitto', code: 'LISTED' });
  });

  it('fails on a status the operation does not list, and passes the ones every operation documents', async () => {
    await expect(t.app.inject({ method: 'GET', url: '/api/drift/teapot', headers })).rejects.toThrow(
      /GET \/api\/drift\/teapot answered 418, which the document does not list \(200, 400, 401\)/,
    );
    await expect(t.app.inject({ method: 'GET', url: '/api/drift/teapot', headers: {} })).resolves.toHaveProperty('statusCode', 401);
    // A body in a format the operation does not read: 415, documented on every operation with a body.
    await expect(
      t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'text/plain' }, payload: 'x' }),
    ).resolves.toHaveProperty('statusCode', 415);
  });

  it('documents null in a nullable enum (a product without a unit matches its own document)', () => {
    const doc = JSON.stringify(t.app.swagger());
    expect(doc).toMatch(/"enum":\["m","kg","piece","l",null\]/);
  });
});
