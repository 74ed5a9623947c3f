import type { z } from 'zod';
import { isValidationKey, validationMessage, type ValidationKey } from './messages';

export interface FieldProblem {
  /** A shared ValidationKey or a key a schema registered (registerValidationMessages). */
  key: ValidationKey | (string & {});
  params: Record<string, string | number>;
}

/**
 * Maps one zod issue to a message key: the key a schema named (shared or registered), or one derived from the issue's
 * code. Parameters: a check's maximum / minimum (max, min) and a custom rule's own `params` ({ error: 'k', params }).
 */
export function issueProblem(issue: z.core.$ZodIssue): FieldProblem {
  const i = issue as z.core.$ZodIssue & { maximum?: unknown; minimum?: unknown; input?: unknown; params?: Record<string, unknown> };
  const params: Record<string, string | number> = {};
  if (typeof i.maximum === 'number' || typeof i.maximum === 'bigint') params.max = Number(i.maximum);
  if (typeof i.minimum === 'number' || typeof i.minimum === 'bigint') params.min = Number(i.minimum);
  for (const [k, v] of Object.entries(i.params ?? {})) if (typeof v === 'string' || typeof v === 'number') params[k] = v;
  if (isValidationKey(issue.message)) return { key: issue.message, params };
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
