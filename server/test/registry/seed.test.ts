import { partySchema, productSchema, warehouseSchema } from '@wms/shared-api';
import { DEMO_COMPANY, DEMO_CUSTOMERS, DEMO_PRODUCTS, DEMO_SUPPLIERS, DEMO_WAREHOUSES } from '../../src/seed/demo-data';
import { seedDemo } from '../../src/seed/seed-demo';
import { isValidItalianVat, italianVat } from '../../src/seed/vat';
import { makeTestApp, type TestApp } from '../helpers';
import { caller } from './kit';

jest.setTimeout(60_000);

describe('Italian VAT check digit', () => {
  it.each(['00488410010', '12345678903', '01234567897'])('%s is valid', (vat) => expect(isValidItalianVat(vat)).toBe(true));
  it.each(['00488410011', '1234567890', 'IT00488410010', '0048841001a'])('%s is not', (vat) => expect(isValidItalianVat(vat)).toBe(false));
  it('completes a ten-digit base', () => expect(italianVat('0048841001')).toBe('00488410010'));
});

describe('the demo company', () => {
  const parties = [...DEMO_SUPPLIERS, ...DEMO_CUSTOMERS];

  it('passes the very schemas the forms and the API use', () => {
    for (const w of DEMO_WAREHOUSES) expect(warehouseSchema.safeParse(w).success).toBe(true);
    for (const p of parties) expect(partySchema.safeParse({ ...p, country: 'Italia' }).error?.issues ?? []).toEqual([]);
    for (const p of DEMO_PRODUCTS) expect(productSchema.safeParse({ ...p, supplier_id: null }).error?.issues ?? []).toEqual([]);
  });

  it('has valid, distinct VAT numbers and e-mails', () => {
    for (const p of parties) expect(isValidItalianVat(p.vat_number)).toBe(true);
    expect(new Set(parties.map((p) => p.vat_number)).size).toBe(parties.length);
    expect(new Set(parties.map((p) => p.email)).size).toBe(parties.length);
  });

  it('has about fifty products mixing units, currencies and batch / expiry / production flags, unique codes', () => {
    expect(DEMO_PRODUCTS.length).toBeGreaterThanOrEqual(45);
    expect(new Set(DEMO_PRODUCTS.map((p) => p.code.toLowerCase())).size).toBe(DEMO_PRODUCTS.length);
    expect(new Set(DEMO_PRODUCTS.map((p) => p.unit_of_measure))).toEqual(new Set(['m', 'kg', 'piece', 'l']));
    expect(new Set(DEMO_PRODUCTS.map((p) => p.currency))).toEqual(new Set(['EUR', 'USD', 'MAD', 'CNY']));
    expect(DEMO_PRODUCTS.some((p) => p.has_batch && p.has_expiry_date)).toBe(true);
    expect(DEMO_PRODUCTS.some((p) => p.has_production_date)).toBe(true);
    expect(DEMO_PRODUCTS.some((p) => !p.has_batch)).toBe(true);
    expect(DEMO_PRODUCTS.some((p) => p.status === 'inactive')).toBe(true);
    const suppliers = new Set(DEMO_SUPPLIERS.map((s) => s.key));
    for (const p of DEMO_PRODUCTS) if (p.supplier) expect(suppliers.has(p.supplier)).toBe(true);
  });
});

describe('seedDemo', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const counts = async () => {
    const n = async (table: string) => Number((await t.db.query<{ n: number }>(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);
    return {
      warehouses: await n('warehouses'),
      suppliers: await n('suppliers'),
      customers: await n('customers'),
      products: await n('products'),
      activity: await n('activity_log'),
    };
  };

  it('loads everything once, then adds nothing on a second run (idempotent)', async () => {
    const { user, headers } = await t.signIn('admin');
    const first = await seedDemo(t.db);
    expect(first).toEqual({
      warehouses: DEMO_WAREHOUSES.length,
      suppliers: DEMO_SUPPLIERS.length,
      customers: DEMO_CUSTOMERS.length,
      products: DEMO_PRODUCTS.length,
    });
    const after = await counts();
    expect(await seedDemo(t.db)).toEqual({ warehouses: 0, suppliers: 0, customers: 0, products: 0 });
    expect(await counts()).toEqual(after);

    // What the API shows of it: suppliers named on products, the admin as author, the seed in the activity log.
    const api = caller(t, headers);
    const p = (await api.get('/products?q=VT-M8-30-INOX')).json()[0];
    expect(p).toMatchObject({ supplier_name: 'Bulloneria Bresciana S.r.l.', created_by: user.username, unit_of_measure: 'piece' });
    expect((await api.get('/products')).headers['x-total-count']).toBe(String(DEMO_PRODUCTS.length));
    expect((await api.get('/customers')).json()).toHaveLength(DEMO_CUSTOMERS.length);
    const { rows } = await t.db.query("SELECT user_id FROM activity_log WHERE action = 'seed'");
    expect(rows).toEqual([{ user_id: user.id }]);
    // The demo company's data (issue 26) and the warehouses' sites, for every print and transport note.
    expect((await api.get('/company')).json()).toMatchObject({
      business_name: DEMO_COMPANY.business_name,
      vat_number: DEMO_COMPANY.vat_number,
    });
    const central = (await api.get('/warehouses?q=Centrale')).json()[0];
    expect(central).toMatchObject({
      address: 'Via dell’Industria 12',
      city: 'Brescia',
      province: 'BS',
      zip_code: '25125',
      country: 'Italia',
    });
  });

  it('leaves rows a user already has alone (same code, name or VAT) and adds the rest', async () => {
    const t2 = await makeTestApp();
    try {
      await t2.db.query("INSERT INTO products (code, description, category) VALUES ('vt-m8-30-inox', 'Mia descrizione', 'Mia')");
      const added = await seedDemo(t2.db);
      expect(added.products).toBe(DEMO_PRODUCTS.length - 1);
      const { rows } = await t2.db.query("SELECT description FROM products WHERE lower(code) = 'vt-m8-30-inox'");
      expect(rows).toEqual([{ description: 'Mia descrizione' }]);
      // A company someone already saved is kept as typed.
      await t2.db.query("UPDATE company SET business_name = 'Mia Azienda', updated_at = now()");
      await seedDemo(t2.db);
      expect((await t2.db.query('SELECT business_name FROM company')).rows).toEqual([{ business_name: 'Mia Azienda' }]);
    } finally {
      await t2.close();
    }
  });
});
