import { formatDate, formatDateTime, toDate } from './date';
import {
  formatAmount,
  formatCount,
  formatCurrency,
  formatKind,
  formatNumber,
  formatPrice,
  formatQuantity,
  formatUnit,
  formatUnitPrice,
} from './number';

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

describe('formatDateTime (dd/MM/yyyy HH:mm)', () => {
  it('is local time, empty without a date', () => {
    const d = new Date(2025, 2, 4, 9, 5);
    expect(formatDateTime(d.toISOString())).toBe('04/03/2025 09:05');
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('garbage')).toBe('');
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

describe('the formatter family in the reader language (exact, no float)', () => {
  const NNBSP = '\u202f';

  it.each([
    // value, it, fr
    ['3300', '3.300', `3${NNBSP}300`],
    ['262479.785', '262.479,785', `262${NNBSP}479,785`],
    ['1234567.5', '1.234.567,5', `1${NNBSP}234${NNBSP}567,5`],
    ['0.5', '0,5', '0,5'],
    ['-1500', '-1.500', `-1${NNBSP}500`],
    ['12.500', '12,5', '12,5'],
  ])('quantity %s → %j (it) / %j (fr)', (value, it, fr) => {
    expect(formatKind(value, 'quantity', 'it')).toBe(it);
    expect(formatKind(value, 'quantity', 'fr')).toBe(fr);
  });

  it('never groups with a dot in French, and writes U+202F (as Intl does)', () => {
    for (const v of ['1000', '3300', '262479.79', '12345678.9', '999999999999.99999']) {
      const fr = formatNumber(v, {}, 'fr');
      expect(fr).not.toMatch(/\d\.\d/);
      expect(fr).not.toMatch(/[ \u00a0]/);
      expect(fr).toContain(NNBSP);
    }
    expect(formatNumber(1234.5, {}, 'fr')).toBe(new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 2 }).format(1234.5));
  });

  it('keeps every digit of a decimal a float cannot hold', () => {
    expect(formatNumber('12345678901234.56789', {}, 'it')).toBe('12.345.678.901.234,56789');
    expect(formatNumber('0.30000', { minDecimals: 0 }, 'fr')).toBe('0,3');
  });

  it('money: amounts 2 decimals (half away from zero), unit prices 2–4, prices 2–5', () => {
    expect(plain(formatAmount('262479.785', undefined, 'it'))).toBe('262.479,79 €');
    expect(plain(formatAmount('262479.785', undefined, 'fr'))).toBe('262 479,79 €');
    expect(plain(formatAmount('-0.005', 'USD', 'it'))).toBe('-0,01 USD');
    expect(plain(formatUnitPrice('2.5', undefined, 'it'))).toBe('2,50 €');
    expect(plain(formatUnitPrice('2.12345', undefined, 'fr'))).toBe('2,1235 €');
    expect(plain(formatPrice('1234.123456', undefined, 'fr'))).toBe('1 234,12346 €');
    expect(plain(formatCurrency('10', 'cny', {}, 'fr'))).toBe('10,00 CNY');
  });

  it('counts are whole numbers, grouped', () => {
    expect(formatCount(1234, 'it')).toBe('1.234');
    expect(formatCount('1234', 'fr')).toBe(`1${NNBSP}234`);
  });

  it('units by their label, never the raw code; quantities with their unit', () => {
    expect(formatUnit('piece', 'it')).toBe('pz');
    expect(formatUnit('piece', 'fr')).toBe('pce');
    expect(formatUnit('kg', 'fr')).toBe('kg');
    expect(formatUnit('', 'it')).toBe('');
    expect(formatQuantity('40.000', 'piece', 'it')).toBe('40\u00a0pz');
    expect(formatQuantity('1500', 'piece', 'fr')).toBe(`1${NNBSP}500\u00a0pce`);
    expect(formatQuantity('2.5', 'kg', 'it')).toBe('2,5\u00a0kg');
    expect(formatQuantity('2.5', null, 'it')).toBe('2,5');
    expect(formatQuantity(null, 'kg', 'it')).toBe('');
  });
});
