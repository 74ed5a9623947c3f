import type { FastifySchemaCompiler } from 'fastify';
import { z } from 'zod';
import { fieldMessages, type FieldProblem } from '@wms/shared-api';
import { common, render, type Lang } from './errors';

/**
 * A request part (body, querystring, params, headers) that failed its zod schema. Kept as the ZodError itself so the error
 * handler can word it with the shared messages in the caller's language — the same words the forms show.
 */
export class RequestValidationError extends Error {
  readonly statusCode = 400;
  constructor(
    readonly zodError: z.ZodError,
    readonly part: string,
  ) {
    super(`Invalid ${part}`);
    this.name = 'RequestValidationError';
  }
}

/**
 * The same 400 for problems found past the route's schema — rules that need the database, such as a product's batch and
 * dates (the ledger, goods receipt): keyed by the body's field paths ("items.0.batches"), worded by the shared table.
 */
export function invalidFields(problems: Record<string, FieldProblem>, part = 'body'): RequestValidationError {
  const issues = Object.entries(problems).map(([path, p]) => ({
    code: 'custom' as const,
    path: path.split('.'),
    message: p.key,
    params: p.params,
    input: undefined,
  }));
  return new RequestValidationError(new z.ZodError(issues), part);
}

/** Route schemas are the shared zod schemas; this compiler validates with them (and keeps their transforms' output). */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const result = z.safeParse(schema, data);
    return result.success ? { value: result.data } : { error: new RequestValidationError(result.error, httpPart ?? 'body') };
  };

/** How many field problems the one-line `error` sentence lists; `fields` carries all of them. */
const LISTED = 3;

/** The 400 body: `{error: "Dati non validi: code: Campo obbligatorio; …", code: 'VALIDATION', fields}`. */
export function validationBody(err: z.ZodError, lang: Lang): { error: string; code: string; fields: Record<string, string> } {
  const fields = fieldMessages(err, lang);
  const entries = Object.entries(fields);
  const details = entries
    .slice(0, LISTED)
    .map(([path, msg]) => (path === '_' ? msg : `${path}: ${msg}`))
    .join('; ');
  const more = entries.length > LISTED ? ` (+${entries.length - LISTED})` : '';
  return { error: render(common.validation, lang, { details: details + more }), code: 'VALIDATION', fields };
}
