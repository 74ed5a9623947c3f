import { z } from 'zod';
import { MAX_LONG_TEXT, optionalText } from './common';
import { issueProblem } from '../validation/issues';
import { validationMessage } from '../validation/messages';

/**
 * Stock movements (SPEC §3, §5): the body of POST / PUT /stock-movements, parsed by the movement form and by the server
 * alike. Rules that need the product (batch, dates) or the stock (availability) are in `movementProductProblems`; the
 * server's ledger enforces all of them again inside its transaction.
 */
export const MOVEMENT_TYPES = ['C', 'S', 'T'] as const;
export type MovementType = (typeof MOVEMENT_TYPES)[number];
export const MOVEMENT_SOURCES = ['MAN', 'SO', 'PO'] as const;
export type MovementSource = (typeof MOVEMENT_SOURCES)[number];

/** Quantities are exact decimals with at most this many digits after the point (stored as numeric(15,3)). */
export const QUANTITY_DECIMALS = 3;
/** The form's input step (SPEC §9). */
export const QUANTITY_STEP = 0.01;
/** Largest quantity of one movement: keeps every quantity exact as a JSON number and far from the column's limit. */
export const MAX_MOVEMENT_QUANTITY = 1_000_000_000;
export const MAX_BATCH_LENGTH = 100;

/** Message keys of movement rules, beyond the shared validation keys. Same wording in the form and in the server's 400. */
export const movementValidationMessages = {
  it: {
    destinationRequired: 'Seleziona il magazzino di destinazione',
    sameWarehouse: 'Il magazzino di destinazione deve essere diverso da quello di origine',
    batchRequired: 'Il lotto è obbligatorio per questo prodotto',
    productionDateRequired: 'La data di produzione è obbligatoria per questo prodotto',
    expiryDateRequired: 'La data di scadenza è obbligatoria per questo prodotto',
    expiryBeforeProduction: 'La data di scadenza non può precedere la data di produzione',
    tooManyDecimals: 'La quantità ammette al massimo {{max}} decimali',
    quantityTooLarge: 'Quantità troppo grande (massimo {{max}})',
    insufficientStock: 'Giacenza insufficiente: disponibili {{available}}',
  },
  fr: {
    destinationRequired: "Sélectionnez l'entrepôt de destination",
    sameWarehouse: "L'entrepôt de destination doit être différent de l'entrepôt d'origine",
    batchRequired: 'Le lot est obligatoire pour ce produit',
    productionDateRequired: 'La date de production est obligatoire pour ce produit',
    expiryDateRequired: "La date d'expiration est obligatoire pour ce produit",
    expiryBeforeProduction: "La date d'expiration ne peut pas précéder la date de production",
    tooManyDecimals: '{{max}} décimales au maximum pour la quantité',
    quantityTooLarge: 'Quantité trop grande (maximum {{max}})',
    insufficientStock: 'Stock insuffisant : {{available}} disponible(s)',
  },
} as const;
export type MovementValidationKey = keyof (typeof movementValidationMessages)['it'];
const MOVEMENT_KEYS = new Set<string>(Object.keys(movementValidationMessages.it));

/** A problem of one field: a message key (movement or shared validation key) and its parameters. */
export interface MovementProblem {
  key: string;
  params: Record<string, string | number>;
}

// ---------------------------------------------------------------------------------------------------------------- dates

/**
 * A calendar day typed as dd/MM/yyyy (SPEC §9, how movements travel) or yyyy-MM-dd (a date input), as 'yyyy-MM-dd';
 * null when it is not a real day (31/02/2025) or not a date at all.
 */
export function parseDay(text: string): string | null {
  const t = text.trim();
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(t) ?? /^(\d{4})-(\d{2})-(\d{2})$/.exec(t);
  if (!m) return null;
  const [d, mo, y] = t.includes('/') ? [+m[1], +m[2], +m[3]] : [+m[3], +m[2], +m[1]];
  if (y < 1900 || y > 2999) return null;
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return `${y}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** 'yyyy-MM-dd' → 'dd/MM/yyyy'. */
export function formatDay(iso: string): string {
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
}

// ----------------------------------------------------------------------------------------------------------- quantities

/**
 * True when `n` has at most `decimals` digits after the point as written (JS prints the shortest exact form): 0.3 passes,
 * 0.1 + 0.2 (0.30000000000000004) does not — it is refused, never silently rounded.
 */
export function hasAtMostDecimals(n: number, decimals = QUANTITY_DECIMALS): boolean {
  if (!Number.isFinite(n)) return false;
  const text = String(Math.abs(n));
  if (/e/i.test(text)) return false;
  const dot = text.indexOf('.');
  return dot < 0 || text.length - dot - 1 <= decimals;
}

// --------------------------------------------------------------------------------------------------------------- fields

const requiredDay = z
  .string({ error: (iss) => (iss.input == null ? 'required' : 'invalidDate') })
  .trim()
  .min(1, { error: 'required' })
  .transform((v, ctx) => {
    const day = parseDay(v);
    if (!day) {
      ctx.addIssue({ code: 'custom', message: 'invalidDate' });
      return z.NEVER;
    }
    return day;
  });

const optionalDay = z
  .string({ error: 'invalidDate' })
  .trim()
  .nullish()
  .transform((v, ctx) => {
    if (!v) return null;
    const day = parseDay(v);
    if (!day) {
      ctx.addIssue({ code: 'custom', message: 'invalidDate' });
      return z.NEVER;
    }
    return day;
  });

/** An id chosen in a select: a positive integer, also when the select hands it over as a string. */
const refId = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : /^\d+$/.test(v.trim()) ? Number(v) : v) : v),
  z
    .number({ error: (iss) => (iss.input == null ? 'required' : 'invalidType') })
    .int({ error: 'invalidType' })
    .positive({ error: 'invalidType' })
    .max(Number.MAX_SAFE_INTEGER, { error: 'invalidType' }),
);

const quantity = z
  .number({ error: (iss) => (iss.input == null ? 'required' : 'invalidType') })
  .positive({ error: 'positive' })
  .max(MAX_MOVEMENT_QUANTITY, { error: 'quantityTooLarge' })
  .refine((n) => hasAtMostDecimals(n), { error: 'tooManyDecimals' });

export const movementSchema = z
  .object({
    movement_type: z.enum(MOVEMENT_TYPES, { error: (iss) => (iss.input == null ? 'required' : 'invalidOption') }),
    movement_date: requiredDay,
    product_id: refId,
    warehouse_id: refId,
    destination_warehouse_id: z.preprocess((v) => (v === '' ? null : v), refId.nullish()).transform((v) => v ?? null),
    quantity,
    batch_number: optionalText(MAX_BATCH_LENGTH),
    production_date: optionalDay,
    expiry_date: optionalDay,
    notes: optionalText(MAX_LONG_TEXT),
  })
  .superRefine((m, ctx) => {
    if (m.movement_type === 'T') {
      if (m.destination_warehouse_id == null) {
        ctx.addIssue({ code: 'custom', path: ['destination_warehouse_id'], message: 'destinationRequired' });
      } else if (m.destination_warehouse_id === m.warehouse_id) {
        ctx.addIssue({ code: 'custom', path: ['destination_warehouse_id'], message: 'sameWarehouse' });
      }
    }
    if (m.movement_type === 'C' && m.production_date && m.expiry_date && m.expiry_date < m.production_date) {
      ctx.addIssue({ code: 'custom', path: ['expiry_date'], message: 'expiryBeforeProduction' });
    }
  })
  // A destination left over after switching the form's type away from transfer means nothing.
  .transform((m) => (m.movement_type === 'T' ? m : { ...m, destination_warehouse_id: null }));

/**
 * What the form sends (dates dd/MM/yyyy; unknown fields such as created_by or product_code are ignored: the server takes
 * the author from the session).
 */
export type MovementBody = z.input<typeof movementSchema>;
/** After parsing: dates as 'yyyy-MM-dd', empty texts as null, destination null unless given. */
export type MovementFields = z.output<typeof movementSchema>;

// ------------------------------------------------------------------------------------------------------ product rules

/** The product flags the movement rules depend on (a products row has them). */
export interface MovementProductFlags {
  has_batch: boolean;
  has_expiry_date: boolean;
  has_production_date: boolean;
}

/**
 * The rules of SPEC §5 that need the product and, for unload and transfer, the available quantity of the chosen
 * batch (pass null while unknown). Empty when the movement may be saved.
 */
export function movementProductProblems(
  m: Pick<MovementFields, 'movement_type' | 'batch_number' | 'production_date' | 'expiry_date' | 'quantity'>,
  product: MovementProductFlags,
  available: number | null = null,
): Record<string, MovementProblem> {
  const out: Record<string, MovementProblem> = {};
  if (product.has_batch && !m.batch_number) out.batch_number = { key: 'batchRequired', params: {} };
  if (m.movement_type === 'C') {
    if (product.has_production_date && !m.production_date) out.production_date = { key: 'productionDateRequired', params: {} };
    if (product.has_expiry_date && !m.expiry_date) out.expiry_date = { key: 'expiryDateRequired', params: {} };
  } else if (available !== null && m.quantity > available) {
    out.quantity = { key: 'insufficientStock', params: { available } };
  }
  return out;
}

// ------------------------------------------------------------------------------------------------------------ wording

/** Like the shared `fieldProblems`, knowing the movement keys too. */
export function movementFieldProblems(error: z.ZodError): Record<string, MovementProblem> {
  const out: Record<string, MovementProblem> = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.') || '_';
    if (out[path]) continue;
    if (MOVEMENT_KEYS.has(issue.message)) {
      const params: Record<string, string | number> =
        issue.message === 'tooManyDecimals'
          ? { max: QUANTITY_DECIMALS }
          : issue.message === 'quantityTooLarge'
            ? { max: MAX_MOVEMENT_QUANTITY }
            : {};
      out[path] = { key: issue.message, params };
    } else {
      out[path] = issueProblem(issue);
    }
  }
  return out;
}

/** A movement or shared validation key in words. */
export function movementValidationMessage(
  lang: 'it' | 'fr',
  key: string,
  params: Record<string, string | number> = {},
): string {
  const own = (movementValidationMessages[lang] as Record<string, string>)[key];
  if (!own) return validationMessage(lang, key, params);
  return own.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}

/** Field → message in one language, for the server's 400 `fields` and the form's error texts. */
export function movementFieldMessages(error: z.ZodError, lang: 'it' | 'fr'): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, p] of Object.entries(movementFieldProblems(error))) out[path] = movementValidationMessage(lang, p.key, p.params);
  return out;
}
