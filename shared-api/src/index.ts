// The one zod instance of the portal: remotes build form schemas with this `z` (shared-api is a federation singleton),
// never by importing 'zod' themselves, which would bundle a second copy into their first screen (+22 KB, issue 12).
export { z } from 'zod';
export * from './permissions';
export * from './types';
export * from './config';
export * from './session';
export * from './client';
export * from './validation/messages';
export * from './validation/issues';
export * from './schemas/common';
export * from './schemas/login';
export * from './schemas/movement';
export * from './schemas/stock-views';
export * from './schemas/user';
export * from './schemas/product';
export * from './schemas/warehouse';
export * from './schemas/party';
export * from './schemas/stock-report';
export * from './schemas/valuation';
export * from './schemas/goods-receipt';
export * from './rules/company-day';
export * from './rules/decimal';
export * from './rules/price-status';
export * from './rules/order-status';
export * from './schemas/price';
export * from './schemas/purchase-order';
export * from './schemas/sale';
export * from './rules/batch-expiry';
