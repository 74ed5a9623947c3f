import { fieldProblems } from '@wms/shared-api';
import { liveProblems, movementBody, movementFormSchema, type MovementFormValues } from './movement-values';
import { product } from './test-support/server';

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

describe('movement form rules', () => {
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
});
