import { formatDate, toDate } from './date';
import { formatCurrency, formatNumber } from './number';

// Intl may use a narrow no-break space before the currency sign; compare with plain spaces.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('formatDate (dd/MM/yyyy)', () => {
  it('formats Date objects, ISO timestamps and bare ISO dates', () => {
    expect(formatDate(new Date(2024, 2, 5))).toBe('05/03/2024');
    expect(formatDate('2024-12-31')).toBe('31/12/2024');
    expect(formatDate(new Date(2024, 0, 9, 23, 30).toISOString())).toBe('09/01/2024');
  });

  it('keeps a dd/MM/yyyy text as it is and rejects impossible dates', () => {
    expect(formatDate('07/08/2025')).toBe('07/08/2025');
    expect(toDate('31/02/2025')).toBeNull();
    expect(formatDate('2025-02-30')).toBe('');
  });

  it('gives an empty string for missing or invalid input', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});

describe('formatNumber (it-IT, 2 to 5 decimals)', () => {
  it('uses Italian separators and keeps at least 2, at most 5 decimals', () => {
    expect(formatNumber(1234.5)).toBe('1.234,50');
    expect(formatNumber(0.123456789)).toBe('0,12346');
    expect(formatNumber(10)).toBe('10,00');
  });

  it('accepts numeric text (PostgreSQL numeric) and custom decimals', () => {
    expect(formatNumber('42.1')).toBe('42,10');
    expect(formatNumber(3.14159, { minDecimals: 0, maxDecimals: 2 })).toBe('3,14');
    expect(formatNumber(1.5, { minDecimals: 4, maxDecimals: 2 })).toBe('1,50');
  });

  it('gives an empty string for missing or non-numeric values', () => {
    expect(formatNumber(null)).toBe('');
    expect(formatNumber('abc')).toBe('');
    expect(formatNumber(Number.NaN)).toBe('');
  });
});

describe('formatCurrency', () => {
  it('defaults to EUR in the Italian style', () => {
    expect(plain(formatCurrency(1234.5))).toBe('1.234,50 €');
  });

  it('takes a currency code and keeps up to 5 decimals', () => {
    expect(plain(formatCurrency(2.123456, 'USD'))).toBe('2,12346 USD');
    expect(plain(formatCurrency('10', 'cny'))).toBe('10,00 CNY');
  });

  it('writes an unknown code after the number instead of failing', () => {
    expect(plain(formatCurrency(5, 'EURO'))).toBe('5,00 EURO');
  });
});
