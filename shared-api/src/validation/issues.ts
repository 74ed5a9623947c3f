import type { z } from 'zod';
import { validationMessage, validationMessages, type ValidationKey } from './messages';

export interface FieldProblem {
  key: ValidationKey;
  params: Record<string, string | number>;
}

const KNOWN = new Set(Object.keys(validationMessages.it));

/** Maps one zod issue to a message key: the key a schema named, or one derived from the issue's code. */
export function issueProblem(issue: z.core.$ZodIssue): FieldProblem {
  const i = issue as z.core.$ZodIssue & { maximum?: unknown; minimum?: unknown; input?: unknown };
  const params: Record<string, string | number> = {};
  if (typeof i.maximum === 'number' || typeof i.maximum === 'bigint') params.max = Number(i.maximum);
  if (typeof i.minimum === 'number' || typeof i.minimum === 'bigint') params.min = Number(i.minimum);
  // A custom issue may carry its own parameters: ctx.addIssue({ code: 'custom', message: 'tooManyDecimals', params: { max: 5 } }).
  const custom = (issue as { params?: Record<string, unknown> }).params;
  if (issue.code === 'custom' && custom) {
    for (const [k, v] of Object.entries(custom)) if (typeof v === 'string' || typeof v === 'number') params[k] = v;
  }
  if (KNOWN.has(issue.message)) return { key: issue.message as ValidationKey, params };
  switch (issue.code) {
    case 'invalid_type':
      return { key: i.input === undefined || i.input === null ? 'required' : 'invalidType', params };
    case 'too_big':
      return { key: 'tooLong', params };
    case 'too_small':
      return { key: 'tooShort', params };
    case 'invalid_format':
      return { key: (issue as { format?: string }).format === 'email' ? 'email' : 'invalidType', params };
    case 'invalid_value':
      return { key: 'invalidOption', params };
    case 'unrecognized_keys':
      return { key: 'unknownField', params };
    default:
      return { key: 'invalidType', params };
  }
}

/** First problem per field path ("items.0.quantity"), for forms and for the server's 400 answer. */
export function fieldProblems(error: z.ZodError): Record<string, FieldProblem> {
  const out: Record<string, FieldProblem> = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.') || '_';
    if (!out[path]) out[path] = issueProblem(issue);
  }
  return out;
}

/** The same problems as human text in one language. */
export function fieldMessages(error: z.ZodError, lang: 'it' | 'fr'): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, p] of Object.entries(fieldProblems(error))) out[path] = validationMessage(lang, p.key, p.params);
  return out;
}
