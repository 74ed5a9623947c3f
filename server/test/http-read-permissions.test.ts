/**
 * Role × read route (issue 13 item 8): each read route answers only the roles holding one of the permissions of the
 * screens that need it (shared-api permissions.ts), e.g. `administration` — prices and valuation only — may not read stock
 * rows or movements, but reads products, warehouses and suppliers (its price and valuation screens pick them).
 */
import { holds, type RoutePermission } from '../src/auth/guard';
import { ROLES, type Role } from '@wms/shared-api';
import { makeTestApp, type TestApp } from './helpers';

/** The screens that read each route — the expectation, written out so a change of a route's declaration is a decision. */
const READERS: Record<string, RoutePermission> = {
  '/api/products': ['registry', 'prices', 'purchaseOrders', 'sales', 'goodsReceipt', 'movements', 'stockLevels', 'valuation'],
  '/api/products/{id}': ['registry', 'prices', 'purchaseOrders', 'sales', 'goodsReceipt', 'movements', 'stockLevels', 'valuation'],
  '/api/warehouses': ['registry', 'goodsReceipt', 'sales', 'movements', 'stockLevels', 'valuation'],
  '/api/warehouses/{id}': ['registry', 'goodsReceipt', 'sales', 'movements', 'stockLevels', 'valuation'],
  '/api/suppliers': ['registry', 'prices', 'purchaseOrders', 'goodsReceipt'],
  '/api/suppliers/{id}': ['registry', 'prices', 'purchaseOrders', 'goodsReceipt'],
  '/api/customers': ['registry', 'sales'],
  '/api/customers/{id}': ['registry', 'sales'],
  '/api/stock': ['stockLevels', 'movements', 'sales', 'goodsReceipt'],
  '/api/stock/product/{productId}': ['stockLevels', 'movements', 'sales', 'goodsReceipt'],
  '/api/stock-movements': 'movements',
  '/api/stock-movements/{id}': 'movements',
  '/api/users': 'users',
  '/api/users/{id}': 'users',
  '/api/users/{id}/activities': 'users',
};

let t: TestApp;
const headersOf = {} as Record<Role, Record<string, string>>;
beforeAll(async () => {
  t = await makeTestApp();
  for (const role of ROLES) headersOf[role] = (await t.signIn(role)).headers;
});
afterAll(() => t.close());

it('administration may not read stock rows or movements (it has no such screen), but reads what valuation and prices pick', async () => {
  const status = async (url: string) => (await t.app.inject({ method: 'GET', url, headers: headersOf.administration })).statusCode;
  expect(await status('/api/stock')).toBe(403);
  expect(await status('/api/stock/product/1')).toBe(403);
  expect(await status('/api/stock-movements')).toBe(403);
  expect(await status('/api/stock-movements/1')).toBe(403);
  expect(await status('/api/products')).toBe(200);
  expect(await status('/api/warehouses')).toBe(200);
  expect(await status('/api/suppliers')).toBe(200);
  expect(await status('/api/customers')).toBe(403);
});

it('every role × every read route of the table: 403 exactly when the role holds none of its permissions', async () => {
  const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  const reads = Object.keys(doc.paths).filter((p) => doc.paths[p].get && READERS[p]);
  expect(reads.sort()).toEqual(Object.keys(READERS).sort()); // the table names only routes that exist
  const wrong: string[] = [];
  for (const path of reads) {
    const url = path.replace(/\{[^}]+\}/g, '1');
    for (const role of ROLES) {
      const res = await t.app.inject({ method: 'GET', url, headers: headersOf[role] });
      const allowed = holds(role, READERS[path]);
      if ((res.statusCode === 403) === allowed || res.statusCode >= 500) wrong.push(`${role} GET ${url}: ${res.statusCode}`);
    }
  }
  expect(wrong).toEqual([]);
});
