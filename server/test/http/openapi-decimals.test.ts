/**
 * Issue 21: quantities, prices, amounts and rates are exact decimal strings in every request and answer of the API, and the
 * OpenAPI document says so. This walks GET /api/openapi.json — every operation's request body, query, path parameters
 * and every answer — and fails on a decimal-looking property that is typed as a JSON number.
 *
 * The rule, precisely:
 * - A property "looks like a decimal" when one of the words of its name (split at `_` and at camelCase humps, lower-cased)
 *   is one of DECIMAL_WORDS: quantity, price, amount, total, value, rate, opening, loads, unloads, closing
 *   ("unit_price", "ordered_quantity", "total_received", "max_receivable_quantity", "value", "opening"…). A name ending in
 *   the word "count" is a count ("receipt_count", "item_count") and one ending in "id" an id ("price_id"): not decimals.
 * - Such a property whose schema (nullable or not) is a scalar must be:
 *   - in an answer: `type: string` with `pattern` = DECIMAL_PATTERN — never `number` / `integer`;
 *   - in a request: a string with that pattern, optionally alongside a JSON number (`anyOf: [number, string+pattern]`:
 *     the API accepts a number exactly representable at the field's scale) — never a number alone.
 *   Arrays and objects are walked into (e.g. `quantities: [{unit_of_measure, ordered, received}]`).
 * - Not decimals, and skipped: enums (`price_source: price | manual | none`), booleans, and the labelled values of the
 *   activity log (`value` / `from` beside a `kind`: text of any kind, a decimal only when kind = 'decimal').
 * - COUNTS lists the integer counts whose name says "total" (each with its operation): they are counts of things, not
 *   amounts. Any other hit fails the test.
 */
import { DECIMAL_PATTERN } from '@wms/shared-api';
import { makeTestApp, type TestApp } from '../helpers';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

const DECIMAL_WORDS = new Set(['quantity', 'price', 'amount', 'total', 'value', 'rate', 'opening', 'loads', 'unloads', 'closing']);

/** Integer counts named "total…": `<METHOD> <path> <where> <property path>`. */
const COUNTS = new Set([
  'GET /api/prices/counts answer 200 total', // how many prices match
  'GET /api/stock/valuation answer 200 total_products', // products in the selection (paging)
]);

type Schema = {
  type?: string | string[];
  pattern?: string;
  enum?: unknown[];
  nullable?: boolean;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  properties?: Record<string, Schema>;
  items?: Schema;
  additionalProperties?: Schema | boolean;
  $ref?: string;
};
interface Doc {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}
interface Operation {
  parameters?: Array<{ name: string; in: string; schema?: Schema }>;
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}

export function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .split(/[_\W]+/)
    .filter(Boolean);
}

export function looksDecimal(name: string): boolean {
  const w = words(name);
  return !['count', 'id'].includes(w[w.length - 1]) && w.some((x) => DECIMAL_WORDS.has(x));
}

function types(s: Schema): string[] {
  return s.type === undefined ? [] : Array.isArray(s.type) ? s.type : [s.type];
}

/** The alternatives of a schema with null and nullable taken away. */
function alternatives(s: Schema): Schema[] {
  const alts = s.anyOf ?? s.oneOf;
  if (alts) return alts.flatMap(alternatives);
  if (s.allOf && s.allOf.length === 1) return alternatives(s.allOf[0]);
  const ts = types(s).filter((x) => x !== 'null');
  if (ts.length === 0 && s.type !== undefined) return []; // only null
  return [{ ...s, type: ts.length === 1 ? ts[0] : ts.length ? ts : undefined, nullable: undefined }];
}

const isDecimalText = (s: Schema) => types(s).includes('string') && s.pattern === DECIMAL_PATTERN;
const isNumber = (s: Schema) => types(s).some((x) => x === 'number' || x === 'integer');

function check(
  doc: Doc,
  where: string,
  side: 'request' | 'answer',
  schema: Schema | undefined,
  at: string,
  problems: string[],
  seen = new Set<Schema>(),
): void {
  if (!schema) return;
  if (schema.$ref) {
    const target = doc.components?.schemas?.[schema.$ref.replace('#/components/schemas/', '')];
    if (!target || seen.has(target)) return;
    seen.add(target);
    check(doc, where, side, target, at, problems, seen);
    return;
  }
  for (const alt of alternatives(schema)) {
    if (alt.properties) {
      const labelled = 'kind' in alt.properties; // the activity log's labelled values
      for (const [name, prop] of Object.entries(alt.properties)) {
        const path = at ? `${at}.${name}` : name;
        if (looksDecimal(name) && !(labelled && (name === 'value' || name === 'from')))
          checkDecimal(doc, where, side, prop, path, problems);
        check(doc, where, side, prop, path, problems, seen);
      }
    }
    if (alt.items) check(doc, where, side, alt.items, `${at}[]`, problems, seen);
    if (alt.additionalProperties && typeof alt.additionalProperties === 'object')
      check(doc, where, side, alt.additionalProperties, `${at}{}`, problems, seen);
  }
}

function checkDecimal(doc: Doc, where: string, side: 'request' | 'answer', prop: Schema, path: string, problems: string[]): void {
  const resolved = prop.$ref ? (doc.components?.schemas?.[prop.$ref.replace('#/components/schemas/', '')] ?? prop) : prop;
  const alts = alternatives(resolved);
  // Walked into by check(): containers; skipped: enums, booleans.
  const scalars = alts.filter(
    (a) =>
      !a.properties && !a.items && !a.enum && !types(a).includes('boolean') && !types(a).includes('object') && !types(a).includes('array'),
  );
  if (scalars.length === 0) return;
  if (COUNTS.has(`${where} ${path}`)) return;
  const label = `${where} ${path}: ${JSON.stringify(resolved)}`;
  if (side === 'answer') {
    if (!scalars.every(isDecimalText)) problems.push(label);
  } else if (!scalars.some(isDecimalText) || !scalars.every((a) => isDecimalText(a) || isNumber(a))) {
    problems.push(label);
  }
}

describe('the OpenAPI document types every quantity, price, amount and rate as decimal text', () => {
  let doc: Doc;
  beforeAll(async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    doc = res.json() as Doc;
  });

  it('the rule itself: which names are decimals', () => {
    for (const n of [
      'quantity',
      'unit_price',
      'total_received',
      'ordered_quantity',
      'max_receivable_quantity',
      'value',
      'opening',
      'loads',
      'unloads',
      'closing',
      'total_amount',
      'rate',
      'amount',
      'price',
    ])
      expect([n, looksDecimal(n)]).toEqual([n, true]);
    for (const n of [
      'receipt_count',
      'item_count',
      'product_id',
      'price_id',
      'totals',
      'unit_of_measure',
      'valuation',
      'batches',
      'prices',
    ])
      expect([n, looksDecimal(n)]).toEqual([n, false]);
  });

  it('no request or answer types one as a number; answers are strings with DECIMAL_PATTERN', () => {
    const problems: string[] = [];
    let checked = 0;
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
        const where = `${method.toUpperCase()} ${path}`;
        for (const p of op.parameters ?? []) {
          if (looksDecimal(p.name)) checkDecimal(doc, `${where} ${p.in}`, 'request', p.schema ?? {}, p.name, problems);
        }
        for (const c of Object.values(op.requestBody?.content ?? {})) check(doc, `${where} body`, 'request', c.schema, '', problems);
        for (const [status, r] of Object.entries(op.responses ?? {})) {
          for (const c of Object.values(r.content ?? {})) check(doc, `${where} answer ${status}`, 'answer', c.schema, '', problems);
        }
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(40);
    expect(problems).toEqual([]);
  });

  it('the walk sees the decimals it is about (answers and requests alike)', () => {
    const body = (path: string, method: string) => doc.paths[path][method].requestBody?.content?.['application/json']?.schema;
    const answer = (path: string, method: string, status = '200') =>
      doc.paths[path][method].responses?.[status]?.content?.['application/json']?.schema;
    const prop = (s: Schema | undefined, name: string): Schema => {
      const alt = alternatives(s ?? {}).find((a) => a.properties?.[name] || a.items);
      const obj = alt?.items ? alternatives(alt.items)[0] : alt;
      return obj?.properties?.[name] as Schema;
    };
    // An answer: the movement's quantity is text with the pattern.
    const movement = prop(answer('/api/stock-movements', 'get'), 'quantity');
    expect(alternatives(movement).every(isDecimalText)).toBe(true);
    // A request: the movement's quantity is text with the pattern, or a JSON number.
    const posted = prop(body('/api/stock-movements', 'post'), 'quantity');
    const alts = alternatives(posted);
    expect(alts.some(isDecimalText)).toBe(true);
    expect(alts.every((a) => isDecimalText(a) || isNumber(a))).toBe(true);
  });
});
