/**
 * Every API test's answers are checked against the OpenAPI document (issue 29, "proof that the document tells the
 * truth"): `makeTestApp` wraps `app.inject`, and each answer of an `/api/…` route must have a status the operation
 * documents and, when JSON, a body its documented schema accepts — error answers included (`{error, code}` with exactly
 * the documented 409 codes). A drift fails the test that saw it, naming the operation, the status and what differs.
 *
 * The document is the server's own (`app.swagger()`, the same one GET /api/openapi.json answers), read once per app.
 * Not checked: bodies that are not JSON (CSV, HTML, images — their content type is checked instead) or compressed,
 * routes outside the document (hidden ones: /api/openapi.json itself, the docs page) and a test's throw-away routes
 * (no operationId).
 */
import Ajv, { type ValidateFunction } from 'ajv';
import type { FastifyInstance } from 'fastify';

type Json = Record<string, unknown>;

interface Operation {
  method: string;
  path: string;
  /** Literal segments first: `/api/sales/export` wins over `/api/sales/{id}`. */
  literals: number;
  pattern: RegExp;
  /** Routes of the API have one (operations.ts); a test's throw-away route has none and is not checked. */
  operationId?: string;
  responses: Record<string, Json>;
}

interface Checker {
  check(method: string, url: string, status: number, headers: Record<string, unknown>, body: string): string | null;
}

function operationsOf(doc: Json): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths as Record<string, Record<string, Json>>)) {
    const segments = path.split('/');
    const pattern = new RegExp(
      `^${segments.map((s) => (/^\{.+\}$/.test(s) ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('/')}$`,
    );
    const literals = segments.filter((s) => s && !/^\{.+\}$/.test(s)).length;
    for (const [method, op] of Object.entries(methods)) {
      if (typeof op !== 'object' || !op || !('responses' in op)) continue;
      const operationId = (op as Json).operationId as string | undefined;
      ops.push({ method: method.toUpperCase(), path, literals, pattern, operationId, responses: op.responses as Record<string, Json> });
    }
  }
  return ops.sort((a, b) => b.literals - a.literals);
}

function makeChecker(doc: Json): Checker {
  const ops = operationsOf(doc);
  // OpenAPI 3.0 schemas: `nullable`, `example` and friends are not JSON Schema keywords; strict off, formats ignored.
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
  ajv.addSchema({ components: doc.components ?? {} }, 'doc');
  const compiled = new Map<Json, ValidateFunction>();
  const resolve = (r: Json): Json => {
    const ref = r.$ref as string | undefined;
    if (!ref) return r;
    const [, , kind, name] = ref.split('/');
    return ((doc.components as Record<string, Record<string, Json>>)[kind] ?? {})[name] ?? {};
  };
  const validatorOf = (schema: Json): ValidateFunction => {
    let v = compiled.get(schema);
    if (!v) {
      // Component references inside the schema point at the registered copy of the document's components.
      v = ajv.compile(JSON.parse(JSON.stringify(schema).replace(/"#\/components\//g, '"doc#/components/')) as Json);
      compiled.set(schema, v);
    }
    return v;
  };
  return {
    check(method, url, status, headers, body) {
      const path = url.split('?')[0];
      if (!path.startsWith('/api/')) return null;
      const op = ops.find((o) => o.method === method && o.pattern.test(path));
      if (!op?.operationId) return null; // hidden, or a test's own route
      const name = `${method} ${op.path}`;
      const documented = op.responses[String(status)] ?? op.responses.default;
      if (!documented)
        return `${name} answered ${status}, which the document does not list (${Object.keys(op.responses).join(', ')}): ${body.slice(0, 300)}`;
      const response = resolve(documented);
      const content = response.content as Record<string, { schema?: Json }> | undefined;
      if (!content || status === 204) return null;
      const type = String(headers['content-type'] ?? '')
        .split(';')[0]
        .trim();
      if (type !== 'application/json') {
        if (!content[type] && !Object.keys(content).some((k) => k === '*/*')) {
          return `${name} ${status} answered ${type || 'no content type'}, documented: ${Object.keys(content).join(', ')}`;
        }
        return null;
      }
      if (headers['content-encoding']) return null; // compressed: its type was checked, the body is not JSON text
      const schema = content['application/json']?.schema;
      if (!schema) return `${name} ${status} answered JSON, documented: ${Object.keys(content).join(', ')}`;
      let data: unknown;
      try {
        data = JSON.parse(body);
      } catch {
        return `${name} ${status} said JSON but its body is not: ${body.slice(0, 200)}`;
      }
      const validate = validatorOf(schema);
      if (validate(data)) return null;
      const errors = (validate.errors ?? [])
        .slice(0, 5)
        .map((e) => `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`);
      return `${name} ${status}: the body does not match the documented schema: ${errors.join('; ')} — body: ${body.slice(0, 300)}`;
    },
  };
}

/**
 * Wraps `app.inject(options)` so that every answer is checked (see above). The chained form (`app.inject().get(…)`)
 * is left alone. `OPENAPI_ANSWERS=off` turns the check off (to see a test's own failure first while debugging).
 */
export function checkAnswersAgainstDocument(app: FastifyInstance): void {
  if (process.env.OPENAPI_ANSWERS === 'off') return;
  let checker: Checker | undefined;
  const inject = app.inject.bind(app) as (...args: unknown[]) => unknown;
  (app as unknown as { inject: (...args: unknown[]) => unknown }).inject = (...args: unknown[]) => {
    const result = inject(...args);
    // Not `instanceof Promise`: Jest runs tests in another realm, whose Promise is not Fastify's.
    if (args.length === 0 || typeof args[0] !== 'object' || typeof (result as Promise<unknown>)?.then !== 'function') return result;
    const opts = args[0] as { method?: string; url?: string | { pathname?: string }; path?: string };
    return (result as Promise<{ statusCode: number; headers: Record<string, unknown>; body: string }>).then(async (res) => {
      const url = typeof opts.url === 'string' ? opts.url : (opts.path ?? opts.url?.pathname ?? '');
      if (!url.startsWith('/api/')) return res;
      checker ??= makeChecker(app.swagger() as unknown as Json);
      const problem = checker.check((opts.method ?? 'GET').toUpperCase(), url, res.statusCode, res.headers, res.body);
      if (problem)
        throw new Error(`The answer does not match the OpenAPI document (server/src/http/operations.ts, the route's schema): ${problem}`);
      return res;
    });
  };
}
