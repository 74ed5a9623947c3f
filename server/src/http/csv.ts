import { Readable, Transform, type TransformCallback } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { stringify } from 'csv-stringify';
import { csvDecimal as sharedCsvDecimal, formatDecimal } from '@wms/shared-api/core';

/**
 * The one CSV export of the API (stock levels, valuation, purchase orders…): what Excel opens right in Italy and France.
 *
 * - UTF-8 with a byte-order mark (Excel otherwise reads "Quantità" as "QuantitÃ "), `;` between fields, CRLF lines;
 * - numbers with a decimal comma and no thousands separator (`csvDecimal`), dates dd/MM/yyyy (`csvDate`);
 * - headers in the caller's language (the caller passes them translated);
 * - streamed: rows come from an async iterable (typically `keysetBatches` over a query), pulled only as fast as the client
 *   reads, so a million rows export with flat memory on PostgreSQL and PGlite alike. Quoting is csv-stringify's.
 *
 *   return sendCsv(reply, { filename: 'giacenze.csv', columns, rows: keysetBatches((after) => page(after), 2000) });
 */
export type CsvCell = string | number | null | undefined;

export interface CsvColumn<T> {
  header: string;
  value: (row: T) => CsvCell;
}

export interface CsvExport<T> {
  /** Download name, e.g. "giacenze-2026-11-22.csv". */
  filename: string;
  columns: readonly CsvColumn<T>[];
  rows: AsyncIterable<T> | Iterable<T>;
}

/** Answers the request with the CSV (200, text/csv, attachment). The rows are read while the client downloads. */
export function sendCsv<T>(reply: FastifyReply, csv: CsvExport<T>): FastifyReply {
  const source = Readable.from(cells(csv), { objectMode: true, highWaterMark: 256 });
  const out = stringify({
    bom: true,
    delimiter: ';',
    record_delimiter: 'windows',
    header: true,
    columns: csv.columns.map((c, i) => ({ key: String(i), header: c.header })),
  });
  // A failing query after the first bytes went out: logged once, here, and the connection is cut, so the client sees a
  // broken download, never a truncated file that looks complete. The error is not passed down the stream: the
  // compression stream between `out` and the socket (web/compress.ts) would log it a second time; cutting the socket
  // ends that stream as a premature close, which it leaves quiet. A client that goes away stops the query loop.
  source.pipe(out);
  source.once('error', (err) => {
    reply.log.error({ err }, 'CSV export failed while streaming: download cut off');
    out.unpipe();
    reply.raw.destroy();
  });
  out.once('close', () => source.destroy());
  const body = out.pipe(new Coalesce(COALESCE_BYTES));
  const ascii = csv.filename.replace(/[^\w.-]+/g, '_');
  return reply
    .type('text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(csv.filename)}`)
    .header('Cache-Control', 'no-store')
    .send(body);
}

/** Bytes gathered before a chunk goes on (to the compressor, then the socket). */
const COALESCE_BYTES = 64 * 1024;

/**
 * csv-stringify emits one small chunk per row; the compression stream after it (web/compress.ts) runs each chunk as a
 * job on libuv's thread pool, so 588 000 rows were 588 000 jobs — most of the whole-stock export's time. Gathering them
 * into 64 KB chunks makes that ~1 000 jobs; memory stays flat (one chunk).
 */
export class Coalesce extends Transform {
  private parts: Buffer[] = [];
  private size = 0;

  constructor(private readonly limit: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.parts.push(chunk);
    this.size += chunk.length;
    if (this.size >= this.limit) this.push(this.gathered());
    done();
  }

  override _flush(done: TransformCallback): void {
    if (this.size > 0) this.push(this.gathered());
    done();
  }

  private gathered(): Buffer {
    const all = Buffer.concat(this.parts, this.size);
    this.parts = [];
    this.size = 0;
    return all;
  }
}

async function* cells<T>(csv: CsvExport<T>): AsyncGenerator<string[]> {
  for await (const row of csv.rows) {
    yield csv.columns.map((c) => {
      const v = c.value(row);
      return v === null || v === undefined ? '' : String(v);
    });
  }
}

/**
 * Rows of a query read in batches by keyset ("the next `size` rows after the last one I got"), so no batch ever holds the
 * whole result and each is one ordinary indexed query — the same on PostgreSQL and PGlite, no server cursor needed.
 * `fetch(after)` returns up to `size` rows strictly after `after` (null: from the start), in the export's order.
 */
export async function* keysetBatches<T>(fetch: (after: T | null) => Promise<T[]>, size: number): AsyncGenerator<T> {
  let after: T | null = null;
  for (;;) {
    const batch = await fetch(after);
    yield* batch;
    if (batch.length < size) return;
    after = batch[batch.length - 1];
  }
}

/**
 * An exact decimal (a numeric column's text) as the CSV writes it: decimal comma, no thousands separator, so a spreadsheet
 * reads it as a number ("1234.500" → "1234,5"). Without options it is shared-api's csvDecimal (every digit); `minDecimals`
 * / `maxDecimals` (amounts: 2–5) go through the same formatter, rounding half away from zero on the digits.
 */
export function csvDecimal(value: string | number | null | undefined, opts: { minDecimals?: number; maxDecimals?: number } = {}): string {
  if (opts.minDecimals === undefined && opts.maxDecimals === undefined) return sharedCsvDecimal(value);
  return formatDecimal(value, 'it', { ...opts, grouping: false });
}

/** 'yyyy-MM-dd' (or a Date) → dd/MM/yyyy; '' for null. */
export function csvDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  const iso = value instanceof Date ? value.toISOString().slice(0, 10) : value;
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : iso;
}
