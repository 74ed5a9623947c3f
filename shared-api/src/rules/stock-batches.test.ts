import { availableOf, batchChoices, type StockBalance, type StockChange } from './stock-batches';

const row = (warehouse: number, batch: string | null, quantity: string, expiry: string | null = null): StockBalance => ({
  product_id: 1,
  warehouse_id: warehouse,
  batch_number: batch,
  quantity,
  expiry_date: expiry,
  production_date: null,
});

describe('batchChoices', () => {
  it('offers one warehouse in FEFO order (no expiry last), quantities above zero only', () => {
    const rows = [
      row(1, 'L3', '2'),
      row(1, 'L2', '4', '2026-06-30'),
      row(1, 'L1', '6.5', '2026-01-31'),
      row(2, 'L9', '9'),
      row(1, 'L0', '0'),
    ];
    expect(batchChoices(rows, 1, 1)).toEqual([
      { batch: 'L1', quantity: '6.5', expiry_date: '2026-01-31' },
      { batch: 'L2', quantity: '4', expiry_date: '2026-06-30' },
      { batch: 'L3', quantity: '2', expiry_date: null },
    ]);
    expect(batchChoices(rows, 2, 1)).toEqual([]);
  });

  it('sums the stock of a batch exactly, and gives a corrected movement its goods back (no binary floats)', () => {
    // 0.1 + 0.2 in floats is 0.30000000000000004: a user asking for 0.3 would be refused.
    expect(batchChoices([row(1, 'L1', '0.1'), row(1, 'L1', '0.2')], 1, 1)).toEqual([{ batch: 'L1', quantity: '0.3', expiry_date: null }]);
    const original: StockChange = {
      movement_type: 'S',
      product_id: 1,
      warehouse_id: 1,
      destination_warehouse_id: null,
      batch_number: 'L1',
      quantity: '0.7',
      expiry_date: null,
    };
    expect(availableOf(batchChoices([row(1, 'L1', '0.1')], 1, 1, original), 'L1')).toBe('0.8');
    // A batch the unload emptied comes back whole.
    expect(availableOf(batchChoices([], 1, 1, original), 'L1')).toBe('0.7');
    // A load being corrected takes its goods away; a transfer's destination the same.
    expect(availableOf(batchChoices([row(1, 'L1', '0.7')], 1, 1, { ...original, movement_type: 'C' }), 'L1')).toBe('0');
    expect(
      availableOf(batchChoices([row(2, 'L1', '1')], 1, 2, { ...original, movement_type: 'T', destination_warehouse_id: 2 }), 'L1'),
    ).toBe('0.3');
  });

  it('availableOf: the batch asked for, or 0', () => {
    expect(availableOf([{ batch: '', quantity: '1234.5', expiry_date: null }], '')).toBe('1234.5');
    expect(availableOf([], 'L1')).toBe('0');
  });
});
