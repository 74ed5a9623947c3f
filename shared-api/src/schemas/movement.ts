import { z } from 'zod';
import { decimal, id, MAX_LONG_TEXT, optionalDay, optionalId, optionalText, requiredDay } from './common';
import {
  compareDecimals,
  fieldMessages,
  fieldProblems,
  type FieldProblem,
  QUANTITY_DECIMALS,
  registerValidationMessages,
  validationMessage,
} from '@wms/shared-api/core';
import type { Product } from './product';

/**
 * Stock movements (SPEC §3, §5): the body of POST / PUT /stock-movements, parsed by the movement form and by the server
 * alike. Rules that need the product (batch, dates) or the stock (availability) are in `movementProductProblems`; the
 * server's ledger enforces all of them again inside its transaction.
 */
export const MOVEMENT_TYPES = ['C', 'S', 'T'] as const;
export type MovementType = (typeof MOVEMENT_TYPES)[number];
/**
 * Where a movement comes from: MAN the movements form, SO a sale, PO a goods receipt, INV an inventory count's adjustment
 * (issue 25), TR a transfer between warehouses (issue 26). The database's CHECK says the same (migration 016).
 */
export const MOVEMENT_SOURCES = ['MAN', 'SO', 'PO', 'INV', 'TR'] as const;
export type MovementSource = (typeof MOVEMENT_SOURCES)[number];

/** The form's input step (SPEC §9). */
export const QUANTITY_STEP = 0.01;
/** Largest quantity of one movement: far from the column's limit (numeric(15,3)). */
export const MAX_MOVEMENT_QUANTITY = 1_000_000_000;
export const MAX_BATCH_LENGTH = 100;

/**
 * Message keys of movement rules, beyond the shared validation keys, registered in the one validation table: the same
 * words in the form, in the server's 400 and in the ledger's refusals.
 */
export const movementValidationMessages = registerValidationMessages({
  it: {
    destinationRequired: 'Seleziona il magazzino di destinazione',
    sameWarehouse: 'Il magazzino di destinazione deve essere diverso da quello di origine',
    batchRequired: 'Il lotto è obbligatorio per questo prodotto',
    productionDateRequired: 'La data di produzione è obbligatoria per questo prodotto',
    expiryDateRequired: 'La data di scadenza è obbligatoria per questo prodotto',
    expiryBeforeProduction: 'La data di scadenza non può precedere la data di produzione',
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
    quantityTooLarge: 'Quantité trop grande (maximum {{max}})',
    insufficientStock: 'Stock insuffisant : {{available}} disponible(s)',
  },
});
export type MovementValidationKey = keyof (typeof movementValidationMessages)['it'];

/** A problem of one field: a message key (movement or shared validation key) and its parameters. */
export type MovementProblem = FieldProblem;

/** A movement quantity: exact decimal text (or an exactly representable JSON number) → canonical text ('2.5'). */
export const quantityField = decimal({ decimals: QUANTITY_DECIMALS, max: MAX_MOVEMENT_QUANTITY, tooLargeKey: 'quantityTooLarge' });
const quantity = quantityField;

export const movementSchema = z
  .object({
    movement_type: z.enum(MOVEMENT_TYPES, { error: (iss) => (iss.input == null ? 'required' : 'invalidOption') }),
    movement_date: requiredDay,
    product_id: id,
    warehouse_id: id,
    destination_warehouse_id: optionalId,
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
  available: string | null = null,
): Record<string, MovementProblem> {
  const out: Record<string, MovementProblem> = {};
  if (product.has_batch && !m.batch_number) out.batch_number = { key: 'batchRequired', params: {} };
  if (m.movement_type === 'C') {
    if (product.has_production_date && !m.production_date) out.production_date = { key: 'productionDateRequired', params: {} };
    if (product.has_expiry_date && !m.expiry_date) out.expiry_date = { key: 'expiryDateRequired', params: {} };
  } else if (available !== null && compareDecimals(m.quantity, available) > 0) {
    out.quantity = { key: 'insufficientStock', params: { available } };
  }
  return out;
}

// ------------------------------------------------------------------------------------------------------------ wording

/** The shared `fieldProblems`: movement keys are registered in the one table. Kept as names of the movement module. */
export const movementFieldProblems: (error: z.ZodError) => Record<string, MovementProblem> = fieldProblems;

/** A movement or shared validation key in words (the shared `validationMessage`). */
export const movementValidationMessage = validationMessage;

/** Field → message in one language (the shared `fieldMessages`). */
export const movementFieldMessages = fieldMessages;

/**
 * The movement form's values, as its inputs hold them (days ISO, the quantity as exact decimal text; `product_id` the chosen
 * product itself, since its flags decide the rules). Built here, with shared-api's zod, so no remote bundles a zod of its own.
 */
export const movementFormValuesSchema = z.object({
  movement_type: z.enum(MOVEMENT_TYPES),
  movement_date: z.string(),
  product_id: z.custom<Product | null>(),
  warehouse_id: z.string(),
  destination_warehouse_id: z.string(),
  batch_number: z.string(),
  production_date: z.string(),
  expiry_date: z.string(),
  quantity: z.string(),
  notes: z.string(),
});
export type MovementFormValues = z.input<typeof movementFormValuesSchema>;
