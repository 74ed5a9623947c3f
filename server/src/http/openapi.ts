import fs from 'node:fs';
import path from 'node:path';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { errorAnswersOf, operationOf, TAGS, type ErrorAnswers } from './operations';

function serverVersion(): string {
  try {
    const pkg = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../package.json'), 'utf8')) as { version?: string };
    return pkg.version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

/** Where a route's error answers wait between the route's transform and the whole document's (then removed). */
const ERRORS_KEY = 'x-error-answers';

const errorBody = {
  error: { type: 'string', description: "A sentence for people, in the caller's language (Accept-Language: it | fr)" },
  code: { type: 'string', description: 'A stable machine code' },
};

/** The `{error, code}` answers every operation shares (README: errors), referenced from each operation. */
const ERROR_COMPONENTS = {
  schemas: {
    Error: { type: 'object', required: ['error', 'code'], properties: errorBody, additionalProperties: false },
    ValidationError: {
      type: 'object',
      required: ['error', 'code'],
      properties: {
        ...errorBody,
        fields: {
          type: 'object',
          description: "VALIDATION: each refused field's path ('items.0.quantity'; '_' for the whole request) → its message",
          additionalProperties: { type: 'string' },
        },
      },
      additionalProperties: false,
    },
  },
  responses: {
    BadRequest: {
      description:
        'Refused input: VALIDATION with `fields` (the messages the forms show), BAD_JSON, INEXACT_NUMBER (a JSON number ' +
        'JSON.parse would round, e.g. 1.00000000000000000000000001: send exact decimals as text), or a reference in the request ' +
        'that does not exist (e.g. PRODUCT_NOT_FOUND for a `product_id` in the body)',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ValidationError' } } },
    },
    Unauthorized: {
      description: 'UNAUTHORIZED: no valid session (sign in again); on sign-in, INVALID_CREDENTIALS',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    },
    Forbidden: {
      description: "FORBIDDEN: the user's role lacks the permission this operation needs (users: also SELF_ROLE, ADMIN_ONLY)",
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    },
    NotFound: {
      description: 'No such live record (e.g. SALE_NOT_FOUND, PRODUCT_NOT_FOUND): unknown, or deleted',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    },
    IdempotencyKeyReused: {
      description: 'IDEMPOTENCY_KEY_REUSED: this Idempotency-Key was used for another request; use a new key per operation',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    },
    PreconditionFailed: {
      description:
        "RECORD_CHANGED: the If-Match ETag is no longer the record's: someone saved it since it was read; nothing was written (read it again)",
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    },
    PayloadTooLarge: {
      description: 'PAYLOAD_TOO_LARGE: the body is larger than the server accepts',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    },
    UnsupportedMediaType: {
      description: 'UNSUPPORTED_MEDIA_TYPE: the body is not in a format this operation reads (JSON unless it says otherwise)',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    },
    ServiceUnavailable: {
      description: 'DB_UNAVAILABLE, MIGRATIONS_PENDING, SHUTTING_DOWN: this server cannot serve now (send traffic elsewhere)',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    },
    TooManyRequests: {
      description:
        'TOO_MANY_ATTEMPTS, TOO_MANY_ATTEMPTS_FROM_ADDRESS, TOO_MANY_ATTEMPTS_ON_ACCOUNT: too many failed sign-ins; TOO_MANY_CLIENT_EVENTS: too many client events; wait as Retry-After says',
      headers: { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer', minimum: 1 } } },
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    },
  },
};

/** The header of an exactly-once write (http/idempotency.ts), written into each such operation's parameters. */
const IDEMPOTENCY_KEY_PARAMETER = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'One key per user action (e.g. a UUID): a repeated request with the same key and body answers the first result and ' +
    'writes nothing more',
  schema: { type: 'string', minLength: 1, maxLength: 200 },
};

/** The precondition of an edit of a versioned record (http/versions.ts). */
const IF_MATCH_PARAMETER = {
  name: 'If-Match',
  in: 'header',
  required: false,
  description: 'The ETag of the record as it was read: the edit is refused (412) if it changed since; without it the edit is unconditional',
  schema: { type: 'string', minLength: 1 },
};
const ETAG_HEADER = { ETag: { description: "The record's version: send it back as If-Match to edit it", schema: { type: 'string' } } };

type Json = Record<string, unknown>;

/** Per route: its operationId and tag from the table, and its error answers parked for `withErrorAnswers`. */
function describeRoute(route: RouteOptions, schema: Json): Json {
  const op = operationOf(typeof route.method === 'string' ? route.method : route.method[0], route.url);
  const errors = errorAnswersOf(route, op);
  return { ...schema, ...(op ? { operationId: op.id, tags: [op.tag] } : {}), [ERRORS_KEY]: errors };
}

const ref = (name: string) => ({ $ref: `#/components/responses/${name}` });

/** The parked error answers of every operation, written as responses (and the Idempotency-Key header). */
function withErrorAnswers(doc: Json): Json {
  const paths = doc.paths as Record<string, Record<string, Json>>;
  for (const methods of Object.values(paths)) {
    for (const op of Object.values(methods)) {
      const e = op[ERRORS_KEY] as ErrorAnswers | undefined;
      if (!e) continue;
      delete op[ERRORS_KEY];
      const responses = op.responses as Json;
      responses['400'] = ref('BadRequest');
      if (e.unauthorized) responses['401'] = ref('Unauthorized');
      if (e.forbidden) responses['403'] = ref('Forbidden');
      if (e.notFound) responses['404'] = ref('NotFound');
      if (e.conflicts.length > 0) {
        responses['409'] = {
          description: `Refused by the current data: ${e.conflicts.join(', ')}`,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['error', 'code'],
                properties: { ...errorBody, code: { ...errorBody.code, enum: e.conflicts } },
                additionalProperties: false,
              },
            },
          },
        };
      }
      if (e.idempotent) {
        responses['422'] = ref('IdempotencyKeyReused');
        op.parameters = [...((op.parameters as unknown[]) ?? []), IDEMPOTENCY_KEY_PARAMETER];
      }
      if (e.versioned) {
        for (const ok of ['200', '201']) if (responses[ok]) (responses[ok] as Json).headers = ETAG_HEADER;
        if (e.body) {
          responses['412'] = ref('PreconditionFailed');
          op.parameters = [...((op.parameters as unknown[]) ?? []), IF_MATCH_PARAMETER];
        }
      }
      if (e.throttled) responses['429'] = ref('TooManyRequests');
      if (e.body) {
        responses['413'] = ref('PayloadTooLarge');
        responses['415'] = ref('UnsupportedMediaType');
      }
      if (e.unavailable) responses['503'] = ref('ServiceUnavailable');
    }
  }
  nullInNullableEnums(doc);
  const components = (doc.components ?? {}) as Record<string, Json>;
  doc.components = {
    ...components,
    schemas: { ...components.schemas, ...ERROR_COMPONENTS.schemas },
    responses: { ...components.responses, ...ERROR_COMPONENTS.responses },
  };
  doc.tags = Object.entries(TAGS).map(([name, description]) => ({ name, description }));
  return doc;
}

/**
 * OpenAPI 3.0 allows null in a `nullable` schema only where its `enum` lists null too (3.0.3's clarification); zod's
 * `z.enum([…]).nullable()` writes the enum without it, so a product without a unit would not match its own document.
 */
function nullInNullableEnums(node: unknown): void {
  if (Array.isArray(node)) {
    node.forEach(nullInNullableEnums);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const o = node as Json;
  if (o.nullable === true && Array.isArray(o.enum) && !o.enum.includes(null)) o.enum = [...(o.enum as unknown[]), null];
  Object.values(o).forEach(nullInNullableEnums);
}

/**
 * The OpenAPI document, generated from the routes' zod schemas: GET /api/openapi.json, and a docs page at /api/docs. Both
 * public. Must be registered before the routes so it sees them. Every operation needs the bearer token unless its schema
 * says `security: []`. Each operation's operationId, tag and error answers come from one table (http/operations.ts).
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'WMS portal API',
        description: 'Warehouse Management System. Errors are `{error, code}`, `error` in the Accept-Language (it|fr).',
        version: serverVersion(),
      },
      servers: [{ url: '/' }],
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearerAuth: [] }],
    },
    transform: (input) => {
      const { schema, url } = jsonSchemaTransform(input);
      return { schema: describeRoute(input.route, schema as Json) as typeof schema, url };
    },
    transformObject: (document) =>
      'openapiObject' in document ? withErrorAnswers(document.openapiObject as Json) : document.swaggerObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
