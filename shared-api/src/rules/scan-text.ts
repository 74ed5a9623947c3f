/**
 * What a scan box needs before it knows anything of GS1 (shared-ui ScanInput, EntityPicker): the FNC1 separator and a
 * scan's text cleaned as scanners send it. Apart from rules/gs1.ts so that the first page's light core (core.ts) carries
 * these two and not the whole parser: the parsing happens on the server (GET /barcodes/{code}) and in the remotes.
 */

/** FNC1 as ASCII 29 (group separator). */
export const GS = '\u001d';

/** A scan as sent, with separators unified to ASCII 29, the scanner's trailing CR / LF / Tab and outer spaces dropped. */
export function cleanScan(raw: string): string {
  return raw
    .replace(/\u241d|<GS>/gi, GS)
    .replace(/[\r\n\t]+$/g, '')
    .replace(/^[\r\n\t ]+|[ ]+$/g, '');
}
