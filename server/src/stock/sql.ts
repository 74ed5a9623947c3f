/** Small SQL fragments shared by the stock queries. */

/**
 * A date column as 'yyyy-MM-dd' text, made in SQL: the value is the same on every driver whatever its date parser is
 * configured to do (a Date at UTC midnight would shift a day in some time zones).
 */
export const isoDay = (column: string, as = column.replace(/^\w+\./, '')): string => `to_char(${column}, 'YYYY-MM-DD') AS ${as}`;

/** A user's search text as an ILIKE "contains" pattern: its own % _ \ match literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
