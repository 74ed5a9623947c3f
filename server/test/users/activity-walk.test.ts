/**
 * The activity log records every write of every module (issue "Users and activity log"). This walks every write route of
 * the API — found in the OpenAPI document, so a new route cannot be forgotten — and checks that each successful call left
 * exactly one activity row: who (the signed-in user), action, entity type, entity id and a details text.
 *
 * A new write route fails the coverage test until it gets a step below: give it a call that succeeds.
 */
import type { ActivityView } from '@wms/shared-api';
import { postMovementTx } from '../../src/stock/ledger';
import { makeTestApp, type TestApp } from '../helpers';

// Cold runs compile the app and start a database in beforeAll; the project-level testTimeout is not applied from the root.
jest.setTimeout(120_000);

interface LogRow {
  id: number;
  user_id: number | null;
  action: string;
  entity_type: string;
  entity_id: string | null;
  details: string | null;
}

type Method = 'POST' | 'PUT' | 'DELETE' | 'PATCH';

interface Step {
  /** The route as the OpenAPI document names it, e.g. 'PUT /api/products/{id}'. */
  route: string;
  /** The call: url and body, built from what earlier steps created. */
  call: () =>
    | { url: string; body?: unknown; headers?: Record<string, string> }
    | Promise<{ url: string; body?: unknown; headers?: Record<string, string> }>;
  /** What the row must say. */
  action: string;
  entityType: string;
  /** Keep something the later steps need (an id) from the answer. */
  keep?: (answer: Record<string, unknown>) => void;
  /** A write about many rows at once (an import) names no single entity. */
  noEntity?: true;
}

let t: TestApp;
let adminId: number;
let headers: Record<string, string>;
const ids: Record<string, string | number> = {};

beforeAll(async () => {
  t = await makeTestApp();
  const admin = await t.signIn('admin');
  adminId = admin.user.id;
  headers = admin.headers;
});
afterAll(async () => {
  await t.close();
});

const party = (name: string) => ({
  business_name: name,
  vat_number: 'IT01234567890',
  address: 'Via Roma 1',
  city: 'Torino',
  province: 'TO',
  zip_code: '10100',
  country: 'Italia',
  email: 'info@example.com',
  phone: '011 123456',
});

const product = (code: string) => ({
  code,
  description: `Prodotto ${code}`,
  category: 'Famiglia',
  currency: 'EUR',
  unit_of_measure: 'piece',
});

const transfer = (quantity: number) => ({
  from_warehouse_id: ids.from,
  to_warehouse_id: ids.to,
  transfer_date: '2025-03-02',
  lines: [{ product_id: ids.trProduct, quantity: String(quantity) }],
});

const movement = (quantity: number) => ({
  movement_type: 'C',
  movement_date: '01/03/2025',
  product_id: ids.product,
  warehouse_id: ids.warehouse,
  quantity,
});

/** Every write of the API in an order that makes each one succeed. */
const STEPS: Step[] = [
  {
    route: 'POST /api/warehouses',
    action: 'create',
    entityType: 'warehouse',
    call: () => ({ url: '/api/warehouses', body: { name: 'Centrale', is_active: true } }),
    keep: (a) => (ids.warehouse = a.id as number),
  },
  {
    route: 'PUT /api/warehouses/{id}',
    action: 'update',
    entityType: 'warehouse',
    call: () => ({ url: `/api/warehouses/${ids.warehouse}`, body: { name: 'Centrale Nord', description: 'Rinominato', is_active: true } }),
  },
  {
    route: 'POST /api/suppliers',
    action: 'create',
    entityType: 'supplier',
    call: () => ({ url: '/api/suppliers', body: party('Fornitore Uno') }),
    keep: (a) => (ids.supplier = a.id as number),
  },
  {
    route: 'PUT /api/suppliers/{id}',
    action: 'update',
    entityType: 'supplier',
    call: () => ({ url: `/api/suppliers/${ids.supplier}`, body: party('Fornitore Uno Srl') }),
  },
  {
    route: 'POST /api/customers',
    action: 'create',
    entityType: 'customer',
    call: () => ({ url: '/api/customers', body: party('Cliente Uno') }),
    keep: (a) => (ids.customer = a.id as number),
  },
  {
    route: 'PUT /api/customers/{id}',
    action: 'update',
    entityType: 'customer',
    call: () => ({ url: `/api/customers/${ids.customer}`, body: party('Cliente Uno Spa') }),
  },
  {
    route: 'POST /api/products',
    action: 'create',
    entityType: 'product',
    call: () => ({ url: '/api/products', body: { ...product('WALK-1'), supplier_id: ids.supplier } }),
    keep: (a) => (ids.product = a.id as number),
  },
  {
    route: 'PUT /api/products/{id}',
    action: 'update',
    entityType: 'product',
    call: () => ({
      url: `/api/products/${ids.product}`,
      body: { ...product('WALK-1'), description: 'Descrizione nuova', supplier_id: ids.supplier },
    }),
  },
  {
    route: 'POST /api/prices',
    action: 'create',
    entityType: 'price',
    call: () => ({
      url: '/api/prices',
      body: { supplier_id: ids.supplier, product_id: ids.product, price: '1.5', start_date: '2025-01-01' },
    }),
    keep: (a) => (ids.price = a.id as number),
  },
  {
    route: 'PUT /api/prices/{id}',
    action: 'update',
    entityType: 'price',
    call: () => ({
      url: `/api/prices/${ids.price}`,
      body: { supplier_id: ids.supplier, product_id: ids.product, price: '1.75', start_date: '2025-01-01' },
    }),
  },
  { route: 'DELETE /api/prices/{id}', action: 'delete', entityType: 'price', call: () => ({ url: `/api/prices/${ids.price}` }) },
  {
    // No price in force any more (deleted just above): the order line's price becomes the supplier's from today.
    route: 'POST /api/prices/from-today',
    action: 'create',
    entityType: 'price',
    call: () => ({ url: '/api/prices/from-today', body: { supplier_id: ids.supplier, product_id: ids.product, price: '1.8' } }),
  },
  {
    route: 'POST /api/purchase-orders',
    action: 'create',
    entityType: 'purchase_order',
    call: () => ({
      url: '/api/purchase-orders',
      body: {
        order_date: '2025-02-01',
        requested_arrival_date: '2025-02-10',
        supplier_id: ids.supplier,
        items: [{ product_id: ids.product, quantity: 2, unit_price: '1.5' }],
      },
    }),
    keep: (a) => (ids.order = a.id as number),
  },
  {
    route: 'PUT /api/purchase-orders/{id}',
    action: 'update',
    entityType: 'purchase_order',
    call: () => ({
      url: `/api/purchase-orders/${ids.order}`,
      body: {
        order_date: '2025-02-01',
        requested_arrival_date: '2025-02-12',
        supplier_id: ids.supplier,
        items: [{ product_id: ids.product, quantity: 3, unit_price: '1.5' }],
      },
    }),
  },
  {
    route: 'POST /api/goods-receipts/receive',
    action: 'create',
    entityType: 'goods_receipt',
    call: async () => {
      const order = (await t.app.inject({ method: 'GET', url: `/api/goods-receipts/order-details/${ids.order}`, headers })).json();
      ids.orderItem = order.items[0].id;
      return {
        url: '/api/goods-receipts/receive',
        body: {
          document_number: 'DDT-W',
          document_date: '10/03/2025',
          order_id: ids.order,
          items: [{ order_item_id: ids.orderItem, quantity: 1, warehouse_id: ids.warehouse }],
        },
      };
    },
    keep: (a) => (ids.receipt = a.id as number),
  },
  {
    route: 'PUT /api/goods-receipts/order-items/{itemId}/completed',
    action: 'update',
    entityType: 'purchase_order_item',
    call: () => ({ url: `/api/goods-receipts/order-items/${ids.orderItem}/completed`, body: { completed: true } }),
  },
  {
    route: 'POST /api/goods-receipts/{id}/reverse',
    action: 'reverse',
    entityType: 'goods_receipt',
    call: () => ({ url: `/api/goods-receipts/${ids.receipt}/reverse` }),
  },
  {
    route: 'DELETE /api/purchase-orders/{id}',
    action: 'delete',
    entityType: 'purchase_order',
    call: () => ({ url: `/api/purchase-orders/${ids.order}` }),
  },
  {
    route: 'POST /api/stock-movements',
    action: 'create',
    entityType: 'stock_movement',
    call: () => ({ url: '/api/stock-movements', body: movement(10) }),
    keep: (a) => (ids.movement = String(a.id).split('-')[0]),
  },
  {
    route: 'PUT /api/stock-movements/{id}',
    action: 'update',
    entityType: 'stock_movement',
    call: () => ({ url: `/api/stock-movements/${ids.movement}`, body: movement(7.5) }),
    keep: (a) => (ids.movement = String(a.id).split('-')[0]),
  },
  {
    route: 'POST /api/sales',
    action: 'create',
    entityType: 'sale',
    call: () => ({
      url: '/api/sales',
      body: { product_id: ids.product, warehouse_id: ids.warehouse, quantity: 2, customer_id: ids.customer },
    }),
    keep: (a) => (ids.sale = a.id as number),
  },
  {
    route: 'PUT /api/sales/{id}',
    action: 'update',
    entityType: 'sale',
    call: () => ({
      url: `/api/sales/${ids.sale}`,
      body: { product_id: ids.product, warehouse_id: ids.warehouse, quantity: 3, customer_id: ids.customer },
    }),
    keep: (a) => (ids.sale = a.id as number),
  },
  { route: 'PUT /api/sales/{id}/cancel', action: 'cancel', entityType: 'sale', call: () => ({ url: `/api/sales/${ids.sale}/cancel` }) },
  {
    route: 'POST /api/sales',
    action: 'create',
    entityType: 'sale',
    call: () => ({
      url: '/api/sales',
      body: { product_id: ids.product, warehouse_id: ids.warehouse, quantity: 1, customer_id: ids.customer },
    }),
    keep: (a) => (ids.sale = a.id as number),
  },
  {
    route: 'PUT /api/sales/{id}/status',
    action: 'cancel',
    entityType: 'sale',
    call: () => ({ url: `/api/sales/${ids.sale}/status`, body: { status: 'cancelled' } }),
  },
  {
    route: 'DELETE /api/stock-movements/{id}',
    action: 'delete',
    entityType: 'stock_movement',
    call: () => ({ url: `/api/stock-movements/${ids.movement}` }),
  },
  {
    route: 'PUT /api/products/{id}/status',
    action: 'status',
    entityType: 'product',
    call: () => ({ url: `/api/products/${ids.product}/status`, body: { status: 'inactive' } }),
  },
  {
    route: 'DELETE /api/products/{id}',
    action: 'delete',
    entityType: 'product',
    call: () => ({ url: `/api/products/${ids.product}`, body: { deleted_by: 'ignored' } }),
  },
  {
    route: 'DELETE /api/suppliers/{id}',
    action: 'delete',
    entityType: 'supplier',
    call: () => ({ url: `/api/suppliers/${ids.supplier}` }),
  },
  {
    route: 'DELETE /api/customers/{id}',
    action: 'delete',
    entityType: 'customer',
    call: () => ({ url: `/api/customers/${ids.customer}` }),
  },
  {
    route: 'DELETE /api/warehouses/{id}',
    action: 'delete',
    entityType: 'warehouse',
    call: () => ({ url: `/api/warehouses/${ids.warehouse}` }),
  },
  // Inventory counts (issue 25): a warehouse and a product of their own, written straight to the database (no log row).
  {
    route: 'POST /api/inventory-counts',
    action: 'create',
    entityType: 'inventory_count',
    call: async () => {
      const w = await t.db.query<{ id: number }>(`INSERT INTO warehouses (name) VALUES ('Walk inventario') RETURNING id`);
      const p = await t.db.query<{ id: number }>(
        `INSERT INTO products (code, description, category) VALUES ('WALK-INV', 'Da contare', 'Famiglia') RETURNING id`,
      );
      ids.invWarehouse = w.rows[0].id;
      ids.invProduct = p.rows[0].id;
      return { url: '/api/inventory-counts', body: { warehouse_id: ids.invWarehouse } };
    },
    keep: (a) => (ids.count = a.id as number),
  },
  {
    route: 'PUT /api/inventory-counts/{id}/lines',
    action: 'count',
    entityType: 'inventory_count',
    call: () => ({
      url: `/api/inventory-counts/${ids.count}/lines`,
      body: { lines: [{ product_id: ids.invProduct, counted_quantity: '2' }] },
    }),
  },
  {
    route: 'POST /api/inventory-counts/{id}/apply',
    action: 'apply',
    entityType: 'inventory_count',
    call: () => ({ url: `/api/inventory-counts/${ids.count}/apply`, body: { uncounted: 'unchanged' } }),
  },
  {
    route: 'POST /api/inventory-counts/{id}/cancel',
    action: 'cancel',
    entityType: 'inventory_count',
    call: async () => {
      const c = await t.db.query<{ id: number }>(
        `INSERT INTO inventory_counts (warehouse_id, scope, snapshot_day) VALUES ($1, 'all', current_date) RETURNING id`,
        [ids.invWarehouse],
      );
      return { url: `/api/inventory-counts/${c.rows[0].id}/cancel`, body: {} };
    },
  },
  // Company (issue 26): the one company row (id 1).
  {
    route: 'PUT /api/company',
    action: 'update',
    entityType: 'company',
    call: () => ({ url: '/api/company', body: { ...party('Azienda Walk S.r.l.'), ddt_prefix: 'DDT' } }),
  },
  {
    route: 'PUT /api/company/logo',
    action: 'update',
    entityType: 'company',
    call: () => ({
      url: '/api/company/logo',
      body: {
        mime_type: 'image/svg+xml',
        data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>').toString('base64'),
      },
    }),
  },
  { route: 'DELETE /api/company/logo', action: 'update', entityType: 'company', call: () => ({ url: '/api/company/logo' }) },
  // Transfers (issue 26) and replenishment (issue 28): two warehouses, a supplier, its product and its price written
  // straight to the database, 10 in stock through the ledger (the ledger writes no activity row; its callers do).
  {
    route: 'POST /api/transfers',
    action: 'create',
    entityType: 'transfer',
    call: async () => {
      const w = await t.db.query<{ id: number }>(`INSERT INTO warehouses (name) VALUES ('Walk da'), ('Walk a') RETURNING id`);
      const s = await t.db.query<{
        id: number;
      }>(`INSERT INTO suppliers (business_name, vat_number, address, city, province, zip_code, email, phone)
         VALUES ('Fornitore Walk', 'IT09876543210', 'Via Po 2', 'Torino', 'TO', '10100', 'walk@example.com', '011 654321') RETURNING id`);
      const p = await t.db.query<{ id: number }>(
        `INSERT INTO products (code, description, category, supplier_id) VALUES ('WALK-TR', 'Da spostare', 'Famiglia', $1) RETURNING id`,
        [s.rows[0].id],
      );
      await t.db.query(`INSERT INTO prices (product_id, supplier_id, price, start_date) VALUES ($1, $2, 1.5, '2020-01-01')`, [
        p.rows[0].id,
        s.rows[0].id,
      ]);
      [ids.from, ids.to] = w.rows.map((r) => r.id);
      ids.trProduct = p.rows[0].id;
      await postMovementTx(
        t.db,
        { movementType: 'C', productId: p.rows[0].id, warehouseId: ids.from, quantity: '10', movementDate: '2025-03-01' },
        { id: adminId },
      );
      return { url: '/api/transfers', body: transfer(2) };
    },
    keep: (a) => (ids.transfer = a.id as number),
  },
  {
    route: 'PUT /api/transfers/{id}',
    action: 'update',
    entityType: 'transfer',
    call: () => ({ url: `/api/transfers/${ids.transfer}`, body: transfer(3) }),
  },
  {
    route: 'POST /api/transfers/{id}/ship',
    action: 'ship',
    entityType: 'transfer',
    call: () => ({ url: `/api/transfers/${ids.transfer}/ship`, body: {} }),
  },
  {
    route: 'POST /api/transfers/{id}/receive',
    action: 'receive',
    entityType: 'transfer',
    call: () => ({ url: `/api/transfers/${ids.transfer}/receive`, body: {} }),
  },
  {
    route: 'POST /api/transfers',
    action: 'create',
    entityType: 'transfer',
    call: () => ({ url: '/api/transfers', body: transfer(1) }),
    keep: (a) => (ids.transfer = a.id as number),
  },
  {
    route: 'POST /api/transfers/{id}/ship',
    action: 'ship',
    entityType: 'transfer',
    call: () => ({ url: `/api/transfers/${ids.transfer}/ship`, body: {} }),
  },
  {
    route: 'POST /api/transfers/{id}/reverse',
    action: 'reverse',
    entityType: 'transfer',
    call: () => ({ url: `/api/transfers/${ids.transfer}/reverse`, body: {} }),
  },
  {
    route: 'POST /api/transfers',
    action: 'create',
    entityType: 'transfer',
    call: () => ({ url: '/api/transfers', body: transfer(1) }),
    keep: (a) => (ids.transfer = a.id as number),
  },
  {
    route: 'POST /api/transfers/{id}/cancel',
    action: 'cancel',
    entityType: 'transfer',
    call: () => ({ url: `/api/transfers/${ids.transfer}/cancel`, body: {} }),
  },
  {
    route: 'PUT /api/products/{id}/stock-limits',
    action: 'update',
    entityType: 'stock_limits',
    call: () => ({
      url: `/api/products/${ids.trProduct}/stock-limits`,
      body: { limits: [{ warehouse_id: ids.to, min: '20', max: '30' }] },
    }),
  },
  {
    route: 'POST /api/stock-limits/import',
    action: 'import',
    entityType: 'stock_limits',
    noEntity: true,
    call: () => ({ url: '/api/stock-limits/import', body: { csv: 'code;warehouse;min;max\nWALK-TR;Walk a;20;40\n' } }),
  },
  {
    route: 'POST /api/replenishment/orders',
    action: 'create',
    entityType: 'purchase_order',
    call: () => ({
      url: '/api/replenishment/orders',
      body: { lines: [{ product_id: ids.trProduct, warehouse_id: ids.to, quantity: '37' }] },
    }),
  },
  {
    route: 'POST /api/users',
    action: 'create',
    entityType: 'user',
    call: () => ({ url: '/api/users', body: { username: 'walker', name: 'Walter Walk', password: 'Walk-password-1' } }),
    keep: (a) => (ids.user = a.id as number),
  },
  {
    route: 'PUT /api/users/{id}',
    action: 'update',
    entityType: 'user',
    call: () => ({ url: `/api/users/${ids.user}`, body: { username: 'walker', name: 'Walter Walk', role: 'orders', is_active: true } }),
  },
  { route: 'DELETE /api/users/{id}', action: 'delete', entityType: 'user', call: () => ({ url: `/api/users/${ids.user}` }) },
];

/** Sign-in and sign-out are writes too; they are walked with their own session. */
const AUTH_ROUTES = ['POST /api/auth/login', 'POST /api/auth/logout'];
/**
 * Writes that are not the user's work on the company's data, so they leave no activity row: a browser's report that the
 * shell refused an incompatible remote (issue 24) is itself a record, kept with its user in client_events.
 */
const NOT_LOGGED = ['POST /api/client-events'];

async function lastActivityId(): Promise<number> {
  const { rows } = await t.db.query<{ id: number | null }>('SELECT max(id) AS id FROM activity_log');
  return Number(rows[0].id ?? 0);
}

async function rowsAfter(id: number): Promise<LogRow[]> {
  const { rows } = await t.db.query<LogRow>(
    'SELECT id, user_id, action, entity_type, entity_id, details FROM activity_log WHERE id > $1 ORDER BY id',
    [id],
  );
  return rows;
}

it('every write route of the API is walked here (found in the OpenAPI document)', async () => {
  const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  const writes = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops)
      .filter((m) => ['post', 'put', 'patch', 'delete'].includes(m))
      .map((m) => `${m.toUpperCase()} ${path}`),
  );
  const walked = new Set([...STEPS.map((s) => s.route), ...AUTH_ROUTES, ...NOT_LOGGED]);
  expect(writes.filter((w) => !walked.has(w))).toEqual([]);
  // And no step names a route that does not exist (a renamed route must be renamed here too).
  expect([...walked].filter((w) => !writes.includes(w))).toEqual([]);
});

describe('each write leaves one activity row: who, action, entity type, entity id, details', () => {
  for (const step of STEPS) {
    it(step.route, async () => {
      const before = await lastActivityId();
      const { url, body } = await step.call();
      const [method] = step.route.split(' ') as [Method];
      const res = await t.app.inject({ method, url, headers, ...(body === undefined ? {} : { payload: body as object }) });
      expect({ status: res.statusCode, body: res.statusCode < 300 ? 'ok' : res.body }).toEqual({ status: expect.any(Number), body: 'ok' });
      step.keep?.(res.json());

      const rows = await rowsAfter(before);
      expect(rows).toHaveLength(1);
      const [row] = rows;
      expect(row).toMatchObject({ user_id: adminId, action: step.action, entity_type: step.entityType });
      if (step.noEntity) expect(row.entity_id).toBeNull();
      else expect(row.entity_id).toMatch(/^\d+$/);
      expect(row.details?.trim()).toBeTruthy();
      expect(row.details).not.toMatch(/password|scrypt\$/i);
    });
  }
});

it('sign-in and sign-out are logged for the user who did them', async () => {
  const u = await t.createUser('sales');
  const before = await lastActivityId();
  const token = await t.login(u.username, u.password);
  await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: t.bearer(token) });
  const rows = await rowsAfter(before);
  expect(rows.map((r) => [r.user_id, r.action, r.entity_type])).toEqual([
    [u.id, 'login', 'auth'],
    [u.id, 'logout', 'auth'],
  ]);
});

it("the admin's activity page shows the walk newest first, paged, with the total", async () => {
  const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM activity_log WHERE user_id = $1', [adminId]);
  const total = rows[0].n;
  expect(total).toBeGreaterThanOrEqual(STEPS.length + 1); // + the sign-in
  const first = await t.app.inject({ method: 'GET', url: `/api/users/${adminId}/activities?limit=5`, headers });
  expect(first.headers['x-total-count']).toBe(String(total));
  const page = first.json() as ActivityView[];
  expect(page).toHaveLength(5);
  expect(page[0]).toMatchObject({ action: 'delete', entity_type: 'user', entity_id: String(ids.user) });
  const times = page.map((a) => a.created_at);
  expect(times).toEqual([...times].sort().reverse());
  const all = (await t.app.inject({ method: 'GET', url: `/api/users/${adminId}/activities?limit=1000`, headers })).json() as ActivityView[];
  expect(all).toHaveLength(total);
  expect(all.map((a) => a.id)).toEqual([...all.map((a) => a.id)].sort((a, b) => b - a));
  const second = (
    await t.app.inject({ method: 'GET', url: `/api/users/${adminId}/activities?limit=5&offset=5`, headers })
  ).json() as ActivityView[];
  expect(second.map((a) => a.id)).toEqual(all.slice(5, 10).map((a) => a.id));
  expect(all[all.length - 1]).toMatchObject({ action: 'login', entity_type: 'auth' });
});

it('the activity page reads for people: names instead of ids, labelled values, no column names (issue 8)', async () => {
  const all = (await t.app.inject({ method: 'GET', url: `/api/users/${adminId}/activities?limit=1000`, headers })).json() as ActivityView[];
  const fieldKeys = new Set(all.flatMap((a) => a.fields.map((f) => f.field)));
  for (const key of fieldKeys) expect(key).not.toMatch(/_id$|_/);
  for (const a of all) for (const f of a.fields) expect(`${f.from ?? ''} ${f.value ?? ''}`).not.toMatch(/^#\d+|\s#\d+/);
  // A manual load names the product by code and description and the warehouse by its name, with its kinds.
  const load = all.find((a) => a.entity_type === 'stock_movement' && a.action === 'create');
  expect(load?.fields).toEqual(
    expect.arrayContaining([
      { field: 'movementType', kind: 'movementType', value: 'C' },
      { field: 'product', kind: 'text', value: expect.stringMatching(/^WALK-1 — \S/) },
      { field: 'warehouse', kind: 'text', value: 'Centrale Nord' },
      { field: 'quantity', kind: 'decimal', value: expect.stringMatching(/^\d+(\.\d+)?$/) },
      { field: 'date', kind: 'day', value: '2025-03-01' },
    ]),
  );
  // The entity is named: the warehouse's update says which warehouse, and what changed from what.
  const renamed = all.find((a) => a.entity_type === 'warehouse' && a.action === 'update');
  expect(renamed).toMatchObject({ subject: 'Centrale Nord' });
  expect(renamed?.fields).toEqual(expect.arrayContaining([{ field: 'name', kind: 'text', from: 'Centrale', value: 'Centrale Nord' }]));
  expect(load?.fields.map((f) => f.field)).not.toContain('batch'); // nothing empty is listed
  // A sale names its customer.
  const sale = all.find((a) => a.entity_type === 'sale' && a.action === 'create');
  expect(sale?.fields).toEqual(
    expect.arrayContaining([expect.objectContaining({ field: 'customer', value: expect.stringMatching(/^Cliente Uno/) })]),
  );
});
