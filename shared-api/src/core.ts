// `@wms/shared-api/core`: the light entry — permissions, session, the API client, domain types, validation wording and
// the plain rules — without zod. The sign-in page and the shell's frame load only this (issue 12: zod off the first page).
// The root entry `@wms/shared-api` re-exports it by this same specifier, so the browser (a federation singleton per
// specifier) and Node keep ONE instance of the client, the session and the validation-message registry.
export * from './permissions';
export * from './types';
export * from './config';
export * from './session';
export * from './client';
export * from './validation/messages';
export * from './validation/issues';
export * from './validation/sale-messages';
export * from './rules/company-day';
export * from './rules/decimal';
export * from './rules/units';
export * from './rules/price-status';
export * from './rules/order-status';
export * from './rules/batch-expiry';
// The first page needs only the scan text's cleaning; the GS1 parser and builder and the GTIN rules are in the full entry
// (index.ts): the server and the remotes use them.
export * from './rules/scan-text';
export * from './rules/address';
export * from './rules/base64';
