// `@wms/shared-api`: everything — the light core (by its package specifier, never './core': one instance of the client,
// session and message registry in the browser's shared scope and in Node) plus the zod schemas of every entity.
// Browser code on the first page (shell, shared-ui) imports values from '@wms/shared-api/core' only (ESLint enforces it).
export * from '@wms/shared-api/core';
// Not in the light core (the first page does not parse scans): the GS1 parser and label builder, the GTIN rules.
export * from './rules/gtin';
export * from './rules/gs1';
// The batches a form may take goods from (FEFO, a corrected document's own goods counted back): movements, transfers.
export * from './rules/stock-batches';
export * from './schemas/common';
export * from './schemas/login';
export * from './schemas/movement';
export * from './schemas/movement-form';
export * from './schemas/stock-views';
export * from './schemas/user';
export * from './schemas/product';
export * from './schemas/warehouse';
export * from './schemas/party';
export * from './schemas/stock-report';
export * from './schemas/valuation';
export * from './schemas/goods-receipt';
export * from './schemas/price';
export * from './schemas/price-from-today';
export * from './schemas/purchase-order';
export * from './schemas/sale';
export * from './schemas/transfer';
export * from './schemas/company';
export * from './schemas/stock-limits';
export * from './schemas/dashboard';
export * from './schemas/inventory-count';
export * from './schemas/client-event';
