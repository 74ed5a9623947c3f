import { z } from 'zod';
import { flag, MAX_LONG_TEXT, optionalText, requiredText } from './common';

/**
 * Suppliers and customers (SPEC §3, §5) share one shape and one schema: the body of POST / PUT /suppliers and /customers,
 * for the inline form and the server. created_by / modified_by, if sent, are dropped.
 */
export const PARTY_KINDS = ['suppliers', 'customers'] as const;
export type PartyKind = (typeof PARTY_KINDS)[number];
export const DEFAULT_COUNTRY = 'Italia';
export const MAX_EMAIL = 254;

const email = requiredText(MAX_EMAIL).pipe(z.email({ error: 'email' }));

/** The VAT number rule (SPEC §5): required, at most 30 characters. Suppliers, customers and the company (company.ts) share it. */
export const vatNumber = requiredText(30);

export const partySchema = z.object({
  business_name: requiredText(),
  vat_number: vatNumber,
  address: requiredText(),
  city: requiredText(100),
  province: requiredText(100),
  zip_code: requiredText(20),
  country: requiredText(100),
  email,
  phone: requiredText(50),
  contact_name: optionalText(),
  contact_role: optionalText(),
  contact_phone: optionalText(50),
  shipping_method: optionalText(),
  notes: optionalText(MAX_LONG_TEXT),
  is_active: flag(true),
});
export type PartyBody = z.input<typeof partySchema>;
export type PartyFields = z.output<typeof partySchema>;

export const partyViewSchema = z.object({
  id: z.number(),
  business_name: z.string(),
  vat_number: z.string(),
  address: z.string(),
  city: z.string(),
  province: z.string(),
  zip_code: z.string(),
  country: z.string(),
  email: z.string(),
  phone: z.string(),
  contact_name: z.string().nullable(),
  contact_role: z.string().nullable(),
  contact_phone: z.string().nullable(),
  shipping_method: z.string().nullable(),
  notes: z.string().nullable(),
  is_active: z.boolean(),
  created_by: z.string().nullable().describe('username'),
  modified_by: z.string().nullable().describe('username'),
  created_at: z.string(),
  updated_at: z.string(),
});
/** A supplier or a customer as the API returns it. */
export type Party = z.infer<typeof partyViewSchema>;

/** Columns GET /suppliers and /customers sort by; without `sort`, by business name. */
export const PARTY_SORTS = ['business_name', 'city', 'vat_number', 'email', 'phone'] as const;

/** The empty inline form: country Italia (SPEC §5). */
export function emptyParty(): PartyBody {
  return {
    business_name: '',
    vat_number: '',
    address: '',
    city: '',
    province: '',
    zip_code: '',
    country: DEFAULT_COUNTRY,
    email: '',
    phone: '',
    contact_name: null,
    contact_role: null,
    contact_phone: null,
    shipping_method: null,
    notes: null,
    is_active: true,
  };
}

/** The editable fields of a party read from the API. */
export function partyBodyOf(p: Party): PartyBody {
  const { id: _id, created_by: _c, modified_by: _m, created_at: _ca, updated_at: _u, ...body } = p;
  return body;
}
