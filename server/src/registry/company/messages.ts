import type { Bilingual } from '../../http/errors';

/** The company API's own refusals, in both languages (field problems are the schema's: shared-api schemas/company.ts). */
export const companyMessages = {
  companyLogoNotFound: { it: "L'azienda non ha un logo", fr: "L'entreprise n'a pas de logo" },
} satisfies Record<string, Bilingual>;
