import { z } from 'zod';
import { ROLES, type Role } from '@wms/shared-api/core';
import { COMMON_PASSWORDS } from './common-passwords';

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
 * Password policy (issue 13 §7): at least this many characters (spaces count, nothing is trimmed), no control character
 * (line breaks, tabs, NUL…), not one of the common passwords (COMMON_PASSWORDS, any letter case), not the username.
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

const name = z
  .string({ error: requiredOr('required') })
  .trim()
  .min(1, { error: 'required' })
  .max(USER_NAME_MAX, { error: 'tooLong' });

const role = z.enum(ROLES, { error: (iss) => (iss.input == null || iss.input === '' ? 'required' : 'invalidOption') });

const isActive = z.boolean({ error: 'invalidType' });

const CONTROL_CHARACTER = /\p{Cc}/u;

/** True when `password` is one of the common passwords, in any letter case. */
export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}

/** The password equals the username, ignoring letter case and the spaces around the username. */
function isUsername(password: string | null | undefined, name: unknown): boolean {
  return typeof name === 'string' && !!password && password.toLowerCase() === name.trim().toLowerCase();
}

/** A password that is set: the policy applies to it as typed (a password of only spaces counts as missing). */
const passwordRule = z
  .string({ error: requiredOr('passwordRequired') })
  .max(PASSWORD_MAX, { error: 'tooLong' })
  .refine((p) => p.trim().length > 0, { error: 'passwordRequired' })
  .min(PASSWORD_MIN, { error: 'passwordTooShort' })
  .refine((p) => !CONTROL_CHARACTER.test(p), { error: 'passwordControl' })
  .refine((p) => !isCommonPassword(p), { error: 'passwordCommon' });

/** The cross-field rule, on the password field: not the username. */
const notTheUsername = (u: { username: string; password: string | null }) => !isUsername(u.password, u.username);
const onPassword = () => ({ path: ['password'], error: 'passwordIsUsername' });

/** On update: missing, null or blank (only spaces) means "keep the current password" → null. */
const optionalPassword = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  z
    .string({ error: 'invalidType' })
    .max(PASSWORD_MAX, { error: 'tooLong' })
    .min(PASSWORD_MIN, { error: 'passwordTooShort' })
    .refine((p) => !CONTROL_CHARACTER.test(p), { error: 'passwordControl' })
    .refine((p) => !isCommonPassword(p), { error: 'passwordCommon' })
    .nullish()
    .transform((p) => p ?? null),
);

export const userCreateSchema = z
  .object({
    username,
    name,
    password: passwordRule,
    role: role.default(DEFAULT_USER_ROLE),
    is_active: isActive.default(true),
  })
  .refine(notTheUsername, onPassword());

export const userUpdateSchema = z
  .object({
    username,
    name,
    password: optionalPassword,
    role,
    is_active: isActive.optional(),
  })
  .refine(notTheUsername, onPassword());

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
