import { describeChanges } from '../../src/activity/changes';
import { makeTestApp, type TestApp } from '../helpers';
import { caller, partyBody, productBody, warehouseBody, type Caller } from '../registry/kit';

describe('describeChanges', () => {
  it('lists only the listed fields that changed, old → new', () => {
    const before = { code: 'A', description: 'Vite', supplier_id: null, has_batch: false, secret: 'x' };
    const after = { code: 'A', description: 'Vite M8', supplier_id: 3, has_batch: true, secret: 'y' };
    expect(describeChanges(before, after, ['code', 'description', 'supplier_id', 'has_batch'])).toEqual({
      description: 'Vite → Vite M8',
      supplier_id: '— → 3',
      has_batch: 'false → true',
    });
  });

  it('ignores fields the update did not send', () => {
    expect(describeChanges({ name: 'A', note: 'x' }, { name: 'A' }, ['name', 'note'])).toEqual({});
  });
});

describe('registry updates say what changed in the activity log', () => {
  let t: TestApp;
  let api: Caller;
  beforeAll(async () => {
    t = await makeTestApp();
    api = caller(t, (await t.signIn('admin')).headers);
  });
  afterAll(() => t.close());

  const lastDetails = async (entityType: string, id: number) => {
    const { rows } = await t.db.query<{ details: string }>(
      `SELECT details FROM activity_log WHERE entity_type = $1 AND entity_id = $2 AND action = 'update' ORDER BY id DESC LIMIT 1`,
      [entityType, String(id)],
    );
    return JSON.parse(rows[0].details) as Record<string, string>;
  };

  it('product', async () => {
    const body = productBody({ description: 'Vite M8' });
    const { id } = (await api.post('/products', body)).json();
    expect((await api.put(`/products/${id}`, { ...body, description: 'Vite M8 zincata', unit_of_measure: 'kg' })).statusCode).toBe(200);
    expect(await lastDetails('product', id)).toEqual({
      code: body.code,
      description: 'Vite M8 → Vite M8 zincata',
      unit_of_measure: 'piece → kg',
    });
  });

  it('warehouse', async () => {
    const body = warehouseBody();
    const { id } = (await api.post('/warehouses', body)).json();
    await api.put(`/warehouses/${id}`, { ...body, is_active: false });
    expect(await lastDetails('warehouse', id)).toEqual({ name: body.name, is_active: 'true → false' });
  });

  it('supplier', async () => {
    const body = partyBody();
    const { id } = (await api.post('/suppliers', body)).json();
    await api.put(`/suppliers/${id}`, { ...body, city: 'Milano' });
    const details = await lastDetails('supplier', id);
    expect(details).toEqual({ business_name: body.business_name, city: 'Torino → Milano' });
  });
});
