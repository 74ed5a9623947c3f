import { purchaseOrderProblem, purchaseOrderSchema } from './purchase-order';

/** SPEC §8's line for what the order form refuses, from the schema's own issues. */
const problem = (order: object) => {
  const parsed = purchaseOrderSchema.safeParse(order);
  return parsed.success ? null : purchaseOrderProblem(parsed.error.issues);
};
const line = { product_id: 7, quantity: '2', unit_price: '1.5' };
const valid = { order_date: '2026-12-01', requested_arrival_date: '2026-12-10', supplier_id: 3, items: [line] };

describe("purchaseOrderProblem (SPEC §8 requiredFields, invalidItems; noItems is the lines' own message)", () => {
  it('a valid order has none', () => {
    expect(problem(valid)).toBeNull();
  });

  it('a date or the supplier missing comes first, even with no lines or a bad line', () => {
    expect(problem({ ...valid, order_date: '' })).toBe('requiredFields');
    expect(problem({ ...valid, supplier_id: '', items: [] })).toBe('requiredFields');
    expect(problem({ ...valid, requested_arrival_date: '', items: [{ ...line, quantity: '0' }] })).toBe('requiredFields');
  });

  it('then a line whose quantity or price is not valid; no lines is said by the lines alone (SPEC noItems, once)', () => {
    expect(problem({ ...valid, items: [] })).toBeNull();
    expect(problem({ ...valid, items: [{ ...line, quantity: '0' }] })).toBe('invalidItems');
    expect(problem({ ...valid, items: [line, { ...line, unit_price: 'abc' }] })).toBe('invalidItems');
  });

  it("a problem of another kind is its field's alone: an arrival before the order date, notes too long", () => {
    expect(problem({ ...valid, requested_arrival_date: '2026-11-30' })).toBeNull();
    expect(problem({ ...valid, notes: 'x'.repeat(5000) })).toBeNull();
  });
});
