import { parse } from 'csv-parse/sync';
import { QUANTITY_DECIMALS, readDecimal, stockLimitSchema, validationMessage, type StockLimitsImportResult } from '@wms/shared-api';
import type { Queryable } from '../db';
import { AppError, render, type Bilingual, type Lang } from '../http/errors';
import { replenishmentMessages as msg } from './messages';
import * as sql from './sql';

/** Words a first line may start with to be a header (it / fr / en), lower-cased. */
const HEADER_WORDS = new Set([
  'code',
  'codice',
  'codice prodotto',
  'codice_prodotto',
  'code produit',
  'code_produit',
  'product',
  'product code',
  'product_code',
  'prodotto',
  'produit',
]);

/** The decimal problems of readDecimal, worded by the shared validation table (as the forms word them). */
const DECIMAL_KEYS: Record<string, string> = {
  invalidNumber: 'invalidType',
  misplacedGroup: 'invalidType',
  twoMarks: 'invalidType',
  ambiguousPoint: 'invalidType',
  tooManyDecimals: 'tooManyDecimals',
};

/**
 * Imports stock limits from CSV text `code;warehouse;min;max` (issue 28): product by code and warehouse by name (any
 * case), quantities as people write them in the caller's language ("1.500", "12,5"), a header line optional. Every row is
 * checked first — by the same schema as PUT /products/{id}/stock-limits — and every bad row is reported at once (400
 * CSV_INVALID, `fields` keyed `line N`); nothing is written until all rows are good, then all are written in one statement
 * of the caller's transaction (insert or update; limits of pairs not in the file are left as they are).
 */
export async function importLimits(q: Queryable, text: string, lang: Lang, userId: number): Promise<StockLimitsImportResult> {
  let records: string[][];
  try {
    records = parse(text, { delimiter: ';', bom: true, relax_column_count: true, skip_empty_lines: true, trim: true });
  } catch {
    throw new AppError(400, 'CSV_INVALID', msg.csvColumns);
  }
  const lines = records.map((cells, i) => ({ line: i + 1, cells }));
  if (lines.length && HEADER_WORDS.has((lines[0].cells[0] ?? '').toLowerCase())) lines.shift();
  if (!lines.length) throw new AppError(400, 'CSV_EMPTY', msg.csvEmpty);

  const products = await sql.productsByCode(q, [...new Set(lines.map((l) => l.cells[0] ?? ''))]);
  const warehouses = await sql.warehousesByName(q);
  const problems: Record<string, string> = {};
  const say = (line: number, text: string) => {
    const key = `line ${line}`;
    problems[key] = problems[key] ? `${problems[key]}; ${text}` : text;
  };
  const word = (m: Bilingual, params: Record<string, string | number> = {}) => render(m, lang, params);
  const seen = new Map<string, number>();
  const rows: sql.LimitRow[] = [];
  for (const { line, cells } of lines) {
    if (cells.length !== 4) {
      say(line, word(msg.csvColumns));
      continue;
    }
    const [code, warehouse, minText, maxText] = cells;
    const productId = products.get(code.toLowerCase());
    const warehouseId = warehouses.get(warehouse.toLowerCase());
    if (productId === undefined) say(line, word(msg.csvProductUnknown, { code }));
    if (warehouseId === undefined) say(line, word(msg.csvWarehouseUnknown, { name: warehouse }));
    const read = (label: 'min' | 'max', t: string): string | null => {
      if (t === '') {
        say(line, `${label}: ${validationMessage(lang, 'required')}`);
        return null;
      }
      const r = readDecimal(t, lang, QUANTITY_DECIMALS);
      if (r.ok) return r.value;
      say(line, `${label}: ${validationMessage(lang, DECIMAL_KEYS[r.problem] ?? 'invalidType', { max: QUANTITY_DECIMALS })}`);
      return null;
    };
    const min = read('min', minText);
    const max = read('max', maxText);
    // The limit's own rules (the PUT's schema) on the numbers that could be read, so a row shows all its problems.
    const parsed = stockLimitSchema.safeParse({ warehouse_id: warehouseId ?? 1, min: min ?? '0', max: max ?? min ?? '1' });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '');
        if ((field === 'min' && min === null) || (field === 'max' && max === null)) continue;
        const params = (issue as { params?: Record<string, string | number> }).params ?? {};
        say(line, `${field}: ${validationMessage(lang, issue.message, params)}`);
      }
    }
    if (!parsed.success || productId === undefined || warehouseId === undefined || min === null || max === null) continue;
    const key = `${productId}:${warehouseId}`;
    const first = seen.get(key);
    if (first !== undefined) {
      say(line, word(msg.csvDuplicate, { line: first }));
      continue;
    }
    seen.set(key, line);
    rows.push({ product_id: productId, warehouse_id: warehouseId, min: parsed.data.min, max: parsed.data.max });
  }
  if (Object.keys(problems).length) throw new AppError(400, 'CSV_INVALID', msg.csvInvalid, {}, problems);
  await sql.upsertLimits(q, rows, userId);
  return { imported: rows.length, products: new Set(rows.map((r) => r.product_id)).size };
}
