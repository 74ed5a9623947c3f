/** A fixture kit for the API-report check's test (scripts/api-report.test.js). */
export interface Options {
  label: string;
}
export declare function formatQuantity(value: string, options?: Options): string;
