import { z } from 'zod';
import { ROLES, type Role } from '@wms/shared-api/core';
import { requiredText } from './common';

/**
 * System users (SPEC §3 User, §5 User): the body of POST /users and PUT /users/{id}, parsed by the user form and by the
 * server alike, so both refuse the same input with the same words. One set of fields, two variants:
 * - create: username, name and password required; role defaults to warehouse, active to true (SPEC §5 defaults);
 * - update: the same, except that a blank password keeps the current one (the result carries `password: null`) and a
 *   missing `is_active` keeps the current state.
 * Fields the SPEC's client also sends (created_by, modified_by) are ignored: the server takes the author from the session.
 */
export const USERNAME_MAX = 50;
export const USER_NAME_MAX = 100;
/**
 * Password policy (issue 13 §7, issue 23). The cheap rules, here, run in the form and on the server alike: the password is
 * NFC-normalised first; at least this many characters, counted in code points (spaces count, nothing is trimmed); no
 * control or invisible format character (line breaks, tabs, NUL, zero-width spaces…); at least one visible character;
 * not the username, nor the username with digits or symbols around it. The strength estimate (zxcvbn-ts with Italian and
 * French dictionaries) runs only where it is registered with `setPasswordStrengthCheck` — the server, through
 * `@wms/shared-api/password-strength` — so its dictionaries never reach the browser; the form shows its 400 on the field.
 */
export const PASSWORD_MIN = 8;
/** Longest password accepted; the sign-in form accepts up to the same length. */
export const PASSWORD_MAX = 200;
/** Letters (any alphabet), digits and . _ - @ — no spaces, so a username is typed the same way every time. */
export const USERNAME_PATTERN = /^[\p{L}\p{N}._@-]+$/u;
/** SPEC §5: a new user is a warehouse user, active. */
export const DEFAULT_USER_ROLE: Role = 'warehouse';

const requiredOr = (key: string) => (iss: { input?: unknown }) => (iss.input == null ? key : 'invalidType');

const username = z
  .string({ error: requiredOr('usernameRequired') })
  .trim()
  .min(1, { error: 'usernameRequired' })
  .max(USERNAME_MAX, { error: 'tooLong' })
  .regex(USERNAME_PATTERN, { error: 'usernameFormat' });

// The shared required text: trimmed, at most USER_NAME_MAX, no control characters (as every other name field).
const name = requiredText(USER_NAME_MAX);

const role = z.enum(ROLES, { error: (iss) => (iss.input == null || iss.input === '' ? 'required' : 'invalidOption') });

const isActive = z.boolean({ error: 'invalidType' });

/** Control characters (line breaks, tabs, NUL…) and invisible format characters (zero-width space and joiners, BOM…). */
const CONTROL_OR_FORMAT = /[\p{Cc}\p{Cf}]/u;
/**
 * Nothing anyone can see: only combining marks, spaces and separators, control and format characters, and the blank
 * "filler" characters (Hangul fillers and the other default-ignorables, the blank Braille pattern).
 */
const INVISIBLE_ONLY = /^[\p{M}\p{Z}\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\s\u2800]*$/u;
/** Digits, punctuation, symbols and spaces at either end (stripped to find a username hiding in a password). */
const DECORATION_AT_ENDS = /^[\p{N}\p{P}\p{S}\p{Z}\s]+|[\p{N}\p{P}\p{S}\p{Z}\s]+$/gu;

/** A message key and its parameters, as a zod issue carries them. */
interface PasswordProblem {
  key: string;
  params?: Record<string, number>;
}

/** The first single-field rule the (NFC-normalised) password breaks, or null. Lengths are counted in code points. */
function passwordProblem(password: string): PasswordProblem | null {
  const length = [...password].length;
  if (length > PASSWORD_MAX) return { key: 'tooLong', params: { max: PASSWORD_MAX } };
  if (password.trim() === '') return { key: 'passwordRequired' };
  if (length < PASSWORD_MIN) return { key: 'passwordTooShort', params: { min: PASSWORD_MIN } };
  if (INVISIBLE_ONLY.test(password)) return { key: 'passwordInvisible' };
  if (CONTROL_OR_FORMAT.test(password)) return { key: 'passwordControl' };
  return null;
}

/**
 * A strength estimate: the message key saying why `password` is too easy to guess, or null when it is strong enough.
 * `userInputs` are the user's own words (username, name and their parts), which make a password easy for whoever knows them.
 */
export type PasswordStrengthCheck = (password: string, userInputs: readonly string[]) => string | null;

let strengthCheck: PasswordStrengthCheck | null = null;

/**
 * Registers the strength estimate the user schemas apply after the cheap rules (null: none). The server registers
 * `@wms/shared-api/password-strength` at start; the browser registers nothing (its dictionaries are too heavy for the
 * page) and shows the server's refusal on the password field.
 */
export function setPasswordStrengthCheck(check: PasswordStrengthCheck | null): void {
  strengthCheck = check;
}

/**
 * @deprecated Kept so that remotes built against kit 1.0.0 still link (removing it would be a major release): the list of
 * common passwords it read is gone. It now asks the registered strength estimate (the server's) whether the password is
 * too easy to guess; where none is registered (the browser) it answers false and the server's refusal says why. Use the
 * user schemas instead.
 */
export function isCommonPassword(password: string): boolean {
  return strengthCheck !== null && strengthCheck(password.normalize('NFC'), []) !== null;
}

const lower = (text: string) => text.toLocaleLowerCase('und');
const undecorated = (text: string) => text.replace(DECORATION_AT_ENDS, '');

/** The password equals the username, ignoring letter case and the spaces around the username. */
function isUsername(password: string, username: string): boolean {
  return lower(password) === lower(username.trim());
}

/** The password is the username with digits, punctuation or symbols around it ('mario.rossi7', '!Mario.Rossi2024'). */
function isLikeUsername(password: string, username: string): boolean {
  const bare = lower(undecorated(password));
  const name = lower(username.trim());
  if (!bare) return false;
  return bare === name || bare === undecorated(name);
}

/** The user's own words, for the strength estimate: the username, the name, and their parts. */
function userWords(username: unknown, name: unknown): string[] {
  const words = new Set<string>();
  for (const text of [username, name]) {
    if (typeof text !== 'string' || !text.trim()) continue;
    words.add(text.trim());
    for (const part of text.split(/[\s._@-]+/u)) if ([...part].length >= 3) words.add(part);
  }
  return [...words];
}

/** The password field: NFC first, then the cheap rules (one message: the first rule broken). */
const passwordText = (error: string | ((iss: { input?: unknown }) => string)) =>
  z
    .string({ error })
    .normalize('NFC')
    .superRefine((p, ctx) => {
      const problem = passwordProblem(p);
      if (problem) ctx.addIssue({ code: 'custom', message: problem.key, params: problem.params });
    });

/** A password that is set (a password of only spaces counts as missing). */
const passwordRule = passwordText(requiredOr('passwordRequired'));

/** On update: missing, null or blank (only spaces) means "keep the current password" → null. */
const optionalPassword = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  passwordText('invalidType')
    .nullish()
    .transform((p) => p ?? null),
);

/**
 * The rules that need the whole user, on the password field, once its own rules pass: not the username (any letter
 * case), not the username dressed with digits or symbols, then the strength estimate when one is registered.
 */
function passwordForUser(u: { username?: unknown; name?: unknown; password?: unknown }, ctx: z.RefinementCtx): void {
  const { password, username } = u;
  if (typeof password !== 'string' || passwordProblem(password)) return;
  const fail = (key: string) => ctx.addIssue({ code: 'custom', path: ['password'], message: key });
  if (typeof username === 'string' && username.trim()) {
    if (isUsername(password, username)) return fail('passwordIsUsername');
    if (isLikeUsername(password, username)) return fail('passwordLikeUsername');
  }
  const weak = strengthCheck?.(password, userWords(username, u.name));
  if (weak) fail(weak);
}

export const userCreateSchema = z
  .object({
    username,
    name,
    password: passwordRule,
    role: role.default(DEFAULT_USER_ROLE),
    is_active: isActive.default(true),
  })
  .superRefine(passwordForUser);

export const userUpdateSchema = z
  .object({
    username,
    name,
    password: optionalPassword,
    role,
    is_active: isActive.optional(),
  })
  .superRefine(passwordForUser);

/** The schema of a form mode: 'new' creates, 'edit' updates. */
export function userSchema(mode: 'new' | 'edit'): typeof userCreateSchema | typeof userUpdateSchema {
  return mode === 'new' ? userCreateSchema : userUpdateSchema;
}

export type UserCreateBody = z.input<typeof userCreateSchema>;
export type UserCreateFields = z.output<typeof userCreateSchema>;
export type UserUpdateBody = z.input<typeof userUpdateSchema>;
export type UserUpdateFields = z.output<typeof userUpdateSchema>;

/**
 * A user as every answer of the users API shows it. There is no password field of any kind: the server serialises
 * through this shape, so the hash cannot leak even by mistake.
 */
export const userViewSchema = z.object({
  id: z.number(),
  username: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  is_active: z.boolean(),
  is_online: z.boolean().describe('A live session used within the last ONLINE_MINUTES minutes'),
  last_login: z.string().nullable().describe('ISO date-time of the last successful sign-in, null if never'),
  created_at: z.string(),
  updated_at: z.string(),
});
export type UserView = z.infer<typeof userViewSchema>;

/** How an activity value is shown: the client formats it in the user's language (numbers, days, yes/no, role names…). */
export const ACTIVITY_VALUE_KINDS = [
  'text',
  'code',
  'decimal',
  'integer',
  'day',
  'datetime',
  'flag',
  'role',
  'productStatus',
  'orderStatus',
  'movementType',
  'changed',
  /** A unit of measure code ('piece'): the client shows its label in the user's language (shared-api unitLabel). */
  'unit',
] as const;
export type ActivityValueKind = (typeof ACTIVITY_VALUE_KINDS)[number];

/**
 * One labelled value of an activity, read for people: `field` is a label key (product, warehouse, quantity, …), ids
 * already replaced by names on the server. An update's change has `from` (null: was empty) and `value` (now).
 */
export const activityFieldSchema = z.object({
  field: z.string(),
  kind: z.enum(ACTIVITY_VALUE_KINDS),
  value: z.string().nullable(),
  from: z.string().nullable().optional(),
  /** What the value is about, e.g. the product of a receipt line ("P001 — Vite M8"). */
  of: z.string().optional(),
});
export type ActivityField = z.infer<typeof activityFieldSchema>;

/** One row of a user's activity log (SPEC §3 Activity), newest first in GET /users/{id}/activities. */
export const activityViewSchema = z.object({
  id: z.number(),
  action: z.string().describe('login, logout, create, update, delete, …'),
  entity_type: z.string().describe('auth, user, product, stock_movement, …'),
  entity_id: z.string().nullable(),
  details: z.string().nullable().describe('Short text, or JSON text of what changed (as stored)'),
  subject: z.string().nullable().describe('The entity by its name today: "P001 — Vite M8", a warehouse name, an order number…'),
  fields: z.array(activityFieldSchema).describe('The details as labelled values, ids replaced by names'),
  created_at: z.string(),
});
export type ActivityView = z.infer<typeof activityViewSchema>;

/** "Online" = a live session (not revoked, not expired) used within this many minutes. */
export const ONLINE_MINUTES = 5;
