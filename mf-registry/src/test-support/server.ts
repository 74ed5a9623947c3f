import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import type { z } from 'zod';
import {
  companyLogoSchema,
  companySchema,
  fieldMessages,
  partySchema,
  productSchema,
  warehouseSchema,
  type Company,
  type Party,
  type Product,
  type Warehouse,
} from '@wms/shared-api';

/**
 * An in-memory registry API for the screens' tests, with the real contract: lists are arrays of one page with
 * X-Total-Count, `q` / `sort` / `order` / `limit` / `offset`; bodies are checked with the shared schemas (400 with
 * `fields`); a duplicate product code is a 409. Every request is recorded in `fake.requests`; tests override answers
 * with `server.use(...)`.
 */
export interface RecordedRequest {
  method: string;
  path: string;
  params: Record<string, string>;
  body: unknown;
}

type Row = { id: number } & Record<string, unknown>;

export const fake = {
  products: [] as Product[],
  warehouses: [] as Warehouse[],
  suppliers: [] as Party[],
  customers: [] as Party[],
  company: null as unknown as Company,
  /** The logo's bytes in base64 (issue 26). */
  logo: null as string | null,
  requests: [] as RecordedRequest[],
  nextId: 1000,
};

const STAMP = { created_by: 'admin', modified_by: 'admin', created_at: '2025-01-10T08:00:00.000Z', updated_at: '2025-01-10T08:00:00.000Z' };

export function product(id: number, over: Partial<Product> = {}): Product {
  return {
    id,
    code: `P-${id}`,
    name: null,
    description: `Prodotto ${id}`,
    category: 'Viteria',
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
    ...STAMP,
    ...over,
  };
}

export function warehouse(id: number, over: Partial<Warehouse> = {}): Warehouse {
  const address = { address: null, city: null, province: null, zip_code: null, country: null };
  return { id, name: `Magazzino ${id}`, description: null, is_active: true, ...address, ...STAMP, ...over };
}

export function party(id: number, over: Partial<Party> = {}): Party {
  return {
    id,
    business_name: `Ditta ${id} S.r.l.`,
    vat_number: '01234567897',
    address: 'Via Roma 1',
    city: 'Torino',
    province: 'TO',
    zip_code: '10121',
    country: 'Italia',
    email: `info${id}@ditta.example`,
    phone: '011 1234567',
    contact_name: null,
    contact_role: null,
    contact_phone: null,
    shipping_method: null,
    notes: null,
    is_active: true,
    ...STAMP,
    ...over,
  };
}

export function company(over: Partial<Company> = {}): Company {
  return {
    business_name: 'Rossi Forniture Industriali S.r.l.',
    vat_number: '02987654321',
    tax_code: null,
    address: 'Via dell’Industria 12',
    city: 'Brescia',
    province: 'BS',
    zip_code: '25125',
    country: 'Italia',
    phone: '030 3581200',
    email: 'amministrazione@rossi.example',
    ddt_prefix: 'DDT',
    logo_mime_type: null,
    logo_updated_at: null,
    modified_by: 'admin',
    updated_at: '2025-01-10T08:00:00.000Z',
    ...over,
  };
}

export function resetFake(): void {
  fake.company = company();
  fake.logo = null;
  fake.suppliers = [
    party(1, { business_name: 'Bulloneria Bresciana S.r.l.', city: 'Brescia' }),
    party(2, { business_name: 'Chimica Adriatica S.r.l.', city: 'Ravenna' }),
  ];
  fake.customers = [party(11, { business_name: 'Ferramenta Rossi S.n.c.', city: 'Cremona' })];
  fake.warehouses = [
    warehouse(21, { name: 'Magazzino Centrale', description: 'Brescia' }),
    warehouse(22, { name: 'Deposito Verona', is_active: false }),
  ];
  fake.products = [
    product(31, {
      code: 'VT-M8-30-INOX',
      description: 'Vite a testa esagonale M8x30 in acciaio inox A2',
      supplier_id: 1,
      supplier_name: 'Bulloneria Bresciana S.r.l.',
    }),
    product(32, {
      code: 'OL-IDR-46',
      description: 'Olio idraulico',
      category: 'Lubrificanti',
      unit_of_measure: 'l',
      status: 'inactive',
      has_batch: true,
    }),
  ];
  fake.requests = [];
  fake.nextId = 1000;
}

export const requestsOf = (method: string, path: string) => fake.requests.filter((r) => r.method === method && r.path === path);

async function record(request: Request): Promise<RecordedRequest> {
  const url = new URL(request.url);
  const text = request.method === 'GET' ? '' : await request.text();
  const entry = {
    method: request.method,
    path: url.pathname.replace(/^\/api/, ''),
    params: Object.fromEntries(url.searchParams),
    body: text ? JSON.parse(text) : undefined,
  };
  fake.requests.push(entry);
  return entry;
}

const error = (status: number, error: string, code: string, extra: Record<string, JsonBodyType> = {}) =>
  HttpResponse.json({ error, code, ...extra }, { status });

function page<T extends Row>(rows: T[], params: Record<string, string>, searched: (r: T) => string, newestFirst: boolean) {
  const words = (params.q ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  let out = rows.filter((r) => words.every((w) => searched(r).toLowerCase().includes(w)));
  if (params.sort) {
    const sign = params.order === 'desc' ? -1 : 1;
    out = [...out].sort((a, b) => sign * String(a[params.sort] ?? '').localeCompare(String(b[params.sort] ?? '')));
  } else if (newestFirst) out = [...out].reverse();
  const offset = parseInt(params.offset ?? '0', 10);
  const limit = parseInt(params.limit ?? '100', 10);
  return HttpResponse.json(out.slice(offset, offset + limit) as unknown as JsonBodyType, {
    headers: { 'X-Total-Count': String(out.length) },
  });
}

const productText = (p: Product) => [p.code, p.name, p.description, p.category, p.supplier_name, p.barcode].join(' ');

function parse<S extends z.ZodType>(schema: S, body: unknown): { ok: true; data: z.output<S> } | { ok: false; res: Response } {
  const r = schema.safeParse(body);
  if (r.success) return { ok: true, data: r.data };
  const fields = fieldMessages(r.error, 'it');
  return {
    ok: false,
    res: error(
      400,
      `Dati non validi: ${Object.entries(fields)
        .map(([k, v]) => `${k}: ${v}`)
        .join('; ')}`,
      'VALIDATION',
      { fields },
    ),
  };
}

/** GET list, GET one, POST, PUT, DELETE of one registry over `rows()`; `toRow` completes a parsed body. */
function crud<T extends Row>(
  path: string,
  rows: () => T[],
  setRows: (r: T[]) => void,
  schema: z.ZodType,
  searched: (r: T) => string,
  toRow: (id: number, body: Record<string, unknown>) => T,
  conflict?: (body: Record<string, unknown>, id?: number) => Response | null,
) {
  const notFound = () => error(404, 'Elemento non trovato', 'NOT_FOUND');
  return [
    http.get(`*/api${path}`, async ({ request }) => page(rows(), (await record(request)).params, searched, path === '/products')),
    http.get(`*/api${path}/:id`, async ({ request, params }) => {
      await record(request);
      return rows().find((r) => r.id === parseInt(String(params.id), 10))
        ? HttpResponse.json(rows().find((r) => r.id === parseInt(String(params.id), 10)) as unknown as JsonBodyType)
        : notFound();
    }),
    http.post(`*/api${path}`, async ({ request }) => {
      const parsed = parse(schema, (await record(request)).body);
      if (!parsed.ok) return parsed.res;
      const clash = conflict?.(parsed.data as Record<string, unknown>);
      if (clash) return clash;
      const row = toRow(fake.nextId++, parsed.data as Record<string, unknown>);
      setRows([...rows(), row]);
      return HttpResponse.json(row as unknown as JsonBodyType, { status: 201 });
    }),
    http.put(`*/api${path}/:id`, async ({ request, params }) => {
      const id = parseInt(String(params.id), 10);
      const parsed = parse(schema, (await record(request)).body);
      if (!rows().some((r) => r.id === id)) return notFound();
      if (!parsed.ok) return parsed.res;
      const clash = conflict?.(parsed.data as Record<string, unknown>, id);
      if (clash) return clash;
      const row = toRow(id, parsed.data as Record<string, unknown>);
      setRows(rows().map((r) => (r.id === id ? row : r)));
      return HttpResponse.json(row as unknown as JsonBodyType);
    }),
    http.delete(`*/api${path}/:id`, async ({ request, params }) => {
      await record(request);
      const id = parseInt(String(params.id), 10);
      if (!rows().some((r) => r.id === id)) return notFound();
      setRows(rows().filter((r) => r.id !== id));
      return HttpResponse.json({ message: 'ok', id });
    }),
  ];
}

const supplierName = (id: unknown) => fake.suppliers.find((s) => s.id === id)?.business_name ?? null;

export const server = setupServer(
  // The product form's stock-limits panel (issue 28): none by default; replenishment/StockLimitsPanel.test.tsx answers its own.
  http.get('*/api/products/:id/stock-limits', ({ params }) =>
    HttpResponse.json({ product_id: Number.parseInt(String(params.id), 10), limits: [] }),
  ),
  http.get('*/api/company', () => HttpResponse.json(fake.company as unknown as JsonBodyType)),
  http.put('*/api/company', async ({ request }) => {
    const parsed = parse(companySchema, (await record(request)).body);
    if (!parsed.ok) return parsed.res;
    fake.company = { ...fake.company, ...(parsed.data as Partial<Company>) };
    return HttpResponse.json(fake.company as unknown as JsonBodyType);
  }),
  http.put('*/api/company/logo', async ({ request }) => {
    const parsed = parse(companyLogoSchema, (await record(request)).body);
    if (!parsed.ok) return parsed.res;
    const logo = parsed.data as { mime_type: Company['logo_mime_type']; data: string };
    fake.logo = logo.data;
    fake.company = { ...fake.company, logo_mime_type: logo.mime_type, logo_updated_at: new Date().toISOString() };
    return HttpResponse.json(fake.company as unknown as JsonBodyType);
  }),
  http.delete('*/api/company/logo', async ({ request }) => {
    await record(request);
    fake.logo = null;
    fake.company = { ...fake.company, logo_mime_type: null, logo_updated_at: null };
    return HttpResponse.json(fake.company as unknown as JsonBodyType);
  }),
  http.get('*/api/company/logo', () =>
    fake.logo && fake.company.logo_mime_type
      ? new HttpResponse(
          Uint8Array.from(atob(fake.logo), (c) => c.charCodeAt(0)),
          { headers: { 'content-type': fake.company.logo_mime_type } },
        )
      : error(404, "L'azienda non ha un logo", 'COMPANY_LOGO_NOT_FOUND'),
  ),
  http.put('*/api/products/:id/status', async ({ request, params }) => {
    const { body } = await record(request);
    const p = fake.products.find((r) => r.id === parseInt(String(params.id), 10));
    if (!p) return error(404, 'Prodotto non trovato', 'PRODUCT_NOT_FOUND');
    p.status = (body as { status: Product['status'] }).status;
    return HttpResponse.json(p as unknown as JsonBodyType);
  }),
  ...crud<Product>(
    '/products',
    () => fake.products,
    (r) => (fake.products = r),
    productSchema,
    productText,
    (id, b) => product(id, { ...(b as Partial<Product>), supplier_name: supplierName(b.supplier_id) }),
    (b, id) =>
      fake.products.some((p) => p.id !== id && p.code.toLowerCase() === String(b.code).toLowerCase())
        ? error(409, `Esiste già un prodotto con il codice ${String(b.code)}`, 'PRODUCT_CODE_TAKEN')
        : null,
  ),
  ...crud<Warehouse>(
    '/warehouses',
    () => fake.warehouses,
    (r) => (fake.warehouses = r),
    warehouseSchema,
    (w) => `${w.name} ${w.description ?? ''}`,
    (id, b) => warehouse(id, b as Partial<Warehouse>),
  ),
  ...crud<Party>(
    '/suppliers',
    () => fake.suppliers,
    (r) => (fake.suppliers = r),
    partySchema,
    (p) => p.business_name,
    (id, b) => party(id, b as Partial<Party>),
  ),
  ...crud<Party>(
    '/customers',
    () => fake.customers,
    (r) => (fake.customers = r),
    partySchema,
    (p) => p.business_name,
    (id, b) => party(id, b as Partial<Party>),
  ),
);
