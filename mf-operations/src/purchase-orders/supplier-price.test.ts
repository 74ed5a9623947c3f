import type { Price } from '@wms/shared-api';
import { offersSupplierPrice, planSupplierPrice } from './supplier-price';

/** "Save as the supplier's price from today" (issue 22): when it is offered and which writes make it so, exactly. */
const TODAY = '2026-03-10';
const price = (id: number, over: Partial<Price>): Price => ({
  id,
  product_id: 11,
  product_code: 'VT-M8',
  product_name: null,
  product_description: 'Vite',
  supplier_id: 7,
  supplier_name: 'Bulloneria',
  price: '2.50000',
  currency: 'EUR',
  start_date: '2026-01-01',
  end_date: null,
  status: 'active',
  created_by: null,
  modified_by: null,
  created_at: '',
  updated_at: '',
  ...over,
});
const target = { supplier_id: 7, product_id: 11, price: '2.75', currency: 'EUR' as const };

describe('offersSupplierPrice', () => {
  const line = { product_id: 11, unit_price: '2.75', source: { kind: 'manual' } };
  it('offers a price typed by hand, above zero, different from the one in force', () => {
    expect(offersSupplierPrice(line)).toBe(true);
    expect(offersSupplierPrice({ ...line, inForce: null })).toBe(true);
    expect(offersSupplierPrice({ ...line, inForce: '2.50000' })).toBe(true);
  });
  it('does not offer the price in force itself (compared exactly), a zero, an unreadable text or a line without product', () => {
    expect(offersSupplierPrice({ ...line, inForce: '2.75000' })).toBe(false);
    expect(offersSupplierPrice({ ...line, source: { kind: 'price' } })).toBe(false);
    expect(offersSupplierPrice({ ...line, source: { kind: 'none' }, unit_price: '0' })).toBe(false);
    expect(offersSupplierPrice({ ...line, unit_price: '0.0000' })).toBe(false);
    expect(offersSupplierPrice({ ...line, unit_price: '' })).toBe(false);
    expect(offersSupplierPrice({ ...line, product_id: '' })).toBe(false);
  });
});

describe('planSupplierPrice', () => {
  it('creates an open price from today when the supplier has none (another supplier’s price does not count)', () => {
    expect(planSupplierPrice([price(1, { supplier_id: 9 })], target, TODAY)).toEqual({
      kind: 'create',
      close: null,
      body: { ...target, start_date: TODAY, end_date: null },
    });
  });
  it('writes nothing when that exact price is already in force', () => {
    expect(planSupplierPrice([price(1, { price: '2.75000' })], target, TODAY)).toEqual({ kind: 'same' });
  });
  it('changes the amount of a price that started today', () => {
    expect(planSupplierPrice([price(1, { start_date: TODAY })], target, TODAY)).toEqual({
      kind: 'update',
      id: 1,
      body: { supplier_id: 7, product_id: 11, price: '2.75', currency: 'EUR', start_date: TODAY, end_date: null },
    });
  });
  it('ends the price in force yesterday and stops the new one the day before the next price: no two windows on a day', () => {
    const current = price(1, { end_date: '2026-12-31' });
    const upcoming = price(2, { start_date: '2026-06-01', end_date: null, status: 'upcoming' });
    const past = price(3, { start_date: '2025-01-01', end_date: '2025-12-31', status: 'inactive' });
    const plan = planSupplierPrice([upcoming, current, past], target, TODAY);
    expect(plan).toEqual({
      kind: 'create',
      close: {
        id: 1,
        before: { supplier_id: 7, product_id: 11, price: '2.50000', currency: 'EUR', start_date: '2026-01-01', end_date: '2026-12-31' },
        body: { supplier_id: 7, product_id: 11, price: '2.50000', currency: 'EUR', start_date: '2026-01-01', end_date: '2026-03-09' },
      },
      body: { ...target, start_date: TODAY, end_date: '2026-05-31' },
    });
  });
});
