import { z } from 'zod';
import { issueProblem } from '../validation/issues';
import { validationMessage, validationMessages } from '../validation/messages';
import { hasAtMostDecimals } from './common';
import { MAX_BATCH_LENGTH, MAX_MOVEMENT_QUANTITY, QUANTITY_DECIMALS } from './movement';

/**
 * Sales (SPEC §3 Sale, §5 Sale, §7 /sales, §8 Sales): the body of POST /sales and PUT /sales/{id}, parsed by the sale
 * form and by the server alike, the list's row, and every sale message in both languages. Rules that need the stock
 * (availability, expired batch) are checked again by the server under the ledger's locks.
 */
export const SALE_STATUSES = ['active', 'cancelled'] as const;
export type SaleStatus = (typeof SALE_STATUSES)[number];

/** SPEC §9: sale quantity minimum 1, step 0.01. */
export const SALE_MIN_QUANTITY = 1;
export const SALE_QUANTITY_STEP = 0.01;

/** Every sale message of the form and the server (SPEC §8 Sales + the rules of §5), one wording per rule. */
export const saleMessages = {
  it: {
    genericError: "Errore durante l'operazione sulla vendita",
    fetchFailed: 'Errore nel caricamento delle vendite',
    success: 'Vendita registrata con successo',
    editSuccess: 'Vendita modificata con successo',
    cancelSuccess: 'Vendita annullata con successo',
    invalidQuantity: validationMessages.it.saleQuantity,
    aboveAvailability: 'Quantità superiore alla disponibilità: disponibili {{available}}',
    noStock: 'Nessuna giacenza disponibile per questo prodotto',
    noCustomers: 'Nessun cliente disponibile: crea prima un cliente in Anagrafica → Clienti',
    customerRequired: 'Seleziona un cliente',
    productRequired: 'Seleziona un prodotto',
    warehouseRequired: 'Seleziona il magazzino',
    batchRequired: 'Il lotto è obbligatorio per questo prodotto',
    batchExpired: 'Il lotto {{batch}} è scaduto il {{expiry}}: non può essere venduto',
    batchNotInStock: 'Il lotto {{batch}} non è in giacenza in questo magazzino',
    productUnavailable: 'Il prodotto non è vendibile: disattivato o eliminato',
    customerUnavailable: 'Il cliente non è selezionabile: disattivato o eliminato',
    alreadyCancelled: 'La vendita è già stata annullata',
    notFound: 'Vendita non trovata',
    cancelConfirm: 'Sei sicuro di voler annullare questa vendita? La merce torna in giacenza.',
    onlyCancel: 'Lo stato di una vendita può solo passare ad annullata',
  },
  fr: {
    genericError: "Erreur lors de l'opération sur la vente",
    fetchFailed: 'Erreur lors du chargement des ventes',
    success: 'Vente enregistrée avec succès',
    editSuccess: 'Vente modifiée avec succès',
    cancelSuccess: 'Vente annulée avec succès',
    invalidQuantity: validationMessages.fr.saleQuantity,
    aboveAvailability: 'Quantité supérieure à la disponibilité : {{available}} disponible(s)',
    noStock: 'Aucun stock disponible pour ce produit',
    noCustomers: "Aucun client disponible : créez d'abord un client dans Référentiels → Clients",
    customerRequired: 'Sélectionnez un client',
    productRequired: 'Sélectionnez un produit',
    warehouseRequired: "Sélectionnez l'entrepôt",
    batchRequired: 'Le lot est obligatoire pour ce produit',
    batchExpired: 'Le lot {{batch}} a expiré le {{expiry}} : il ne peut pas être vendu',
    batchNotInStock: "Le lot {{batch}} n'est pas en stock dans cet entrepôt",
    productUnavailable: "Le produit n'est pas vendable : désactivé ou supprimé",
    customerUnavailable: "Le client n'est pas sélectionnable : désactivé ou supprimé",
    alreadyCancelled: 'La vente a déjà été annulée',
    notFound: 'Vente introuvable',
    cancelConfirm: 'Voulez-vous vraiment annuler cette vente ? La marchandise retourne en stock.',
    onlyCancel: "L'état d'une vente ne peut passer qu'à annulée",
  },
} as const;
export type SaleMessageKey = keyof (typeof saleMessages)['it'];
const SALE_KEYS = new Set<string>(Object.keys(saleMessages.it));

/** A sale message in words, e.g. `saleMessage('fr', 'aboveAvailability', { available: '2,5' })`. Unknown keys: shared wording. */
export function saleMessage(lang: 'it' | 'fr', key: string, params: Record<string, string | number> = {}): string {
  const own = (saleMessages[lang] as Record<string, string>)[key];
  if (!own) return validationMessage(lang, key, params);
  return own.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}

// --------------------------------------------------------------------------------------------------------------- fields

/** An id chosen in a select or picker (a string from a select is fine). */
const choice = () =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : /^\d+$/.test(v.trim()) ? Number(v) : v) : v),
    z
      .number({ error: (iss) => (iss.input == null ? 'required' : 'invalidType') })
      .int({ error: 'invalidType' })
      .positive({ error: 'invalidType' })
      .max(Number.MAX_SAFE_INTEGER, { error: 'invalidType' }),
  );

/**
 * ≥ 1 (SPEC §9), at most 3 decimals (the ledger's exactness), at most 1e9. A JSON number as SPEC §7 sends it, or the exact
 * decimal string the form's NumberField holds ('2.5'); anything else is the one "invalid quantity" message.
 */
const quantity = z.preprocess(
  (v) =>
    typeof v === 'string' && /^\d{1,10}(\.\d{1,3})?$/.test(v.trim())
      ? Number(v.trim())
      : typeof v === 'string' && v.trim() === ''
        ? undefined
        : v,
  z
    .number({ error: (iss) => (iss.input == null ? 'required' : 'saleQuantity') })
    .min(SALE_MIN_QUANTITY, { error: 'saleQuantity' })
    .max(MAX_MOVEMENT_QUANTITY, { error: 'saleQuantity' })
    .refine((n) => hasAtMostDecimals(n, QUANTITY_DECIMALS), { error: 'saleQuantity' }),
);

/**
 * POST /sales and PUT /sales/{id} (edit): SPEC §7 fields. `created_by` is accepted and ignored (the author is the session's
 * user); a blank batch means none (required by the server when the product manages batches).
 */
export const saleSchema = z.object({
  product_id: choice(),
  warehouse_id: choice(),
  batch_number: z
    .string({ error: 'invalidType' })
    .trim()
    .max(MAX_BATCH_LENGTH, { error: 'tooLong' })
    .nullish()
    .transform((v) => v || null),
  quantity,
  customer_id: choice(),
  created_by: z
    .unknown()
    .optional()
    .transform(() => undefined),
});
export type SaleBody = z.input<typeof saleSchema>;
export type SaleFields = z.output<typeof saleSchema>;

/** PUT /sales/{id}/status (SPEC §7, the older reading of cancel): only `cancelled` is a status a sale can move to. */
export const saleStatusSchema = z.object({
  status: z.literal('cancelled', { error: (iss) => (iss.input == null ? 'required' : 'onlyCancel') }),
});

/** Problems of the stock-dependent rules the form checks before the server does: quantity vs available, batch required. */
export function saleStockProblems(
  sale: { quantity: number | null | undefined; batch_number: string | null | undefined },
  product: { has_batch: boolean } | null,
  available: number | null,
): Record<string, SaleProblem> {
  const out: Record<string, SaleProblem> = {};
  if (product?.has_batch && !sale.batch_number) out.batch_number = { key: 'batchRequired', params: {} };
  if (available !== null && typeof sale.quantity === 'number' && sale.quantity > available) {
    out.quantity = { key: 'aboveAvailability', params: { available } };
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------- views

/** A row of GET /sales (SPEC §3 Sale): created_at as dd/MM/yyyy. */
export const saleViewSchema = z.object({
  id: z.number(),
  status: z.enum(SALE_STATUSES),
  product_id: z.number(),
  product_code: z.string(),
  product_description: z.string(),
  quantity: z.number(),
  batch_number: z.string().nullable(),
  expiry_date: z.string().nullable().describe('yyyy-MM-dd, the batch expiry when sold'),
  warehouse_id: z.number(),
  warehouse_name: z.string(),
  customer_id: z.number(),
  customer_name: z.string(),
  created_at: z.string().describe('dd/MM/yyyy'),
  created_by: z.string().nullable(),
  movement_id: z.number().nullable(),
  replaces_id: z.number().nullable(),
  replaced_by_id: z.number().nullable(),
  cancelled_at: z.string().nullable().describe('dd/MM/yyyy'),
});
export type SaleView = z.infer<typeof saleViewSchema>;

/** A batch a sale may take from (GET /sales/stock/{productId}): FEFO-ordered, `expired` by the shared rule. */
export const saleStockRowSchema = z.object({
  product_id: z.number(),
  warehouse_id: z.number(),
  warehouse_name: z.string(),
  batch_number: z.string().nullable(),
  quantity: z.number(),
  expiry_date: z.string().nullable().describe('yyyy-MM-dd'),
  received_at: z.string().nullable().describe('yyyy-MM-dd, first load of this batch here'),
  expired: z.boolean(),
});
export type SaleStockRow = z.infer<typeof saleStockRowSchema>;

// ------------------------------------------------------------------------------------------------------------ wording

export interface SaleProblem {
  key: string;
  params: Record<string, string | number>;
}

/** First problem per field, knowing the sale keys (with their parameters) and the shared ones. */
export function saleFieldProblems(error: z.ZodError): Record<string, SaleProblem> {
  const out: Record<string, SaleProblem> = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.') || '_';
    if (out[path]) continue;
    if (SALE_KEYS.has(issue.message)) {
      out[path] = { key: issue.message, params: {} };
    } else {
      out[path] = issueProblem(issue);
    }
  }
  return out;
}

/** Field → message in one language: the server's 400 `fields` and the form's texts. */
export function saleFieldMessages(error: z.ZodError, lang: 'it' | 'fr'): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, p] of Object.entries(saleFieldProblems(error))) out[path] = saleMessage(lang, p.key, p.params);
  return out;
}
