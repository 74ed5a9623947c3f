import { fieldProblems } from '@wms/shared-api/core';
import type { MovementFormValues } from './movement';
import {
  changeMovementValue,
  movementBody,
  movementFormSchema,
  movementLiveProblems as liveProblems,
  movementValuesOf,
  movementWithLoadBatch,
  movementWithScan,
  newMovementValues,
} from './movement-form';
import type { BarcodeLookup, Product } from './product';

/** A product with the flags the rules read (the rest as a products row has it). */
const product = (id: number, code: string, flags: Partial<Product> = {}) =>
  ({ id, code, unit_of_measure: 'piece', has_batch: false, has_expiry_date: false, has_production_date: false, ...flags }) as Product;

const values = (over: Partial<MovementFormValues> = {}): MovementFormValues => ({
  movement_type: 'S',
  movement_date: '2025-03-10',
  product_id: product(1, 'P-1'),
  warehouse_id: '1',
  destination_warehouse_id: '',
  batch_number: '',
  production_date: '',
  expiry_date: '',
  quantity: '3',
  notes: '',
  ...over,
});

describe('the movement form (movement-form.ts)', () => {
  it('sends dates as dd/MM/yyyy, the quantity as exact decimal text, and no batch or dates the product does not manage', () => {
    expect(movementBody(values({ movement_type: 'C', batch_number: 'L1', expiry_date: '2026-01-31' }))).toEqual({
      movement_type: 'C',
      movement_date: '10/03/2025',
      product_id: 1,
      warehouse_id: 1,
      destination_warehouse_id: null,
      quantity: '3',
      batch_number: null,
      production_date: null,
      expiry_date: null,
      notes: '',
    });
  });

  it('says while typing: the same warehouse twice, more than is available (never for a load)', () => {
    expect(liveProblems(values({ movement_type: 'T', destination_warehouse_id: '1' }), null)).toEqual({
      destination_warehouse_id: { key: 'sameWarehouse', params: {} },
    });
    expect(liveProblems(values({ quantity: '5' }), '4')).toEqual({ quantity: { key: 'insufficientStock', params: { available: '4' } } });
    // The exact decimal: useZodForm writes it in the reader's language ("1.234,5" / "1 234,5"), as the server does.
    expect(liveProblems(values({ quantity: '1234.6' }), '1234.5').quantity?.params).toEqual({ available: '1234.5' });
    expect(liveProblems(values({ quantity: '4' }), '4')).toEqual({});
    expect(liveProblems(values({ quantity: '0.3' }), '0.3')).toEqual({});
    expect(liveProblems(values({ movement_type: 'C', quantity: '5' }), '4')).toEqual({});
  });

  it('refuses on save what the server would refuse: the shared schema, the product rules, the stock', () => {
    const check = (v: MovementFormValues, available: string | null) => {
      const parsed = movementFormSchema(() => available).safeParse(v);
      return parsed.success ? {} : fieldProblems(parsed.error);
    };
    expect(check(values({ quantity: '5' }), '4')).toEqual({ quantity: { key: 'insufficientStock', params: { available: '4' } } });
    expect(check(values(), '4')).toEqual({});
    const batchProduct = { ...product(1, 'P-1'), has_batch: true, has_expiry_date: true };
    expect(check(values({ movement_type: 'C', product_id: batchProduct, movement_date: '', quantity: '0' }), null)).toEqual({
      movement_date: { key: 'required', params: { min: 1 } },
      quantity: { key: 'positive', params: {} },
      batch_number: { key: 'batchRequired', params: {} },
      expiry_date: { key: 'expiryDateRequired', params: {} },
    });
  });

  it('a new movement is a load dated the day given; a corrected one shows its values as the fields hold them', () => {
    expect(newMovementValues('2025-03-10')).toMatchObject({
      movement_type: 'C',
      movement_date: '2025-03-10',
      product_id: null,
      quantity: '',
    });
    const view = {
      movement_type: 'T',
      movement_date: '08/03/2025',
      warehouse_id: 1,
      destination_warehouse_id: 2,
      batch_number: null,
      production_date: null,
      expiry_date: null,
      quantity: '1.25',
      notes: null,
    } as Parameters<typeof movementValuesOf>[0];
    expect(movementValuesOf(view, null)).toEqual({
      ...values({ movement_type: 'T', movement_date: '2025-03-08', product_id: null, destination_warehouse_id: '2', quantity: '1.25' }),
    });
  });

  it('another product, or a switch between a load and goods that leave, empties the batch and its dates; a warehouse the batch that leaves', () => {
    const load = values({ movement_type: 'C', batch_number: 'L1', production_date: '2025-01-01', expiry_date: '2026-01-01' });
    const empty = { batch_number: '', production_date: '', expiry_date: '' };
    expect(changeMovementValue(load, 'product_id', product(2, 'P-2'))).toEqual({ ...load, ...empty, product_id: product(2, 'P-2') });
    expect(changeMovementValue(load, 'movement_type', 'S')).toEqual({ ...load, ...empty, movement_type: 'S' });
    expect(changeMovementValue(values({ batch_number: 'L1' }), 'movement_type', 'T')).toEqual(
      values({ batch_number: 'L1', movement_type: 'T' }),
    );
    expect(changeMovementValue(load, 'warehouse_id', '2')).toEqual({ ...load, warehouse_id: '2' });
    expect(changeMovementValue(values({ batch_number: 'L1' }), 'warehouse_id', '2')).toEqual(values({ warehouse_id: '2' }));
  });

  it('a load of a batch in stock takes its dates (only those the product manages); a scan fills what its label says', () => {
    const p = product(1, 'P-1', { has_batch: true, has_expiry_date: true });
    const known = { production_date: '2025-01-01', expiry_date: '2026-01-31' };
    expect(movementWithLoadBatch(values({ movement_type: 'C', product_id: p }), 'L1', known)).toMatchObject({
      batch_number: 'L1',
      production_date: '',
      expiry_date: '2026-01-31',
    });
    const found: BarcodeLookup = { product: p, batch_number: 'L7', expiry_date: '2027-09-30', quantity: '2.5' };
    expect(movementWithScan(values({ movement_type: 'C', product_id: null }), found)).toMatchObject({
      product_id: p,
      batch_number: 'L7',
      expiry_date: '2027-09-30',
      quantity: '2.5',
    });
    // Goods that leave keep the quantity typed.
    expect(movementWithScan(values({ product_id: p, quantity: '1' }), found)).toMatchObject({
      batch_number: 'L7',
      quantity: '1',
      expiry_date: '',
    });
  });
});
