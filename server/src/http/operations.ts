import type { RouteOptions } from 'fastify';

/**
 * The API as a contract (issue 29): each operation's stable name, its tag and the refusals it can answer, in one table
 * the OpenAPI document is built from (http/openapi.ts). Generated clients call operations by these names
 * (`cancelSale`, `receiveGoods`): never rename one — a new name is a new operation.
 *
 * A route finds its row by method and path as the document writes it (`PUT /api/sales/{id}/cancel`); the table's tag
 * wins over a `tags` written in the route's schema, the route's `summary` stays. The error answers are derived, each
 * `{error, code}` (errors.ts) in the caller's language:
 * - 400 on every operation: the text guard reads every query string and path (a NUL is a 400 VALIDATION naming the
 *   field), and the route's schema every body and parameter (VALIDATION with `fields`); also BAD_JSON and the 400s of
 *   references that do not exist (PRODUCT_NOT_FOUND in a body…);
 * - 401 on every route that is not `config.public` (the guard), and where the row says so (sign-in);
 * - 403 where the route declares `config.permission`;
 * - 404 where the path has a parameter (an unknown or deleted id), unless the row says `notFound: false` (a list of
 *   something's rows answers [] instead), and where the row says `notFound: true` (an id in the body);
 * - 409 with exactly the row's `conflicts` codes; an idempotent write (`idempotent`) also documents its Idempotency-Key
 *   header, 409 IDEMPOTENCY_KEY_REUSED while the first request runs and 422 when the key was used for another request;
 * - 429 where the row says `throttled` (sign-in).
 * A route missing from the table gets no operationId: the Redocly lint in CI (scripts/openapi-lint.js) fails on it.
 */

/** The document's tags: one per server domain (domains.ts), plus the health check. */
export const TAGS = {
  auth: 'Sign-in and the signed-in session',
  registry: 'Products, warehouses, suppliers, customers and the company (soft delete: a deleted row stays readable from the history)',
  stock: 'Stock movements (the ledger) and stock rows',
  reports: 'Stock levels and valuation, on screen and as CSV',
  prices: 'Supplier prices and their validity windows',
  'purchase-orders': 'Purchase orders to suppliers',
  'goods-receipts': 'Goods receipt against purchase orders: delivery notes, batches, reversal',
  sales: 'Sales to customers (FEFO batches), cancel and edit',
  users: 'Users, roles and their activity log',
  inventory: 'Physical inventory counts: snapshot, blind counting, review, apply (exactly once, all or nothing), cancel',
  transfers: 'Transfers between warehouses: draft, ship into transit, receive (in full or short, with reasons), cancel, reverse',
  'client-events': 'What browsers report: remotes the shell refused to load as incompatible with the portal (issue 24)',
  dashboard: 'The home page: alert cards and the month-end chart, per role, in one answer (issue 28)',
  replenishment: 'Stock limits (min / max per product and warehouse) and replenishment into draft purchase orders (issue 28)',
  system: 'Health of the server and its database',
} as const;

export type Tag = keyof typeof TAGS;

export interface OperationInfo {
  /** The operationId: a verb and a noun, camelCase, stable. */
  id: string;
  tag: Tag;
  /** The 409 codes the operation can answer. */
  conflicts?: readonly string[];
  /** Overrides the 404 derived from the path's parameters. */
  notFound?: boolean;
  /** 401 on a public route (sign-in: INVALID_CREDENTIALS). */
  unauthorized?: boolean;
  /** Exactly once with an Idempotency-Key header (http/idempotency.ts). */
  idempotent?: boolean;
  /** 429 with Retry-After (the sign-in throttle). */
  throttled?: boolean;
  /**
   * The record's answer carries an ETag (http/versions.ts); on an edit, If-Match makes it conditional: 412
   * RECORD_CHANGED when someone else saved the record since it was read.
   */
  versioned?: boolean;
  /** 503 when the server cannot serve (health, readiness: the database down, migrations pending, shutting down). */
  unavailable?: boolean;
}

// The refusals of the stock ledger (stock/ledger.ts, references.ts, batch-dates.ts, ledger-rows.ts), by what a route asks
// of it. Routes that post or reverse through the ledger answer these besides their own.
/** Posting a movement: the product or a warehouse inactive, a batch's dates differ, a shortage, a balance too large. */
const LEDGER_POST = ['PRODUCT_INACTIVE', 'WAREHOUSE_INACTIVE', 'BATCH_DATES_MISMATCH', 'INSUFFICIENT_STOCK', 'QUANTITY_OVERFLOW'];
/** Reversing one: already reversed, itself a reversal, its product or warehouse deleted, the goods gone. */
const LEDGER_REVERSE = [
  'MOVEMENT_ALREADY_REVERSED',
  'REVERSAL_IMMUTABLE',
  'REVERSAL_TARGET_DELETED',
  'INSUFFICIENT_STOCK',
  'QUANTITY_OVERFLOW',
];
/** A sale's own refusals before and after its unload (sales/posting.ts). */
const SALE_POST = ['CUSTOMER_UNAVAILABLE', 'PRODUCT_UNAVAILABLE', 'BATCH_EXPIRED', ...LEDGER_POST];

const unique = (...codes: string[]): string[] => [...new Set(codes)];

/** Every operation of the API: `METHOD /api/path` (path parameters in braces) → its row. */
export const OPERATIONS: Record<string, OperationInfo> = {
  'GET /api/health': { id: 'getHealth', tag: 'system', unavailable: true },
  'GET /api/ready': { id: 'getReadiness', tag: 'system', unavailable: true },

  'POST /api/auth/login': { id: 'login', tag: 'auth', unauthorized: true, throttled: true },
  'POST /api/auth/logout': { id: 'logout', tag: 'auth' },
  'GET /api/auth/me': { id: 'getCurrentUser', tag: 'auth' },

  'GET /api/products': { id: 'listProducts', tag: 'registry' },
  'POST /api/products': { id: 'createProduct', tag: 'registry', conflicts: ['PRODUCT_CODE_TAKEN', 'BARCODE_TAKEN'] },
  'GET /api/products/{id}': { id: 'getProduct', tag: 'registry', versioned: true },
  'PUT /api/products/{id}': { id: 'updateProduct', tag: 'registry', versioned: true, conflicts: ['PRODUCT_CODE_TAKEN', 'BARCODE_TAKEN'] },
  'DELETE /api/products/{id}': { id: 'deleteProduct', tag: 'registry', conflicts: ['PRODUCT_HAS_STOCK'] },
  'PUT /api/products/{id}/status': { id: 'setProductStatus', tag: 'registry' },
  'GET /api/barcodes/{code}': { id: 'lookupBarcode', tag: 'registry' },
  'GET /api/warehouses': { id: 'listWarehouses', tag: 'registry' },
  'POST /api/warehouses': { id: 'createWarehouse', tag: 'registry', conflicts: ['WAREHOUSE_NAME_TAKEN'] },
  'GET /api/warehouses/{id}': { id: 'getWarehouse', tag: 'registry', versioned: true },
  'PUT /api/warehouses/{id}': { id: 'updateWarehouse', tag: 'registry', versioned: true, conflicts: ['WAREHOUSE_NAME_TAKEN'] },
  'DELETE /api/warehouses/{id}': {
    id: 'deleteWarehouse',
    tag: 'registry',
    conflicts: ['WAREHOUSE_NOT_EMPTY', 'WAREHOUSE_HAS_OPEN_TRANSFERS'],
  },
  'GET /api/suppliers': { id: 'listSuppliers', tag: 'registry' },
  'POST /api/suppliers': { id: 'createSupplier', tag: 'registry' },
  'GET /api/suppliers/{id}': { id: 'getSupplier', tag: 'registry' },
  'PUT /api/suppliers/{id}': { id: 'updateSupplier', tag: 'registry' },
  'DELETE /api/suppliers/{id}': { id: 'deleteSupplier', tag: 'registry' },
  'GET /api/customers': { id: 'listCustomers', tag: 'registry' },
  'POST /api/customers': { id: 'createCustomer', tag: 'registry' },
  'GET /api/customers/{id}': { id: 'getCustomer', tag: 'registry' },
  'PUT /api/customers/{id}': { id: 'updateCustomer', tag: 'registry' },
  'DELETE /api/customers/{id}': { id: 'deleteCustomer', tag: 'registry' },
  'GET /api/company': { id: 'getCompany', tag: 'registry' },
  'PUT /api/company': { id: 'updateCompany', tag: 'registry' },
  'PUT /api/company/logo': { id: 'updateCompanyLogo', tag: 'registry' },
  'DELETE /api/company/logo': { id: 'deleteCompanyLogo', tag: 'registry' },
  'GET /api/company/logo': { id: 'getCompanyLogo', tag: 'registry', notFound: true },

  'GET /api/stock-movements': { id: 'listMovements', tag: 'stock' },
  'POST /api/stock-movements': { id: 'createMovement', tag: 'stock', conflicts: LEDGER_POST },
  'GET /api/stock-movements/{id}': { id: 'getMovement', tag: 'stock' },
  'PUT /api/stock-movements/{id}': {
    id: 'correctMovement',
    tag: 'stock',
    conflicts: unique('MOVEMENT_NOT_MANUAL', ...LEDGER_REVERSE, ...LEDGER_POST),
  },
  'DELETE /api/stock-movements/{id}': { id: 'deleteMovement', tag: 'stock', conflicts: ['MOVEMENT_NOT_MANUAL', ...LEDGER_REVERSE] },
  'GET /api/stock': { id: 'listStock', tag: 'stock' },
  'GET /api/stock/product/{productId}': { id: 'listProductStock', tag: 'stock' },

  'GET /api/stock/levels': { id: 'listStockLevels', tag: 'reports' },
  'GET /api/stock/levels/export': { id: 'exportStockLevels', tag: 'reports' },
  'GET /api/stock/valuation': { id: 'getStockValuation', tag: 'reports' },
  'GET /api/stock/valuation/export': { id: 'exportStockValuation', tag: 'reports' },

  'GET /api/prices': { id: 'listPrices', tag: 'prices' },
  'POST /api/prices': { id: 'createPrice', tag: 'prices', conflicts: ['PRICE_OVERLAP'] },
  'POST /api/prices/from-today': { id: 'savePriceFromToday', tag: 'prices', conflicts: ['PRICE_OVERLAP'] },
  'GET /api/prices/counts': { id: 'countPrices', tag: 'prices' },
  'GET /api/prices/in-force': { id: 'getPriceInForce', tag: 'prices' },
  'GET /api/prices/product/{productId}': { id: 'listProductPrices', tag: 'prices', notFound: false },
  'GET /api/prices/{id}': { id: 'getPrice', tag: 'prices', versioned: true },
  'PUT /api/prices/{id}': { id: 'updatePrice', tag: 'prices', versioned: true, conflicts: ['PRICE_OVERLAP'] },
  'DELETE /api/prices/{id}': { id: 'deletePrice', tag: 'prices' },

  'GET /api/purchase-orders': { id: 'listPurchaseOrders', tag: 'purchase-orders' },
  'POST /api/purchase-orders': { id: 'createPurchaseOrder', tag: 'purchase-orders' },
  'GET /api/purchase-orders/export.csv': { id: 'exportPurchaseOrders', tag: 'purchase-orders' },
  'GET /api/purchase-orders/{id}': { id: 'getPurchaseOrder', tag: 'purchase-orders', versioned: true },
  'PUT /api/purchase-orders/{id}': {
    id: 'updatePurchaseOrder',
    tag: 'purchase-orders',
    versioned: true,
    conflicts: ['ITEM_HAS_RECEIPTS', 'ITEM_BELOW_RECEIVED'],
  },
  'DELETE /api/purchase-orders/{id}': { id: 'deletePurchaseOrder', tag: 'purchase-orders', conflicts: ['ORDER_HAS_RECEIPTS'] },

  'GET /api/goods-receipts/orders': { id: 'listOrdersToReceive', tag: 'goods-receipts' },
  'GET /api/goods-receipts/order-details/{orderId}': { id: 'getOrderForReceipt', tag: 'goods-receipts' },
  'GET /api/goods-receipts/item-history/{itemId}': { id: 'getOrderItemReceiptHistory', tag: 'goods-receipts' },
  'GET /api/goods-receipts/{id}': { id: 'getGoodsReceipt', tag: 'goods-receipts' },
  'POST /api/goods-receipts/receive': {
    id: 'receiveGoods',
    tag: 'goods-receipts',
    // The order and its items are named in the body: an unknown one is a 404 (ORDER_NOT_FOUND, ORDER_ITEM_NOT_FOUND).
    notFound: true,
    idempotent: true,
    conflicts: ['ITEM_COMPLETED', 'OVER_RECEIPT', ...LEDGER_POST],
  },
  'POST /api/goods-receipts/{id}/reverse': {
    id: 'reverseGoodsReceipt',
    tag: 'goods-receipts',
    conflicts: unique('RECEIPT_ALREADY_REVERSED', 'RECEIPT_GOODS_LEFT', ...LEDGER_REVERSE),
  },
  'PUT /api/goods-receipts/order-items/{itemId}/completed': { id: 'setOrderItemCompleted', tag: 'goods-receipts' },

  'GET /api/transfers': { id: 'listTransfers', tag: 'transfers' },
  'POST /api/transfers': { id: 'createTransfer', tag: 'transfers', idempotent: true, conflicts: ['WAREHOUSE_INACTIVE'] },
  'GET /api/transfers/{id}': { id: 'getTransfer', tag: 'transfers' },
  'PUT /api/transfers/{id}': {
    id: 'updateTransfer',
    tag: 'transfers',
    idempotent: true,
    conflicts: ['TRANSFER_NOT_DRAFT', 'WAREHOUSE_INACTIVE'],
  },
  'POST /api/transfers/{id}/ship': {
    id: 'shipTransfer',
    tag: 'transfers',
    idempotent: true,
    conflicts: unique('TRANSFER_NOT_DRAFT', ...LEDGER_POST),
  },
  'POST /api/transfers/{id}/receive': {
    id: 'receiveTransfer',
    tag: 'transfers',
    idempotent: true,
    conflicts: unique('TRANSFER_NOT_IN_TRANSIT', ...LEDGER_POST),
  },
  'POST /api/transfers/{id}/cancel': { id: 'cancelTransfer', tag: 'transfers', idempotent: true, conflicts: ['TRANSFER_NOT_DRAFT'] },
  'POST /api/transfers/{id}/reverse': {
    id: 'reverseTransfer',
    tag: 'transfers',
    idempotent: true,
    conflicts: unique('TRANSFER_NOT_IN_TRANSIT', ...LEDGER_REVERSE),
  },

  'GET /api/sales': { id: 'listSales', tag: 'sales' },
  'POST /api/sales': { id: 'createSale', tag: 'sales', idempotent: true, conflicts: SALE_POST },
  'GET /api/sales/stock/{productId}': { id: 'listSaleStock', tag: 'sales', notFound: false },
  'GET /api/sales/{id}': { id: 'getSale', tag: 'sales' },
  'PUT /api/sales/{id}': {
    id: 'updateSale',
    tag: 'sales',
    idempotent: true,
    conflicts: unique('SALE_ALREADY_CANCELLED', ...LEDGER_REVERSE, ...SALE_POST),
  },
  'PUT /api/sales/{id}/cancel': { id: 'cancelSale', tag: 'sales', conflicts: unique('SALE_ALREADY_CANCELLED', ...LEDGER_REVERSE) },
  'PUT /api/sales/{id}/status': {
    id: 'setSaleStatus',
    tag: 'sales',
    conflicts: unique('SALE_ALREADY_CANCELLED', ...LEDGER_REVERSE),
  },

  'GET /api/inventory-counts': { id: 'listInventoryCounts', tag: 'inventory' },
  'POST /api/inventory-counts': { id: 'createInventoryCount', tag: 'inventory', conflicts: ['INVENTORY_COUNT_OVERLAP'] },
  'GET /api/inventory-counts/{id}': { id: 'getInventoryCount', tag: 'inventory' },
  'GET /api/inventory-counts/{id}/counting': { id: 'getInventoryCounting', tag: 'inventory' },
  'PUT /api/inventory-counts/{id}/lines': { id: 'saveInventoryLines', tag: 'inventory', conflicts: ['INVENTORY_COUNT_CLOSED'] },
  // Apply documents its own 409 (INVENTORY_PROBLEMS carries `problems`), 422 and Idempotency-Key header in its route schema.
  'POST /api/inventory-counts/{id}/apply': { id: 'applyInventoryCount', tag: 'inventory' },
  'POST /api/inventory-counts/{id}/cancel': { id: 'cancelInventoryCount', tag: 'inventory', conflicts: ['INVENTORY_COUNT_CLOSED'] },

  'GET /api/users': { id: 'listUsers', tag: 'users' },
  'POST /api/users': { id: 'createUser', tag: 'users', conflicts: ['USERNAME_TAKEN'] },
  'GET /api/users/{id}': { id: 'getUser', tag: 'users' },
  'PUT /api/users/{id}': { id: 'updateUser', tag: 'users', conflicts: ['USERNAME_TAKEN', 'SELF_DEACTIVATE', 'LAST_ADMIN'] },
  'DELETE /api/users/{id}': { id: 'deleteUser', tag: 'users', conflicts: ['SELF_DELETE', 'LAST_ADMIN'] },
  'GET /api/users/{id}/activities': { id: 'listUserActivities', tag: 'users' },

  'POST /api/client-events': { id: 'reportClientEvent', tag: 'client-events', throttled: true },
  'GET /api/client-events': { id: 'listClientEvents', tag: 'client-events' },

  'GET /api/products/{id}/stock-limits': { id: 'getStockLimits', tag: 'replenishment' },
  'PUT /api/products/{id}/stock-limits': { id: 'replaceStockLimits', tag: 'replenishment' },
  'POST /api/stock-limits/import': { id: 'importStockLimits', tag: 'replenishment' },
  'GET /api/replenishment': { id: 'listReplenishment', tag: 'replenishment' },
  'POST /api/replenishment/orders': {
    id: 'createReplenishmentOrders',
    tag: 'replenishment',
    idempotent: true,
    conflicts: ['ALREADY_ORDERED', 'NO_STOCK_LIMIT', 'NO_SUPPLIER', 'NO_PRICE'],
  },
  'GET /api/dashboard': { id: 'getDashboard', tag: 'dashboard' },
};

/** `/api/sales/:id/cancel` → `/api/sales/{id}/cancel` (the document's way of writing a path). */
export function documentPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/** The row of a route, by its method and Fastify URL; undefined for a route the table does not know. */
export function operationOf(method: string, url: string): OperationInfo | undefined {
  return OPERATIONS[`${method.toUpperCase()} ${documentPath(url)}`];
}

/** The error answers one route documents: status → a response of `components.responses`, or the 409 codes. */
export interface ErrorAnswers {
  badRequest: true;
  unauthorized: boolean;
  forbidden: boolean;
  notFound: boolean;
  conflicts: readonly string[];
  idempotent: boolean;
  throttled: boolean;
  /** An ETag on the answer; on an edit also the If-Match header and 412 RECORD_CHANGED (http/versions.ts). */
  versioned: boolean;
  /** 413 PAYLOAD_TOO_LARGE and 415 UNSUPPORTED_MEDIA_TYPE: every operation that reads a body (POST, PUT, PATCH). */
  body: boolean;
  unavailable: boolean;
}

/** What a route can refuse, from its row, its config (public, permission) and its path. */
export function errorAnswersOf(route: Pick<RouteOptions, 'method' | 'url' | 'config'>, op: OperationInfo | undefined): ErrorAnswers {
  const config = (route.config ?? {}) as { public?: boolean; permission?: unknown };
  const idempotent = op?.idempotent ?? false;
  return {
    badRequest: true,
    unauthorized: !config.public || (op?.unauthorized ?? false),
    forbidden: Boolean(config.permission),
    notFound: op?.notFound ?? /:[A-Za-z]/.test(route.url),
    conflicts: unique(...(op?.conflicts ?? []), ...(idempotent ? ['IDEMPOTENCY_KEY_REUSED'] : [])),
    idempotent,
    throttled: op?.throttled ?? false,
    versioned: op?.versioned ?? false,
    body: [route.method].flat().some((m) => ['POST', 'PUT', 'PATCH'].includes(m.toUpperCase())),
    unavailable: op?.unavailable ?? false,
  };
}
