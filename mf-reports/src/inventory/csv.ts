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

const cell = (v: string) => (/[;"\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

export function sheetCsv(rows: SheetRow[], withBook: boolean): string {
  const header = CSV_HEADER.filter((h) => withBook || h !== 'a_libro');
  const lines = rows.map((r) =>
    [
      r.code,
      r.name ?? '',
      r.batch,
      r.expiry ?? '',
      ...(withBook ? [r.book === null ? '' : csvDecimal(r.book)] : []),
      r.counted === null ? '' : csvDecimal(r.counted),
    ]
      .map(cell)
      .join(';'),
  );
  return `\uFEFF${[header.join(';'), ...lines].join('\r\n')}\r\n`;
}

/** One field-split CSV line (quotes honoured). */
function splitLine(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cur += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ';' || ch === '\t') {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  out.push(cur);
  return out.map((c) => c.trim());
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
  reason: 'badQuantity' | 'missingColumns' | 'unknownProduct' | 'server';
  code?: string;
  /** The server's words for a 'server' problem. */
  message?: string;
}

/**
 * Reads counted quantities: the sheet's own columns (by header: codice, lotto, contato — or code, lot, compté) or three
 * columns code;batch;quantity, under a header of other words or none. Rows with an empty count are skipped. Returns every
 * row and every problem at once.
 */
export function parseCounts(text: string): { rows: ImportedRow[]; problems: ImportProblem[] } {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const first = splitLine(lines[0] ?? '').map((h) => h.toLowerCase());
  const column = (names: readonly string[]) => first.findIndex((h) => names.includes(h));
  const named = { code: column(HEADERS.code), batch: column(HEADERS.batch), counted: column(HEADERS.counted) };
  // A header in Italian or French names the columns; a first line of other words (its count has letters) is a header too,
  // the columns then taken in order.
  const hasHeader = (named.code >= 0 && named.counted >= 0) || /\p{L}/u.test(first[2] ?? '');
  const at = named.code >= 0 && named.counted >= 0 ? named : { code: 0, batch: 1, counted: 2 };
  const rows: ImportedRow[] = [];
  const problems: ImportProblem[] = [];
  lines.forEach((line, i) => {
    if ((hasHeader && i === 0) || line.trim() === '') return;
    const f = splitLine(line);
    const row = i + 1;
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
