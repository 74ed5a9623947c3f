import { formatMessageParams } from '@wms/shared-api/core';

/** A message in both languages of the portal. The error handler answers in the caller's (Accept-Language). */
export interface Bilingual {
  it: string;
  fr: string;
}

/**
 * The one way a route refuses a request: `throw new AppError(409, 'PRODUCT_CODE_TAKEN', messages.codeTaken)`.
 * The error handler turns it into `{error, code}` with `error` in the caller's language. `{{name}}` placeholders in the
 * message are filled from `params`.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly bilingual: Bilingual,
    readonly params: Record<string, MessageParam> = {},
    readonly fields?: Record<string, string>,
  ) {
    super(bilingual.it);
    this.name = 'AppError';
  }
}

/** Messages every module uses. Domain-specific ones live beside their routes (e.g. src/registry/messages.ts). */
export const common = {
  unauthorized: { it: 'Sessione non valida o scaduta: accedi di nuovo', fr: 'Session non valide ou expirée : reconnectez-vous' },
  forbidden: { it: 'Non hai i permessi per questa operazione', fr: "Vous n'avez pas les droits pour cette opération" },
  notFound: { it: 'Elemento non trovato', fr: 'Élément introuvable' },
  routeNotFound: { it: 'Risorsa non trovata', fr: 'Ressource introuvable' },
  badRequest: { it: 'Richiesta non valida', fr: 'Requête non valide' },
  badJson: { it: 'Richiesta non valida: il corpo non è JSON valido', fr: "Requête non valide : le corps n'est pas un JSON valide" },
  jsonTooDeep: {
    it: 'Richiesta non valida: il corpo JSON è annidato oltre {{max}} livelli',
    fr: 'Requête non valide : le corps JSON est imbriqué sur plus de {{max}} niveaux',
  },
  inexactNumber: {
    it: 'Richiesta non valida: il numero {{number}} non si può leggere esattamente da JSON; invialo come testo ("{{number}}")',
    fr: 'Requête non valide : le nombre {{number}} ne peut pas être lu exactement depuis JSON ; envoyez-le en texte (« {{number}} »)',
  },
  badEncoding: {
    it: 'Richiesta non valida: il corpo non è testo UTF-8 valido',
    fr: "Requête non valide : le corps n'est pas un texte UTF-8 valide",
  },
  validation: { it: 'Dati non validi: {{details}}', fr: 'Données non valides : {{details}}' },
  conflict: { it: 'Operazione in conflitto con i dati esistenti', fr: 'Opération en conflit avec les données existantes' },
  payloadTooLarge: { it: 'Richiesta troppo grande', fr: 'Requête trop volumineuse' },
  unsupportedMedia: { it: 'Formato della richiesta non supportato', fr: 'Format de requête non pris en charge' },
  tooManyRequests: { it: 'Troppi tentativi: riprova tra poco', fr: 'Trop de tentatives : réessayez dans un instant' },
  unavailable: { it: 'Servizio momentaneamente non disponibile', fr: 'Service momentanément indisponible' },
  internal: { it: 'Errore interno del server', fr: 'Erreur interne du serveur' },
} satisfies Record<string, Bilingual>;

export type Lang = 'it' | 'fr';

/** The caller's language from Accept-Language: French when French is preferred over Italian, else Italian. */
export function pickLang(acceptLanguage: string | undefined): Lang {
  if (!acceptLanguage) return 'it';
  const prefs = acceptLanguage
    .split(',')
    .map((part) => {
      const [tag, ...rest] = part.trim().toLowerCase().split(';');
      const q = rest.find((r) => r.trim().startsWith('q='));
      return { tag, q: q ? Number(q.trim().slice(2)) || 0 : 1 };
    })
    .filter((p) => p.tag.startsWith('it') || p.tag.startsWith('fr'))
    .sort((a, b) => b.q - a.q);
  return prefs[0]?.tag.startsWith('fr') ? 'fr' : 'it';
}

/**
 * A number or a day inside a message, written in the reader's language when the message is rendered (issue 21): a
 * quantity '2.500' reads "2,5", 1000000 reads "1.000.000" (it) / "1 000 000" (fr), a day 'yyyy-MM-dd' reads dd/MM/yyyy —
 * shared-api's formatMessageParams, the forms' own rule. Other parameters (ids, codes, batch numbers, names) are shown as
 * they are: a batch "2024" or a product id 1234 is a name, not an amount to group.
 */
export class Shown {
  constructor(readonly value: string | number) {}
}

/** Marks a decimal (exact text or a number) or a 'yyyy-MM-dd' day as a value to write in the reader's language. */
export const shown = (value: string | number): Shown => new Shown(value);

/** A message parameter: text or an id shown as it is, or a `shown(…)` number or day. */
export type MessageParam = string | number | Shown;

export function render(message: Bilingual, lang: Lang, params: Record<string, MessageParam> = {}): string {
  const localized: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(params)) if (v instanceof Shown) localized[k] = v.value;
  const written = formatMessageParams(lang, localized);
  return message[lang].replace(/\{\{(\w+)\}\}/g, (_, k: string) => {
    const v = params[k];
    return v instanceof Shown ? written[k] : v === undefined ? '' : `${v}`;
  });
}
