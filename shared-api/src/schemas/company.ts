import { z } from 'zod';
import { base64Bytes, registerValidationMessages } from '@wms/shared-api/core';
import { optionalText, requiredText } from './common';
import { DEFAULT_COUNTRY, partySchema, vatNumber } from './party';

/**
 * The company's own data (issue 26, /anagrafica/azienda): one row, read by every print (purchase orders, labels, transport
 * notes) through GET /company and written by PUT /company. The fields that mean the same as a supplier's carry the
 * supplier's names and rules (SPEC §5: the same schema entries, picked from partySchema); the tax code (codice fiscale) and
 * the DDT numbering prefix are the company's own. The logo travels apart (PUT /company/logo).
 */
export const companyValidationMessages = registerValidationMessages({
  it: {
    taxCode: 'Codice fiscale non valido: 11 cifre (società) o 16 lettere e cifre (persona)',
    ddtPrefix: 'Prefisso non valido: fino a 10 lettere, cifre o i caratteri - / . (inizia con una lettera o una cifra)',
    logoTooLarge: 'Logo troppo grande (massimo {{max}} KB)',
    logoType: 'Il logo deve essere un file PNG o SVG',
    logoNotPng: 'Il file non è un PNG valido',
    logoUnsafeSvg: 'SVG non ammesso: contiene script, gestori di eventi, riferimenti esterni o contenuti incorporati',
    logoEmpty: 'Il file del logo è vuoto',
  },
  fr: {
    taxCode: 'Code fiscal non valide : 11 chiffres (société) ou 16 lettres et chiffres (personne)',
    ddtPrefix: "Préfixe non valide : jusqu'à 10 lettres, chiffres ou les caractères - / . (commence par une lettre ou un chiffre)",
    logoTooLarge: 'Logo trop volumineux ({{max}} Ko au maximum)',
    logoType: 'Le logo doit être un fichier PNG ou SVG',
    logoNotPng: "Le fichier n'est pas un PNG valide",
    logoUnsafeSvg: 'SVG refusé : il contient des scripts, des gestionnaires d’événements, des références externes ou des contenus intégrés',
    logoEmpty: 'Le fichier du logo est vide',
  },
});

/** Codice fiscale: 11 digits (a company, usually its VAT number) or 16 letters and digits (a person); stored upper case. */
const TAX_CODE = /^(?:\d{11}|[A-Z0-9]{16})$/;
export const taxCode = optionalText(16)
  .transform((v) => (v ? v.replace(/\s+/g, '').toUpperCase() : null))
  .refine((v) => v === null || TAX_CODE.test(v), { error: 'taxCode' });

/** The prefix of the transport documents' numbers (DDT-2026-00042): printed, so short and plain. */
export const DEFAULT_DDT_PREFIX = 'DDT';
export const MAX_DDT_PREFIX = 10;
const DDT_PREFIX = /^[A-Za-z0-9][A-Za-z0-9/._-]{0,9}$/;
export const ddtPrefix = requiredText(MAX_DDT_PREFIX).refine((v) => DDT_PREFIX.test(v), { error: 'ddtPrefix' });

export const companySchema = partySchema
  .pick({
    business_name: true,
    vat_number: true,
    address: true,
    city: true,
    province: true,
    zip_code: true,
    country: true,
    phone: true,
    email: true,
  })
  .extend({ vat_number: vatNumber, tax_code: taxCode, ddt_prefix: ddtPrefix });
export type CompanyBody = z.input<typeof companySchema>;
export type CompanyFields = z.output<typeof companySchema>;

export const companyViewSchema = z.object({
  business_name: z.string().describe('Legal name; empty until the company is first saved'),
  vat_number: z.string(),
  tax_code: z.string().nullable(),
  address: z.string(),
  city: z.string(),
  province: z.string(),
  zip_code: z.string(),
  country: z.string(),
  phone: z.string(),
  email: z.string(),
  ddt_prefix: z.string(),
  logo_mime_type: z.enum(['image/png', 'image/svg+xml']).nullable().describe('null: no logo'),
  logo_updated_at: z.string().nullable().describe('Changes with each new logo: add it to the logo URL to refresh caches'),
  modified_by: z.string().nullable().describe('username'),
  updated_at: z.string().nullable().describe('null: never saved'),
});
/** The company as GET /company returns it (every print's header). */
export type Company = z.infer<typeof companyViewSchema>;

/** The empty form (country Italia, prefix DDT), before the company is first saved. */
export function emptyCompany(): CompanyBody {
  return {
    business_name: '',
    vat_number: '',
    tax_code: null,
    address: '',
    city: '',
    province: '',
    zip_code: '',
    country: DEFAULT_COUNTRY,
    phone: '',
    email: '',
    ddt_prefix: DEFAULT_DDT_PREFIX,
  };
}

/** The editable fields of the company read from the API. */
export function companyBodyOf(c: Company): CompanyBody {
  return {
    business_name: c.business_name,
    vat_number: c.vat_number,
    tax_code: c.tax_code,
    address: c.address,
    city: c.city,
    province: c.province,
    zip_code: c.zip_code,
    country: c.country || DEFAULT_COUNTRY,
    phone: c.phone,
    email: c.email,
    ddt_prefix: c.ddt_prefix || DEFAULT_DDT_PREFIX,
  };
}

// ------------------------------------------------------------------------------------------------------------------ logo

export const LOGO_TYPES = ['image/png', 'image/svg+xml'] as const;
export type LogoType = (typeof LOGO_TYPES)[number];
/** Largest logo accepted: a print header needs no more (a 600×200 PNG is ~30 KB). */
export const MAX_LOGO_BYTES = 256 * 1024;
const MAX_LOGO_BASE64 = Math.ceil(MAX_LOGO_BYTES / 3) * 4;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/**
 * Why an SVG may not be a logo, or null. A logo is a drawing: no script, no event handler attribute, no javascript: or
 * external reference (href / url() other than a '#fragment' or a data:image), no embedded document (foreignObject,
 * iframe, object, embed), no DTD (entities). The server also serves a logo with a sandboxing Content-Security-Policy, so
 * even an SVG that slipped past this list runs nothing when opened on its own; inside an <img> a browser never runs one.
 */
export function unsafeSvg(text: string): boolean {
  const t = text.toLowerCase();
  if (!/<svg[\s>]/.test(t)) return true;
  if (/<!doctype|<!entity/.test(t)) return true;
  if (/<\s*(script|foreignobject|iframe|object|embed|handler|listener)\b/.test(t)) return true;
  if (/[\s"'/]on[a-z]+\s*=/.test(t)) return true;
  if (/javascript:|vbscript:|data:text\/html/.test(t)) return true;
  // Links: quoted or not, only to a fragment of the drawing or an embedded raster image.
  for (const m of t.matchAll(/href\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]*))/g)) {
    const target = (m[1] ?? m[2] ?? m[3] ?? '').trim();
    if (!target.startsWith('#') && !/^data:image\/(?:png|jpe?g|gif|webp);/.test(target)) return true;
  }
  // Animations that would rewrite a link (<set attributeName="href" to="…">).
  if (/attributename\s*=\s*["']?\s*(?:xlink:)?href/.test(t)) return true;
  for (const m of t.matchAll(/url\(\s*["']?\s*([^)"']*)/g)) {
    if (!m[1].startsWith('#')) return true;
  }
  if (/@import/.test(t)) return true;
  return false;
}

/** The message key refusing these bytes as a logo of that type, or null when they are a logo. */
export function logoProblem(type: LogoType, bytes: Uint8Array): string | null {
  if (bytes.length === 0) return 'logoEmpty';
  if (bytes.length > MAX_LOGO_BYTES) return 'logoTooLarge';
  if (type === 'image/png') return PNG_SIGNATURE.every((b, i) => bytes[i] === b) ? null : 'logoNotPng';
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return 'logoUnsafeSvg';
  }
  return unsafeSvg(text) ? 'logoUnsafeSvg' : null;
}

/** PUT /company/logo: the image as base64 (no data: prefix) with its type. Checked here for the form and the server. */
export const companyLogoSchema = z
  .object({
    mime_type: z.enum(LOGO_TYPES, { error: 'logoType' }),
    data: z
      .string({ error: 'required' })
      .trim()
      .min(1, { error: 'logoEmpty' })
      .describe(`The image's bytes in base64, at most ${MAX_LOGO_BYTES} bytes`),
  })
  .superRefine((logo, ctx) => {
    const refuse = (message: string) => ctx.addIssue({ code: 'custom', path: ['data'], message, params: { max: MAX_LOGO_BYTES / 1024 } });
    if (logo.data.length > MAX_LOGO_BASE64) return refuse('logoTooLarge');
    if (!BASE64.test(logo.data) || logo.data.length % 4 !== 0) return refuse('invalidType');
    const problem = logoProblem(logo.mime_type, base64Bytes(logo.data));
    if (problem) refuse(problem);
  });
export type CompanyLogoBody = z.input<typeof companyLogoSchema>;
