import {
  movementProductProblems,
  parseDay,
  type InventoryCountingLine,
  type InventoryCountLineFields,
  type Product,
} from '@wms/shared-api';
import { csvDecimal, displayDay, readDecimal, QUANTITY_DECIMALS } from '@wms/shared-ui';

/**
 * The count sheet as CSV and the import of counted quantities (issue 25), in the portal's CSV format: `;` between
 * fields, decimal comma, no grouping (csvDecimal), days dd/MM/yyyy as the screen shows them, UTF-8 with a BOM so
 * spreadsheets read accents.
 */
export const CSV_HEADER = ['codice', 'prodotto', 'lotto', 'scadenza', 'a_libro', 'contato'] as const;

export interface SheetRow {
  code: string;
  name: string | null;
  batch: string;
  expiry: string | null;
  book: string | null;
  counted: string | null;
}

/**
 * The library the server reads and writes CSV with (csv-parse, csv-stringify: quoting, a quoted `;` or line break), in
 * its browser build, fetched when a sheet is first exported or imported (not part of the screen's first load).
 */
const csvParse = () => import('csv-parse/browser/esm/sync');
const csvStringify = () => import('csv-stringify/browser/esm/sync');

export async function sheetCsv(rows: SheetRow[], withBook: boolean): Promise<string> {
  const { stringify } = await csvStringify();
  const header = CSV_HEADER.filter((h) => withBook || h !== 'a_libro');
  const records = rows.map((r) => [
    r.code,
    r.name ?? '',
    r.batch,
    displayDay(r.expiry),
    ...(withBook ? [r.book === null ? '' : csvDecimal(r.book)] : []),
    r.counted === null ? '' : csvDecimal(r.counted),
  ]);
  return stringify([header, ...records], { delimiter: ';', record_delimiter: 'windows', bom: true });
}

/** The column names the import reads, in Italian (the sheet's own) and French. */
const HEADERS = {
  code: ['codice', 'code', 'codice prodotto', 'code produit'],
  batch: ['lotto', 'lot'],
  expiry: ['scadenza', 'data di scadenza', 'expiration', 'date d’expiration', "date d'expiration"],
  production: ['produzione', 'data di produzione', 'production', 'date de production'],
  counted: ['contato', 'quantità contata', 'compté', 'quantité comptée'],
} as const;

export interface ImportedRow {
  /** 1-based line number in the file. */
  row: number;
  code: string;
  batch: string;
  /** The exact decimal; null when the text is no quantity (a problem of the row says so). */
  counted: string | null;
  /** ISO days read from the expiry and production columns (dd/MM/yyyy, or ISO from older sheets); null when empty or unreadable. */
  expiry: string | null;
  production: string | null;
}

/** The dates a new batch lacks. */
export type MissingDates = 'expiry' | 'production' | 'both';

export interface ImportProblem {
  row: number;
  reason:
    | 'badQuantity'
    | 'badExpiry'
    | 'badProduction'
    | 'countOnPage'
    | 'datesMissing'
    | 'duplicateRow'
    | 'missingBatch'
    | 'missingColumns'
    | 'unknownProduct'
    | 'unreadable'
    | 'server';
  code?: string;
  /** The text of an unreadable date. */
  text?: string;
  /** A new batch lacking dates, and which. */
  batch?: string;
  dates?: MissingDates;
  /** The earlier row of a duplicate. */
  first?: number;
  /** The server's words for a 'server' problem. */
  message?: string;
}

/**
 * The file's records, each with its line (the last one, for a record whose quoted field holds a line break); a file the
 * library cannot read is one problem, at the line where it gave up (an unclosed quote: the end of the file).
 */
async function recordsOf(text: string): Promise<{ row: number; fields: string[] }[] | ImportProblem> {
  const { parse } = await csvParse();
  try {
    // `info: true` answers each record with its line (the library's typings do not model that option).
    const records = parse(text, {
      bom: true,
      delimiter: [';', '\t'],
      info: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      trim: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
    return records.map(({ record, info }) => ({ row: info.lines, fields: record }));
  } catch (err) {
    return { row: (err as { lines?: number }).lines ?? 1, reason: 'unreadable' };
  }
}

/** Which date columns the file has (the exported sheet has the expiry only: production dates are not on the count). */
export interface DateColumns {
  expiry: boolean;
  production: boolean;
}

/**
 * Reads counted quantities: the sheet's own columns (by header: codice, lotto, scadenza, produzione, contato — or code,
 * lot, expiration, production, compté) or three columns code;batch;quantity, under a header of other words or none.
 * Rows with an empty count are skipped. Returns every row with a count (its unreadable quantity or date a problem of the
 * row, all of them at once) and every problem.
 */
export async function parseCounts(text: string): Promise<{ rows: ImportedRow[]; problems: ImportProblem[]; columns: DateColumns }> {
  const records = await recordsOf(text);
  if (!Array.isArray(records)) return { rows: [], problems: [records], columns: { expiry: false, production: false } };
  const first = (records[0]?.fields ?? []).map((h) => h.toLowerCase());
  const column = (names: readonly string[]) => first.findIndex((h) => names.includes(h));
  const named = {
    code: column(HEADERS.code),
    batch: column(HEADERS.batch),
    expiry: column(HEADERS.expiry),
    production: column(HEADERS.production),
    counted: column(HEADERS.counted),
  };
  // A header in Italian or French names the columns; a first line of other words (its count has letters) is a header too,
  // the columns then taken in order.
  const hasHeader = (named.code >= 0 && named.counted >= 0) || /\p{L}/u.test(first[2] ?? '');
  const at = named.code >= 0 && named.counted >= 0 ? named : { code: 0, batch: 1, expiry: -1, production: -1, counted: 2 };
  const rows: ImportedRow[] = [];
  const problems: ImportProblem[] = [];
  records.forEach(({ row, fields: f }, i) => {
    if (hasHeader && i === 0) return;
    const code = f[at.code] ?? '';
    const raw = f[at.counted];
    if (!code || raw === undefined) {
      problems.push({ row, reason: 'missingColumns' });
      return;
    }
    if (raw === '') return;
    const read = readDecimal(raw, 'it', QUANTITY_DECIMALS);
    const counted = read.ok && !read.value.startsWith('-') ? read.value : null;
    if (counted === null) problems.push({ row, reason: 'badQuantity', code });
    const day = (index: number, reason: 'badExpiry' | 'badProduction') => {
      const written = index >= 0 ? (f[index] ?? '') : '';
      const iso = written ? parseDay(written) : null;
      if (written && !iso) problems.push({ row, reason, text: written });
      return iso;
    };
    const expiry = day(at.expiry, 'badExpiry');
    const production = day(at.production, 'badProduction');
    rows.push({ row, code, batch: at.batch >= 0 ? (f[at.batch] ?? '') : '', counted, expiry, production });
  });
  return { rows, problems, columns: { expiry: at.expiry >= 0, production: at.production >= 0 } };
}

/** What the import needs of a product: its id and the flags deciding what a row of it needs. */
export type ProductRules = Pick<Product, 'id' | 'has_batch' | 'has_expiry_date' | 'has_production_date'>;

/** The lines a file's rows make (`rows`: the file's row of each, for the server's `lines.N` refusals), or its problems. */
export interface CountsImport {
  lines: InventoryCountLineFields[];
  rows: number[];
  problems: ImportProblem[];
}

/**
 * The file's rows as lines of the count — or, when any row is wrong, every problem of every row at once (by row) and no
 * line, so nothing is saved. Besides the file's own problems: an unknown product, a batch missing where the product has
 * batches, a product and batch twice, and a batch the count does not have lacking the dates its product manages (the
 * server's rule, lines.ts); a needed date the file has no column for cannot come from the file: that batch is counted on
 * the counting page. A product is looked up (`findProduct`, once per code) when it is not on the count or a row names a
 * batch the count does not have.
 */
export async function countsToSave(
  text: string,
  count: readonly Pick<InventoryCountingLine, 'product_id' | 'product_code' | 'batch_number' | 'has_batch'>[],
  findProduct: (code: string) => Promise<ProductRules | null>,
): Promise<CountsImport> {
  const parsed = await parseCounts(text);
  const problems = [...parsed.problems];
  const unreadable = new Set(problems.map((p) => `${p.row}:${p.reason}`));
  const ids = new Map(count.map((l) => [l.product_code.toLowerCase(), l]));
  const onCount = new Set(count.map((l) => `${l.product_id}\u0000${l.batch_number}`));
  const found = new Map<string, ProductRules | null>();
  const lookUp = async (code: string) => {
    const key = code.toLowerCase();
    if (!found.has(key)) found.set(key, await findProduct(code));
    return found.get(key) ?? null;
  };
  const seen = new Map<string, number>();
  const lines: InventoryCountLineFields[] = [];
  const rows: number[] = [];
  for (const r of parsed.rows) {
    const line = ids.get(r.code.toLowerCase());
    // A product on the count but no longer found by the search: its dates are not asked here (the server still checks them).
    const onSheet = line ? { id: line.product_id, has_batch: line.has_batch, has_expiry_date: false, has_production_date: false } : null;
    const known = line !== undefined && (!line.has_batch || onCount.has(`${line.product_id}\u0000${r.batch}`));
    const product = known ? onSheet : ((await lookUp(r.code)) ?? onSheet);
    if (!product) {
      problems.push({ row: r.row, reason: 'unknownProduct', code: r.code });
      continue;
    }
    const key = `${product.id}\u0000${r.batch}`;
    const first = seen.get(key);
    if (first !== undefined) problems.push({ row: r.row, reason: 'duplicateRow', first });
    else seen.set(key, r.row);
    // The server's rule for a counted line (lines.ts), the same function: a batch where the product manages batches; a
    // batch the count does not have carries the dates its product manages, as a load would.
    const isNew = product.has_batch && r.batch !== '' && !onCount.has(key);
    const rule = movementProductProblems(
      {
        movement_type: isNew ? 'C' : 'S',
        batch_number: r.batch || null,
        production_date: r.production,
        expiry_date: r.expiry,
        quantity: r.counted ?? '0',
      },
      product,
    );
    if (rule.batch_number) problems.push({ row: r.row, reason: 'missingBatch' });
    const needs = (date: 'expiry' | 'production') => isNew && product[date === 'expiry' ? 'has_expiry_date' : 'has_production_date'];
    const missing = (['expiry', 'production'] as const).filter(
      (d) => rule[`${d}_date`] && !unreadable.has(`${r.row}:${d === 'expiry' ? 'badExpiry' : 'badProduction'}`),
    );
    if (missing.length > 0)
      problems.push({
        row: r.row,
        reason: missing.some((d) => !parsed.columns[d]) ? 'countOnPage' : 'datesMissing',
        batch: r.batch,
        dates: missing.length === 2 ? 'both' : missing[0],
      });
    if (r.counted === null) continue;
    lines.push({
      product_id: product.id,
      batch_number: r.batch,
      counted_quantity: r.counted,
      expiry_date: needs('expiry') ? r.expiry : null,
      production_date: needs('production') ? r.production : null,
    });
    rows.push(r.row);
  }
  return problems.length > 0 ? { lines: [], rows: [], problems: problems.sort((a, b) => a.row - b.row) } : { lines, rows, problems };
}
