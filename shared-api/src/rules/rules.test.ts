import { addDays, companyDay } from './company-day';
import { compareDecimals, decimalText, multiplyDecimals, roundDecimal, subtractDecimals, sumDecimals } from './decimal';
import { afterReceipt, itemStatus, orderStatus, remainingQuantity, toggleCompleted } from './order-status';
import { priceStatus, windowsOverlap } from './price-status';
import { lineTotal, totalsByCurrency } from '../schemas/purchase-order';

describe('company day (Europe/Rome)', () => {
  it('is the Italian calendar day, not the UTC one', () => {
    expect(companyDay(new Date('2026-11-22T23:30:00Z'))).toBe('2026-11-23'); // 00:30 in Rome (CET)
    expect(companyDay(new Date('2026-07-01T22:30:00Z'))).toBe('2026-07-02'); // 00:30 in Rome (CEST)
    expect(companyDay(new Date('2026-07-01T21:30:00Z'))).toBe('2026-07-01');
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
  });
});

describe('price status', () => {
  it('upcoming / active / inactive, both ends included', () => {
    const today = '2026-05-10';
    expect(priceStatus({ start_date: '2026-05-11' }, today)).toBe('upcoming');
    expect(priceStatus({ start_date: '2026-05-10', end_date: null }, today)).toBe('active');
    expect(priceStatus({ start_date: '2026-01-01', end_date: '2026-05-10' }, today)).toBe('active');
    expect(priceStatus({ start_date: '2026-01-01', end_date: '2026-05-09' }, today)).toBe('inactive');
    expect(windowsOverlap({ start_date: '2026-01-01', end_date: '2026-01-31' }, { start_date: '2026-01-31' })).toBe(true);
    expect(windowsOverlap({ start_date: '2026-01-01', end_date: '2026-01-30' }, { start_date: '2026-01-31' })).toBe(false);
  });
});

describe('exact decimals', () => {
  it('parses numbers and strings with a comma or a point into canonical text', () => {
    expect(decimalText('2,5')).toBe('2.5');
    expect(decimalText(' 002.500 ')).toBe('2.5');
    expect(decimalText(0.1 + 0.2)).toBe('0.30000000000000004');
    expect(decimalText('1.234,5')).toBeNull();
    expect(decimalText('abc')).toBeNull();
    expect(decimalText(1e21)).toBeNull();
    expect(decimalText('-0')).toBe('0');
    expect(decimalText('.5')).toBe('0.5');
  });
  it('multiplies and rounds half away from zero, like PostgreSQL round(numeric)', () => {
    expect(multiplyDecimals('3', '0.33335', 4)).toBe('1.0001'); // 1.00005 → 1.0001
    // Fewer decimals in the factors than in the result: 2.5 × 2.5 is 6.25, not 0.0625 (found by the buying e2e test).
    expect(multiplyDecimals('2.5', '2.5', 4)).toBe('6.25');
    expect(multiplyDecimals('4', '3', 4)).toBe('12');
    expect(lineTotal('2.5', '1.0001')).toBe('2.5003'); // 2.50025 → 2.5003
    expect(lineTotal('0.001', '0.0001')).toBe('0'); // 0.0000001 → 0
    expect(lineTotal('999999999.999', '99999.9999')).toBe('99999999899900');
    expect(roundDecimal('1.23456', 2)).toBe('1.23');
    expect(roundDecimal('-1.235', 2)).toBe('-1.24');
    expect(sumDecimals(['0.1', '0.2'])).toBe('0.3');
    expect(subtractDecimals('1', '0.001')).toBe('0.999');
    expect(compareDecimals('2.50', 2.5)).toBe(0);
    expect(
      totalsByCurrency([
        { currency: 'EUR', total: '1.5' },
        { currency: 'USD', total: '2' },
        { currency: 'EUR', total: '0.25' },
      ]),
    ).toEqual([
      { currency: 'EUR', amount: '1.75' },
      { currency: 'USD', amount: '2' },
    ]);
  });
});

describe('order status (SPEC §4)', () => {
  const line = (quantity: string, received_quantity: string, completed = false) => ({ quantity, received_quantity, completed });
  it('item: pending / partiallyReceived / completed', () => {
    expect(itemStatus(line('10', '0'))).toBe('pending');
    expect(itemStatus(line('10', '0.001'))).toBe('partiallyReceived');
    expect(itemStatus(line('10', '10.000'))).toBe('completed');
    expect(itemStatus(line('10', '12'))).toBe('completed');
    expect(itemStatus(line('10', '0', true))).toBe('completed');
    expect(remainingQuantity(line('10', '2.5'))).toBe('7.5');
    expect(remainingQuantity(line('10', '12'))).toBe('0');
  });
  it('receipt adds up; mark-as-completed toggles back by what was received', () => {
    expect(afterReceipt(line('10', '4'), '6')).toEqual({ received_quantity: '10', completed: true });
    expect(afterReceipt(line('10', '4'), '1.5')).toEqual({ received_quantity: '5.5', completed: false });
    expect(toggleCompleted(line('10', '4'))).toEqual({ completed: true, status: 'completed' });
    expect(toggleCompleted(line('10', '4', true))).toEqual({ completed: false, status: 'partiallyReceived' });
    expect(toggleCompleted(line('10', '0', true))).toEqual({ completed: false, status: 'pending' });
  });
  it('order: notReceived / partiallyReceived / fullyReceived', () => {
    expect(orderStatus([])).toBe('notReceived');
    expect(orderStatus([line('1', '0'), line('2', '0')])).toBe('notReceived');
    expect(orderStatus([line('1', '1'), line('2', '0')])).toBe('partiallyReceived');
    expect(orderStatus([line('1', '0', true), line('2', '0')])).toBe('partiallyReceived');
    expect(orderStatus([line('1', '1'), line('2', '0', true)])).toBe('fullyReceived');
  });
});
