import { z } from 'zod';

// No `new Function` probe: the portal's CSP refuses eval, and Chromium reports even a caught attempt as a violation.
z.config({ jitless: true });

/** Longest free text a field accepts; longer input is a 400, never a truncation or a 500. */
export const MAX_TEXT = 255;
export const MAX_LONG_TEXT = 2000;

/** Missing (undefined or null) is "required"; present but of another type (a number, an object) is "invalid value". */
export const missingOrInvalid = (issue: { input?: unknown }) => (issue.input == null ? 'required' : 'invalidType');

/** A required, trimmed text. */
export const requiredText = (max = MAX_TEXT) =>
  z.string({ error: missingOrInvalid }).trim().min(1, { error: 'required' }).max(max, { error: 'tooLong' });

/** An optional text: missing, null or blank all become null. */
export const optionalText = (max = MAX_TEXT) =>
  z
    .string({ error: 'invalidType' })
    .trim()
    .max(max, { error: 'tooLong' })
    .nullish()
    .transform((v) => (v ? v : null));

/** A database id as it travels in JSON or a path. */
export const id = z.coerce.number({ error: 'invalidType' }).int({ error: 'invalidType' }).positive({ error: 'invalidType' });
