/**
 * Proof that the OpenAPI document tells the truth (issue 29). At test time:
 * 1. GET /api/openapi.json from the app, and generate its TypeScript types with openapi-typescript
 *    (./generated/api.d.ts, git-ignored);
 * 2. type-check ./full-day.ts against them with the TypeScript compiler: a path, a parameter, a body field or an answer's
 *    field the day uses that the document lost or changed is a failure here;
 * 3. run the day through openapi-fetch against the app listening on an ephemeral port, and validate EVERY answer —
 *    successes and refusals alike — against the schema the document gives for its operation and status (ajv, the
 *    validator already installed with fastify): an undocumented status, or a body the schema refuses, fails the test.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import createClient, { type Middleware } from 'openapi-fetch';
import ts from 'typescript';
import { companyToday } from '@wms/shared-api';
import { makeTestApp, type TestApp } from '../helpers';

/**
 * What ./full-day.ts takes. Written here, not imported: the repository's typecheck does not see full-day.ts, whose types
 * exist only once this test has generated them.
 */
interface DayContext {
  api: unknown;
  signAs(token: string | null): void;
  today: string;
  admin: { username: string; password: string };
  warehosignAs: string;
}

type Json = Record<string, unknown>;
interface Doc {
  paths: Record<string, Record<string, { responses?: Record<string, Json> }>>;
  components?: Json;
}

const here = __dirname;
const generated = path.join(here, 'generated', 'api.d.ts');

let t: TestApp;
let doc: Doc;
let baseUrl: string;
beforeAll(async () => {
  t = await makeTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  doc = res.json() as Doc;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  baseUrl = `http://127.0.0.1:${address.port}`;
});
afterAll(() => t.close());

/** The document's `#/components/…` references replaced by their targets (the zod-made schemas have no cycles). */
function dereference(node: unknown, root: Doc, seen: string[] = []): unknown {
  if (Array.isArray(node)) return node.map((n) => dereference(n, root, seen));
  if (!node || typeof node !== 'object') return node;
  const obj = node as Json;
  if (typeof obj.$ref === 'string') {
    const ref = obj.$ref;
    if (seen.includes(ref)) throw new Error(`cyclic reference ${ref}`);
    const target = ref
      .replace(/^#\//, '')
      .split('/')
      .reduce<unknown>((at, key) => (at as Json)[key.replace(/~1/g, '/').replace(/~0/g, '~')], root);
    return dereference(target, root, [...seen, ref]);
  }
  const out: Json = {};
  for (const [k, v] of Object.entries(obj)) out[k] = dereference(v, root, seen);
  // OpenAPI 3.0's boolean exclusiveMinimum/Maximum (draft 4) as JSON Schema draft 7 writes them.
  for (const [bound, exclusive] of [
    ['minimum', 'exclusiveMinimum'],
    ['maximum', 'exclusiveMaximum'],
  ] as const) {
    if (typeof out[exclusive] === 'boolean') {
      if (out[exclusive]) out[exclusive] = out[bound];
      else delete out[exclusive];
      if (out[exclusive] !== undefined) delete out[bound];
    }
  }
  return out;
}

/** Validates every answer the client receives against the document; collects what does not match. */
function contractChecker(document: Doc) {
  // strict: false — OpenAPI's own words (example, xml…) are not JSON Schema; ajv understands OpenAPI's `nullable`.
  const ajv = new Ajv({ strict: false, allErrors: true });
  const validators = new Map<string, ReturnType<Ajv['compile']>>();
  const problems: string[] = [];
  const seen: string[] = [];
  const middleware: Middleware = {
    async onResponse({ request, response, schemaPath }) {
      const method = request.method.toLowerCase();
      const where = `${request.method} ${schemaPath} → ${response.status}`;
      seen.push(where);
      const responses = document.paths[schemaPath]?.[method]?.responses;
      if (!responses) {
        problems.push(`${where}: no such operation in the document`);
        return undefined;
      }
      const documented = (responses[String(response.status)] ?? responses.default) as Json | undefined;
      if (!documented) {
        problems.push(`${where}: status not documented (documented: ${Object.keys(responses).join(', ')})`);
        return undefined;
      }
      const answer = dereference(documented, document) as { content?: Record<string, { schema?: Json }> };
      const schema = answer.content?.['application/json']?.schema;
      const type = response.headers.get('content-type') ?? '';
      if (!schema) {
        if (type.includes('json')) problems.push(`${where}: a JSON answer where the document gives no JSON schema`);
        return undefined;
      }
      if (!type.includes('application/json')) {
        problems.push(`${where}: answered ${type}, documented application/json`);
        return undefined;
      }
      const key = `${method} ${schemaPath} ${response.status}`;
      let validate = validators.get(key);
      if (!validate) {
        validate = ajv.compile(schema);
        validators.set(key, validate);
      }
      const body: unknown = await response.clone().json();
      if (!validate(body)) problems.push(`${where}: ${ajv.errorsText(validate.errors)} in ${JSON.stringify(body).slice(0, 300)}`);
      return undefined;
    },
  };
  return { middleware, problems, seen };
}

describe('the OpenAPI document is the contract a generated client can rely on', () => {
  it('generates TypeScript types from the document, and the day written against them type-checks', async () => {
    // The generator's own command line, in a Node of its own (it is an ES module, Jest's runtime loads CommonJS). Written
    // under names of this process's own, then renamed over the file full-day.ts imports (atomic): CI runs this file on
    // PostgreSQL and on PGlite at once, and a delete-then-write let one run find no file while the other was writing it.
    const documentFile = path.join(path.dirname(generated), `openapi.${process.pid}.json`);
    const output = `${generated}.${process.pid}.tmp`;
    fs.mkdirSync(path.dirname(generated), { recursive: true });
    fs.writeFileSync(documentFile, JSON.stringify(doc));
    const cli = path.join(path.dirname(require.resolve('openapi-typescript/package.json')), 'bin/cli.js');
    const run = spawnSync(process.execPath, [cli, documentFile, '--output', output], { encoding: 'utf8' });
    fs.rmSync(documentFile, { force: true });
    expect(run.stderr.includes('✘') ? run.stderr : '').toBe('');
    expect(run.status).toBe(0);
    fs.renameSync(output, generated);

    const config = ts.getParsedCommandLineOfConfigFile(
      path.join(here, '../../tsconfig.test.json'),
      {},
      {
        ...ts.sys,
        onUnRecoverableConfigFileDiagnostic: (d) => {
          throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
        },
      },
    );
    if (!config) throw new Error('server/tsconfig.test.json unreadable');
    const program = ts.createProgram([path.join(here, 'full-day.ts')], { ...config.options, noEmit: true, types: ['node'] });
    const errors = ts.getPreEmitDiagnostics(program).map((d) => {
      const where = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : null;
      const file = d.file ? `${path.relative(here, d.file.fileName)}:${(where?.line ?? 0) + 1}` : '';
      return `${file} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
    });
    expect(errors).toEqual([]);
  });

  it('a full day through the generated client: every answer matches the documented schema of its status', async () => {
    expect(fs.existsSync(generated)).toBe(true);
    const dayModule = path.join(here, 'full-day');
    const { fullDay } = (await import(dayModule)) as { fullDay(context: DayContext): Promise<void> };
    const checker = contractChecker(doc);
    let token: string | null = null;
    const api = createClient<never>({ baseUrl });
    api.use({
      onRequest({ request }) {
        if (token) request.headers.set('authorization', `Bearer ${token}`);
        request.headers.set('accept-language', 'it');
        return request;
      },
    });
    api.use(checker.middleware);

    const admin = await t.createUser('admin');
    const { token: warehosignAs } = await t.signIn('warehouse');
    const context: DayContext = {
      api,
      signAs: (next) => {
        token = next;
      },
      today: companyToday(),
      admin: { username: admin.username, password: admin.password },
      warehosignAs,
    };
    await fullDay(context);

    expect(checker.problems).toEqual([]);
    // Every kind of answer was checked: successes, and the refusals 400, 401, 403, 404, 409.
    const statuses = new Set(checker.seen.map((s) => s.replace(/.* → /, '')));
    expect([...statuses].sort()).toEqual(['200', '201', '400', '401', '403', '404', '409']);
    expect(checker.seen.length).toBeGreaterThan(30);
  });

  it('a decimal sent as text: what the document promises the server takes, and grouped text it refuses', async () => {
    const stock = doc.paths['/api/stock-movements'] as Json;
    const body = ((((stock.post as Json).requestBody as Json).content as Json)['application/json'] as Json).schema as Json;
    const quantity = dereference((body.properties as Json).quantity, doc) as { anyOf: Array<{ type: string; pattern?: string }> };
    const pattern = new RegExp(quantity.anyOf.find((s) => s.type === 'string')!.pattern!);
    const { headers } = await t.signIn('warehouse');
    for (const [text, readable] of [
      ['12.5', true],
      ['0.125', true],
      ['7', true],
      ['1.500,25', false],
      ['1 500', false],
    ] as const) {
      expect([text, pattern.test(text)]).toEqual([text, readable]);
      // The quantity's own verdict (the ids may name nothing: that is another refusal).
      const payload = { movement_type: 'C', movement_date: companyToday(), product_id: 1, warehouse_id: 1, quantity: text };
      const res = await t.app.inject({ method: 'POST', url: '/api/stock-movements', headers, payload });
      expect([text, res.json().fields?.quantity === undefined]).toEqual([text, readable]);
    }
  });
});
