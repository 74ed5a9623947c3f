import fastJsonStringify from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Answers are serialised by the route's response schema, not re-validated by zod on the way out: each zod response schema
 * is turned once (at start-up) into its JSON Schema (`z.toJSONSchema`, output side — the same document /api/openapi.json
 * publishes) and compiled by fast-json-stringify, Fastify's own serializer. It writes only the declared properties (an
 * extra column or a password hash never leaks) and refuses an answer that lacks a required one (a 500, as zod did);
 * it is several times faster than parsing with zod and then calling JSON.stringify.
 *
 * A schema JSON Schema cannot express (a transform, a date object, a custom check) keeps the zod serializer, so no
 * route changes behaviour: `compiledWith(schema)` tells which one a schema got (tests).
 */
const fallbacks = new WeakSet<object>();

export function compiledWith(schema: unknown): 'fast-json-stringify' | 'zod' {
  return schema && typeof schema === 'object' && fallbacks.has(schema) ? 'zod' : 'fast-json-stringify';
}

/** The JSON Schema of a zod response schema, or null when JSON Schema cannot express it exactly. */
export function responseJsonSchema(schema: z.ZodType): Record<string, unknown> | null {
  try {
    const json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'throw', target: 'draft-7' }) as Record<string, unknown>;
    delete json.$schema;
    return json;
  } catch {
    return null;
  }
}

export const schemaSerializerCompiler: FastifySerializerCompiler<unknown> = (route) => {
  const schema = route.schema as z.ZodType;
  const json = schema instanceof z.ZodType ? responseJsonSchema(schema) : null;
  if (json) {
    try {
      return fastJsonStringify(json) as (data: unknown) => string;
    } catch {
      // fall through: a JSON Schema fast-json-stringify cannot compile
    }
  }
  if (schema && typeof schema === 'object') fallbacks.add(schema);
  return (zodSerializerCompiler as unknown as FastifySerializerCompiler<unknown>)(route) as (data: unknown) => string;
};
