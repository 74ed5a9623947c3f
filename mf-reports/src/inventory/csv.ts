import { csvDecimal, readDecimal, QUANTITY_DECIMALS } from '@wms/shared-ui';

/**
 * The count sheet as CSV and the import of counted quantities (issue 25), in the portal's CSV format: `;` between
 * fields, decimal comma, no grouping (csvDecimal), UTF-8 with a BOM so spreadsheets read accents.
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
    r.expiry ?? '',
    ...(withBook ? [r.book === null ? '' : csvDecimal(r.book)] : []),
    r.counted === null ? '' : csvDecimal(r.counted),
  ]);
  return stringify([header, ...records], { delimiter: ';', record_delimiter: 'windows', bom: true });
}

/** The column names the import reads, in Italian (the sheet's own) and French. */
const HEADERS = {
  code: ['codice', 'code', 'codice prodotto', 'code produit'],
  batch: ['lotto', 'lot'],
  counted: ['contato', 'quantità contata', 'compté', 'quantité comptée'],
} as const;

export interface ImportedRow {
  /** 1-based line number in the file. */
  row: number;
  code: string;
  batch: string;
  counted: string;
}

export interface ImportProblem {
  row: number;
  reason: 'badQuantity' | 'missingColumns' | 'unknownProduct' | 'unreadable' | 'server';
  code?: string;
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

/**
 * Reads counted quantities: the sheet's own columns (by header: codice, lotto, contato — or code, lot, compté) or three
 * columns code;batch;quantity, under a header of other words or none. Rows with an empty count are skipped. Returns every
 * row and every problem at once.
 */
export async function parseCounts(text: string): Promise<{ rows: ImportedRow[]; problems: ImportProblem[] }> {
  const records = await recordsOf(text);
  if (!Array.isArray(records)) return { rows: [], problems: [records] };
  const first = (records[0]?.fields ?? []).map((h) => h.toLowerCase());
  const column = (names: readonly string[]) => first.findIndex((h) => names.includes(h));
  const named = { code: column(HEADERS.code), batch: column(HEADERS.batch), counted: column(HEADERS.counted) };
  // A header in Italian or French names the columns; a first line of other words (its count has letters) is a header too,
  // the columns then taken in order.
  const hasHeader = (named.code >= 0 && named.counted >= 0) || /\p{L}/u.test(first[2] ?? '');
  const at = named.code >= 0 && named.counted >= 0 ? named : { code: 0, batch: 1, counted: 2 };
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
    if (!read.ok || read.value.startsWith('-')) {
      problems.push({ row, reason: 'badQuantity', code });
      return;
    }
    rows.push({ row, code, batch: at.batch >= 0 ? (f[at.batch] ?? '') : '', counted: read.value });
  });
  return { rows, problems };
}
