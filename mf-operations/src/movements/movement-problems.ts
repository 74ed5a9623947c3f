import {
  compareDecimals,
  decimalText,
  movementFieldProblems,
  movementProductProblems,
  movementSchema,
  movementValidationMessage,
  type Language,
  type MovementBody,
  type MovementProblem,
} from '@wms/shared-api';
import { formatQuantity } from './format';
import { FIELDS, movementBody, type Field, type MovementFormValues } from './movement-values';

/** A field's problem: a rule's key (worded at render, so it follows a language switch) or the server's own text. */
export type Problem = MovementProblem | { text: string };
export type Problems = Partial<Record<Field, Problem>>;

/** Rules shown while typing: the same warehouse twice, more than is available (compared as exact decimals). */
export function liveProblems(values: MovementFormValues, available: string | null): Problems {
  const live: Problems = {};
  if (values.movement_type === 'T' && values.destination_warehouse_id && values.destination_warehouse_id === values.warehouse_id) {
    live.destination_warehouse_id = { key: 'sameWarehouse', params: {} };
  }
  const typed = decimalText(values.quantity);
  if (values.movement_type !== 'C' && available !== null && typed !== null && compareDecimals(typed, available) > 0) {
    live.quantity = { key: 'insufficientStock', params: { available } };
  }
  return live;
}

/**
 * The body to send and what is wrong with it: the movement schema and product rules the server applies too, so both say
 * the same sentence. `valid` is false when anything was found (or the schema refused it).
 */
export function checkMovement(
  values: MovementFormValues,
  available: string | null,
): { body: MovementBody; found: Problems; valid: boolean } {
  const body = movementBody(values);
  const product = values.product;
  const parsed = movementSchema.safeParse(body);
  const found: Problems = {};
  if (product) {
    const rules = movementProductProblems(
      {
        movement_type: values.movement_type,
        batch_number: typeof body.batch_number === 'string' && body.batch_number.trim() ? body.batch_number.trim() : null,
        production_date: body.production_date ?? null,
        expiry_date: body.expiry_date ?? null,
        quantity: typeof body.quantity === 'number' ? body.quantity : Number.NaN,
      },
      product,
    );
    Object.assign(found, rules, values.movement_type === 'C' ? {} : { quantity: liveProblems(values, available).quantity });
    if (!found.quantity) delete found.quantity;
  }
  if (!parsed.success) Object.assign(found, movementFieldProblems(parsed.error));
  return { body, found, valid: Object.keys(found).length === 0 && parsed.success };
}

/** The server's 400 `fields` that name one of the form's fields, as its own text. */
export function serverProblems(fields: Record<string, string> | undefined): Problems {
  const onFields: Problems = {};
  for (const [path, text] of Object.entries(fields ?? {})) {
    if ((FIELDS as string[]).includes(path)) onFields[path as Field] = { text };
  }
  return onFields;
}

export function problemText(p: Problem, lang: Language): string {
  if ('text' in p) return p.text;
  const params = { ...p.params };
  if (p.key === 'insufficientStock' && params.available !== undefined) params.available = formatQuantity(params.available);
  return movementValidationMessage(lang, p.key, params);
}
