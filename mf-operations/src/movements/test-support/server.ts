import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import { compareDecimals, type Company, type MovementView, type Product, type StockRow, type Warehouse } from '@wms/shared-api';

/**
 * An in-memory stock API for the movement screens' tests: the calls of SPEC §7 over `fake`, each request recorded in
 * `fake.requests`. Tests change answers with `server.use(...)`.
 */
export interface RecordedRequest {
  method: string;
  path: string;
  params: Record<string, string>;
  body: unknown;
}

export function product(id: number, code: string, over: Partial<Product> = {}): Product {
  return {
    id,
    code,
    name: null,
    description: `Descrizione ${code}`,
    category: 'Generale',
    supplier_id: null,
    supplier_name: null,
    unit_of_measure: 'piece',
    barcode: null,
    currency: 'EUR',
    has_bom: false,
    is_semi_finished: false,
    has_batch: false,
    has_expiry_date: false,
    has_production_date: false,
    status: 'active',
    created_by: 'admin',
    modified_by: null,
    created_at: '2025-01-01T08:00:00.000Z',
    updated_at: '2025-01-01T08:00:00.000Z',
    ...over,
  };
}

/** The company as GET /company answers it (the prints' header), with a logo unless `over` says otherwise. */
export function company(over: Partial<Company> = {}): Company {
  return {
    business_name: 'Ditta Stampa S.r.l.',
    vat_number: '09876543217',
    tax_code: '09876543217',
    address: 'Via Po 3',
    city: 'Torino',
    province: 'TO',
    zip_code: '10121',
    country: 'Italia',
    phone: '011 555',
    email: 'info@stampa.example',
    ddt_prefix: 'DDT',
    logo_mime_type: 'image/png',
    logo_updated_at: '2026-03-01T10:00:00.000Z',
    modified_by: 'admin',
    updated_at: '2026-03-01T10:00:00.000Z',
    ...over,
  };
}

export function warehouse(id: number, name: string, is_active = true): Warehouse {
  return {
    id,
    name,
    description: null,
    is_active,
    address: null,
    city: null,
    province: null,
    zip_code: null,
    country: null,
    created_by: 'admin',
    modified_by: null,
    created_at: '2025-01-01T08:00:00.000Z',
    updated_at: '2025-01-01T08:00:00.000Z',
  };
}

export function stockRow(
  productId: number,
  warehouseId: number,
  batch: string | null,
  /** As the API sends it: exact decimal text ('6.500'); a number is written as its shortest text. */
  quantity: string | number,
  expiry: string | null = null,
  production: string | null = null,
): StockRow {
  const p = fake.products.find((x) => x.id === productId);
  const w = fake.warehouses.find((x) => x.id === warehouseId);
  return {
    product_id: productId,
    warehouse_id: warehouseId,
    warehouse_name: w?.name ?? `W${warehouseId}`,
    batch_number: batch,
    quantity: String(quantity),
    expiry_date: expiry,
    production_date: production,
    product_code: p?.code ?? `P${productId}`,
    product_name: null,
    product_description: p?.description ?? '',
    product_category: p?.category ?? '',
    unit_of_measure: p?.unit_of_measure ?? null,
  };
}

export function movement(num: number, over: Partial<MovementView> = {}): MovementView {
  return {
    id: `${num}-manual`,
    movement_type: 'C',
    source_type: 'MAN',
    movement_date: '05/03/2025',
    product_id: 1,
    product_code: 'LATTE-01',
    product_name: null,
    warehouse_id: 1,
    warehouse_name: 'Centrale',
    destination_warehouse_id: null,
    destination_warehouse: null,
    quantity: '10.000',
    unit_of_measure: 'kg',
    batch_number: 'L1',
    production_date: '2025-02-01',
    expiry_date: '2026-01-31',
    notes: null,
    source_document: { type: 'MAN', id: null, number: null },
    created_by: 'admin',
    modified_by: null,
    created_at: '2025-03-05T08:00:00.000Z',
    status: 'active',
    reverses_id: null,
    reversed_by_id: null,
    replaces_id: null,
    ...over,
  };
}

export const fake = {
  products: [] as Product[],
  warehouses: [] as Warehouse[],
  stock: [] as StockRow[],
  movements: [] as MovementView[],
  requests: [] as RecordedRequest[],
  /** X-Total-Count of the movements list (a million rows on the server; only one page here). */
  movementTotal: null as number | null,
  productTotal: null as number | null,
};

/** Two batch products (one managing both dates), one plain product; three warehouses (one inactive). */
export function resetFake(): void {
  fake.products = [
    product(1, 'LATTE-01', { description: 'Latte UHT 1 l', has_batch: true, has_expiry_date: true, has_production_date: true }),
    product(2, 'VITE-M6', { description: 'Vite M6 zincata' }),
    product(3, 'OLIO-5L', { description: 'Olio extravergine 5 l', has_batch: true }),
  ];
  fake.warehouses = [warehouse(1, 'Centrale'), warehouse(2, 'Nord'), warehouse(3, 'Chiuso', false)];
  fake.stock = [
    // Not in expiry order on purpose: the form orders the batches itself too.
    stockRow(1, 1, 'L2', '4.000', '2026-06-30', '2025-03-01'),
    stockRow(1, 1, 'L3', '2.000', null, null),
    stockRow(1, 1, 'L1', '6.500', '2026-01-31', '2025-02-01'),
    stockRow(1, 2, 'L9', '9.000', '2025-12-31', '2025-01-01'),
    stockRow(2, 1, null, '1234.500'),
  ];
  fake.movements = [
    movement(5, {
      quantity: '1234.500',
      unit_of_measure: 'piece',
      product_id: 2,
      product_code: 'VITE-M6',
      batch_number: null,
      production_date: null,
      expiry_date: null,
      notes: 'Inventario iniziale del magazzino centrale',
    }),
    movement(6, {
      movement_type: 'T',
      movement_date: '06/03/2025',
      quantity: '4.000',
      destination_warehouse_id: 2,
      destination_warehouse: 'Nord',
    }),
    movement(7, {
      id: '7',
      movement_type: 'S',
      source_type: 'SO',
      movement_date: '07/03/2025',
      quantity: '2.000',
      source_document: { type: 'SO', id: 3, number: 'V-2025-003' },
    }),
    movement(8, { movement_type: 'S', movement_date: '08/03/2025', quantity: '1.250', batch_number: 'L2' }),
  ];
  fake.requests = [];
  fake.movementTotal = null;
  fake.productTotal = null;
}

async function record(request: Request, path: string): Promise<unknown> {
  const text = request.method === 'GET' ? '' : await request.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = text;
  }
  const params = Object.fromEntries(new URL(request.url).searchParams.entries());
  fake.requests.push({ method: request.method, path, params, body });
  return body;
}

const notFound = (error: string, code: string) => HttpResponse.json({ error, code }, { status: 404 });

export const server = setupServer(
  http.get('*/api/stock-movements', async ({ request }) => {
    await record(request, '/stock-movements');
    const rows = fake.movements.filter((m) => m.status === 'active');
    return HttpResponse.json(rows as unknown as JsonBodyType, { headers: { 'X-Total-Count': String(fake.movementTotal ?? rows.length) } });
  }),
  http.get('*/api/stock-movements/:id', async ({ request, params }) => {
    await record(request, `/stock-movements/${params.id}`);
    const num = String(params.id).split('-')[0];
    const m = fake.movements.find((x) => x.id.split('-')[0] === num);
    return m ? HttpResponse.json(m as unknown as JsonBodyType) : notFound('Movimento non trovato', 'MOVEMENT_NOT_FOUND');
  }),
  http.post('*/api/stock-movements', async ({ request }) => {
    const body = (await record(request, '/stock-movements')) as Record<string, unknown>;
    const created = movement(100 + fake.movements.length, { quantity: String(body.quantity) });
    fake.movements.push(created);
    return HttpResponse.json(created as unknown as JsonBodyType, { status: 201 });
  }),
  http.put('*/api/stock-movements/:id', async ({ request, params }) => {
    const body = (await record(request, `/stock-movements/${params.id}`)) as Record<string, unknown>;
    const corrected = movement(200 + fake.movements.length, { quantity: String(body.quantity) });
    return HttpResponse.json(corrected as unknown as JsonBodyType);
  }),
  http.delete('*/api/stock-movements/:id', async ({ request, params }) => {
    await record(request, `/stock-movements/${params.id}`);
    const m = fake.movements.find((x) => x.id === params.id);
    if (!m) return notFound('Movimento non trovato', 'MOVEMENT_NOT_FOUND');
    m.status = 'reversed';
    return HttpResponse.json({ message: 'Movimento eliminato', id: m.id, reversal_id: 999 });
  }),
  http.get('*/api/products', async ({ request }) => {
    await record(request, '/products');
    const url = new URL(request.url);
    const q = (url.searchParams.get('q') ?? '').toLowerCase();
    const limit = Number(url.searchParams.get('limit') ?? 100);
    const all = fake.products.filter((p) => !q || `${p.code} ${p.description}`.toLowerCase().includes(q));
    return HttpResponse.json(all.slice(0, limit) as unknown as JsonBodyType, {
      headers: { 'X-Total-Count': String(fake.productTotal ?? all.length) },
    });
  }),
  http.get('*/api/products/:id', async ({ request, params }) => {
    await record(request, `/products/${params.id}`);
    const p = fake.products.find((x) => String(x.id) === params.id);
    return p ? HttpResponse.json(p as unknown as JsonBodyType) : notFound('Prodotto non trovato', 'PRODUCT_NOT_FOUND');
  }),
  http.get('*/api/warehouses', async ({ request }) => {
    await record(request, '/warehouses');
    return HttpResponse.json(fake.warehouses as unknown as JsonBodyType, { headers: { 'X-Total-Count': String(fake.warehouses.length) } });
  }),
  http.get('*/api/stock/product/:id', async ({ request, params }) => {
    await record(request, `/stock/product/${params.id}`);
    const warehouseId = new URL(request.url).searchParams.get('warehouse_id');
    const rows = fake.stock.filter(
      (r) =>
        String(r.product_id) === params.id &&
        compareDecimals(r.quantity, 0) > 0 &&
        (!warehouseId || String(r.warehouse_id) === warehouseId),
    );
    return HttpResponse.json(rows as unknown as JsonBodyType);
  }),
);

/** The requests of one method (and path, when given). */
export function requestsOf(method: string, path?: string): RecordedRequest[] {
  return fake.requests.filter((r) => r.method === method && (path === undefined || r.path === path));
}
