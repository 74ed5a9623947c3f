/** Small SQL fragments shared by the stock queries. */

/**
 * A date column as 'yyyy-MM-dd' text, made in SQL: the value is then the same on every driver, whatever its date parser
 * (PGlite 0.5 ignores the `parsers` option given to its constructor and would hand back a Date at UTC midnight).
 */
export const isoDay = (column: string, as = column.replace(/^\w+\./, '')): string => `to_char(${column}, 'YYYY-MM-DD') AS ${as}`;

/** A user's search text as an ILIKE "contains" pattern: its own % _ \ match literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
