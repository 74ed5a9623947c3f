/**
 * One working day of the warehouse, driven ONLY through a client generated from /api/openapi.json (openapi-typescript
 * types + openapi-fetch): contract.test.ts generates `./generated/api.d.ts` from the document, type-checks this file
 * against it (a path, parameter, body field or answer field that the document no longer has is a type error) and then
 * runs it against the server, validating every answer against the documented schema of its status.
 *
 * Not part of `npm run typecheck` (server/tsconfig.test.json excludes it): the types it needs exist only once the test has
 * generated them.
 */
import assert from 'node:assert/strict';
import type { Client } from 'openapi-fetch';
import type { paths } from './generated/api';

export interface DayContext {
  api: Client<paths>;
  /** The bearer token the client sends from now on (null: none). */
  signAs(token: string | null): void;
  /** The company day, 'yyyy-MM-dd'. */
  today: string;
  /** An active admin's credentials. */
  admin: { username: string; password: string };
  /** The token of a signed-in user whose role lacks the users permission (warehouse). */
  warehosignAs: string;
}

/** A day 'yyyy-MM-dd' plus n days. */
function plusDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** The data of an answer with the expected status; otherwise fails with what the server said. */
function expectStatus<T>(r: { data?: T; error?: unknown; response: Response }, status: number): T {
  assert.equal(r.response.status, status, `${r.response.url}: ${r.response.status} ${JSON.stringify(r.error ?? r.data)}`);
  return r.data as T;
}

/** The code of an error answer with the expected status. */
function expectRefusal(r: { error?: unknown; response: Response }, status: number, code: string): void {
  assert.equal(r.response.status, status, `${r.response.url}: ${r.response.status} ${JSON.stringify(r.error)}`);
  assert.equal((r.error as { code?: string }).code, code);
}

export async function fullDay({ api, signAs, today, admin, warehosignAs }: DayContext): Promise<void> {
  const tag = `${process.pid}-${Date.now()}`;

  // Sign-in: refused without a session, with a wrong password; then the admin's token.
  signAs(null);
  expectRefusal(await api.GET('/api/auth/me'), 401, 'UNAUTHORIZED');
  expectRefusal(
    await api.POST('/api/auth/login', { body: { username: admin.username, password: 'wrong-Password-1' } }),
    401,
    'INVALID_CREDENTIALS',
  );
  const login = expectStatus(await api.POST('/api/auth/login', { body: admin }), 200);
  signAs(login.token);
  assert.equal(expectStatus(await api.GET('/api/auth/me'), 200).username, admin.username);

  // The registry: two warehouses, a supplier, a customer, a product kept by batch with an expiry date.
  const north = expectStatus(await api.POST('/api/warehouses', { body: { name: `Nord ${tag}` } }), 201);
  const south = expectStatus(await api.POST('/api/warehouses', { body: { name: `Sud ${tag}` } }), 201);
  expectRefusal(await api.POST('/api/warehouses', { body: { name: `Nord ${tag}` } }), 409, 'WAREHOUSE_NAME_TAKEN');
  const party = {
    vat_number: '01234567897',
    address: 'Via Roma 1',
    city: 'Torino',
    province: 'TO',
    zip_code: '10121',
    country: 'Italia',
    email: 'info@ditta.it',
    phone: '011 1234567',
  };
  const supplier = expectStatus(await api.POST('/api/suppliers', { body: { ...party, business_name: `Fornitore ${tag}` } }), 201);
  const customer = expectStatus(await api.POST('/api/customers', { body: { ...party, business_name: `Cliente ${tag}` } }), 201);
  const invalid = await api.POST('/api/products', {
    body: { code: '', description: 'Farina', category: 'Alimentari', currency: 'EUR' },
  });
  expectRefusal(invalid, 400, 'VALIDATION');
  assert.ok(invalid.error && 'fields' in invalid.error && invalid.error.fields?.code, 'a 400 names the refused field');
  const product = expectStatus(
    await api.POST('/api/products', {
      body: {
        code: `FAR-${tag}`,
        description: 'Farina 00',
        category: 'Alimentari',
        currency: 'EUR',
        unit_of_measure: 'kg',
        supplier_id: supplier.id,
        has_batch: true,
        has_expiry_date: true,
      },
    }),
    201,
  );
  expectRefusal(await api.GET('/api/products/{id}', { params: { path: { id: 999999999 } } }), 404, 'PRODUCT_NOT_FOUND');

  // The supplier's price, in force today.
  expectStatus(
    await api.POST('/api/prices', { body: { supplier_id: supplier.id, product_id: product.id, price: '2.5', start_date: today } }),
    201,
  );
  const inForce = expectStatus(
    await api.GET('/api/prices/in-force', { params: { query: { product_id: product.id, supplier_id: supplier.id, date: today } } }),
    200,
  );
  assert.ok(inForce, 'a price is in force today');

  // A purchase order priced from it.
  const order = expectStatus(
    await api.POST('/api/purchase-orders', {
      body: {
        order_date: today,
        requested_arrival_date: plusDays(today, 7),
        supplier_id: supplier.id,
        items: [{ product_id: product.id, quantity: '100', unit_price: '2.5', price_source: 'price' }],
      },
    }),
    201,
  );
  assert.equal(order.items.length, 1);

  // Goods receipt of the whole order in two batches, exactly once.
  const toReceive = expectStatus(await api.GET('/api/goods-receipts/orders'), 200);
  assert.ok(
    toReceive.some((o) => o.id === order.id),
    'the order waits to be received',
  );
  const forReceipt = expectStatus(
    await api.GET('/api/goods-receipts/order-details/{orderId}', { params: { path: { orderId: order.id } } }),
    200,
  );
  const itemId = forReceipt.items[0].id;
  const receipt = expectStatus(
    await api.POST('/api/goods-receipts/receive', {
      params: { header: { 'Idempotency-Key': `receipt-${tag}` } },
      body: {
        document_number: `DDT-${tag}`,
        document_date: today,
        order_id: order.id,
        items: [
          {
            order_item_id: itemId,
            quantity: '100',
            warehouse_id: north.id,
            batches: [
              { batch_number: 'L1', quantity: '60', expiry_date: plusDays(today, 30) },
              { batch_number: 'L2', quantity: '40', expiry_date: plusDays(today, 90) },
            ],
          },
        ],
      },
    }),
    201,
  );
  expectStatus(await api.GET('/api/goods-receipts/{id}', { params: { path: { id: receipt.id } } }), 200);

  // A sale from the batch that expires first (FEFO); one beyond the stock is refused.
  const batches = expectStatus(await api.GET('/api/sales/stock/{productId}', { params: { path: { productId: product.id } } }), 200);
  assert.equal(batches[0].batch_number, 'L1');
  const saleBody = { product_id: product.id, warehouse_id: north.id, batch_number: 'L1', customer_id: customer.id };
  expectRefusal(await api.POST('/api/sales', { body: { ...saleBody, quantity: '1000' } }), 409, 'INSUFFICIENT_STOCK');
  const sale = expectStatus(
    await api.POST('/api/sales', { params: { header: { 'Idempotency-Key': `sale-${tag}` } }, body: { ...saleBody, quantity: '10.5' } }),
    201,
  );
  const second = expectStatus(await api.POST('/api/sales', { body: { ...saleBody, quantity: '1' } }), 201);
  expectStatus(await api.PUT('/api/sales/{id}/cancel', { params: { path: { id: second.id } } }), 200);
  expectRefusal(await api.PUT('/api/sales/{id}/cancel', { params: { path: { id: second.id } } }), 409, 'SALE_ALREADY_CANCELLED');
  expectRefusal(await api.GET('/api/sales/{id}', { params: { path: { id: 999999999 } } }), 404, 'SALE_NOT_FOUND');
  assert.equal(expectStatus(await api.GET('/api/sales/{id}', { params: { path: { id: sale.id } } }), 200).quantity, '10.500');

  // A transfer of part of the second batch to the other warehouse.
  expectStatus(
    await api.POST('/api/stock-movements', {
      body: {
        movement_type: 'T',
        movement_date: today,
        product_id: product.id,
        warehouse_id: north.id,
        destination_warehouse_id: south.id,
        batch_number: 'L2',
        expiry_date: plusDays(today, 90),
        quantity: '15',
      },
    }),
    201,
  );

  // Stock: 100 received − 10.5 sold, 15 of them moved south.
  const rows = expectStatus(await api.GET('/api/stock', { params: { query: { product_id: product.id } } }), 200);
  const held = rows.map((r) => `${r.warehouse_id}/${r.batch_number ?? ''}=${r.quantity}`).sort();
  assert.equal(held.join(' '), [`${north.id}/L1=49.500`, `${north.id}/L2=25.000`, `${south.id}/L2=15.000`].sort().join(' '));
  const levels = expectStatus(await api.GET('/api/stock/levels', { params: { query: { code: product.code } } }), 200);
  assert.equal(levels.find((l) => l.product_id === product.id)?.quantity, '89.500');
  expectStatus(await api.GET('/api/stock/product/{productId}', { params: { path: { productId: product.id } } }), 200);

  // The valuation at the end of today.
  const valuation = expectStatus(await api.GET('/api/stock/valuation', { params: { query: { endDate: today } } }), 200);
  assert.ok(
    valuation.items.some((r) => r.product_id === product.id),
    'the product is valued',
  );

  // A role without the users permission is refused.
  signAs(warehosignAs);
  expectRefusal(await api.GET('/api/users'), 403, 'FORBIDDEN');
  signAs(login.token);
}
