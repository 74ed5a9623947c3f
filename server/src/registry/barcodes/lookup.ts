import { companyToday, decimalPlaces, GS, type BarcodeLookup, type Gs1Fields, readScan, toFixedDecimal } from '@wms/shared-api';
import type { Queryable } from '../../db';
import { AppError } from '../../http/errors';
import * as sql from './sql';

/** Refusals of the barcode lookup, in both languages. */
export const barcodeMessages = {
  unknown: { it: 'Codice non riconosciuto: {{code}}', fr: 'Code non reconnu : {{code}}' },
  invalidGs1: {
    it: 'Codice GS1 illeggibile ({{ai}}): {{code}}',
    fr: 'Code GS1 illisible ({{ai}}) : {{code}}',
  },
  taken: {
    it: 'Il codice a barre {{code}} è già assegnato a un altro prodotto',
    fr: 'Le code-barres {{code}} est déjà attribué à un autre produit',
  },
};

/** A scanned text as a person can read it in a message (separators shown as <GS>, cut at 60 characters). */
const shown = (code: string) => {
  const t = code
    .split(GS)
    .join('<GS>')
    .replace(/[\r\n\t]/g, '');
  return t.length > 60 ? `${t.slice(0, 59)}…` : t;
};

/** A GS1 quantity at the portal's scale (3), or nothing when it has more decimals than a quantity keeps. */
const quantityOf = (q: string | undefined) => (q !== undefined && decimalPlaces(q) <= 3 ? toFixedDecimal(q, 3) : undefined);

async function fromGs1(q: Queryable, f: Gs1Fields): Promise<BarcodeLookup | null> {
  const gtin = f.gtin ?? f.contentGtin;
  const product =
    (gtin ? await sql.productByBarcode(q, gtin) : null) ?? (f.productCode ? await sql.productByCodeOrBarcode(q, f.productCode) : null);
  if (!product) return null;
  const out: BarcodeLookup = { product };
  if (f.batch !== undefined) out.batch_number = f.batch;
  const expiry = f.expiryDate ?? f.bestBeforeDate;
  if (expiry) out.expiry_date = expiry;
  if (f.productionDate) out.production_date = f.productionDate;
  const quantity = quantityOf(f.quantity);
  if (quantity) out.quantity = quantity;
  return out;
}

/**
 * GET /barcodes/{code}: the product a scan names and what its GS1 data carries. A plain text is looked up as a product
 * code, then as a barcode; if that finds nothing and the text also reads as GS1 without its symbology identifier, that
 * reading is tried. GS1 data resolves by (01)/(02) GTIN, else (240) product code. 404 BARCODE_UNKNOWN when nothing
 * matches; 400 INVALID_GS1 when the text is announced as GS1 (]C1, brackets, a separator) but cannot be read.
 */
export async function lookupBarcode(q: Queryable, raw: string): Promise<BarcodeLookup> {
  const scan = readScan(raw, Number(companyToday().slice(0, 4)));
  let found: BarcodeLookup | null = null;
  if (scan.kind === 'invalid') {
    throw new AppError(400, 'INVALID_GS1', barcodeMessages.invalidGs1, { ai: scan.ai ?? scan.problem, code: shown(raw) });
  }
  if (scan.kind === 'plain') {
    const product = await sql.productByCodeOrBarcode(q, scan.code);
    found = product ? { product } : scan.gs1 ? await fromGs1(q, scan.gs1) : null;
  } else if (scan.kind === 'gs1') {
    found = await fromGs1(q, scan.fields);
  }
  if (!found) throw new AppError(404, 'BARCODE_UNKNOWN', barcodeMessages.unknown, { code: shown(raw) });
  return found;
}
