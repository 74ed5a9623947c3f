import { RATE_DECIMALS, grandTotalEur, loadRates, parseRate, readRate, saveRates } from './rates';

describe('exchange rates', () => {
  it('reads a rate as Italians and French write numbers, exactly (readDecimal at 10 decimals)', () => {
    expect(parseRate('1,0825', 'it')).toBe('1.0825');
    expect(parseRate('1,0825', 'fr')).toBe('1.0825');
    // A point that can only be a decimal mark is one; a well-placed Italian thousands group is a group.
    expect(parseRate('10.9', 'it')).toBe('10.9');
    expect(parseRate('1.0825', 'it')).toBe('1.0825');
    expect(parseRate('1.234,5', 'it')).toBe('1234.5');
    expect(parseRate('1.500', 'it')).toBe('1500');
    expect(parseRate('1 234,5', 'fr')).toBe('1234.5');
    expect(parseRate('1\u202f234,5', 'fr')).toBe('1234.5');
    expect(parseRate('0,0000000001', 'it')).toBe('0.0000000001');
    expect(parseRate(' 10,90 ', 'it')).toBe('10.9');
  });

  it('refuses zero, text, misplaced groups and more than 10 decimals — nothing rounded or guessed', () => {
    expect(RATE_DECIMALS).toBe(10);
    expect(readRate('0', 'it')).toEqual({ ok: false, problem: 'notPositive' });
    expect(readRate('-1,2', 'it')).toEqual({ ok: false, problem: 'notPositive' });
    expect(readRate('abc', 'it')).toEqual({ ok: false, problem: 'invalidNumber' });
    expect(readRate('1.50.0', 'it')).toEqual({ ok: false, problem: 'misplacedGroup' });
    expect(readRate('1,0,8', 'fr')).toEqual({ ok: false, problem: 'twoMarks' });
    expect(readRate('1.500', 'fr')).toEqual({ ok: false, problem: 'ambiguousPoint' });
    expect(readRate('0,00000000001', 'it')).toEqual({ ok: false, problem: 'tooManyDecimals' });
    expect(readRate('', 'it')).toEqual({ ok: true, value: '' });
    expect(parseRate('', 'it')).toBeNull();
    expect(parseRate(undefined, 'fr')).toBeNull();
    expect(parseRate('0', 'it')).toBeNull();
  });

  it('converts only when every foreign currency has a rate, exactly, rounded half away from zero to the cent', () => {
    const totals = [
      { currency: 'EUR', value: '100.005' },
      { currency: 'USD', value: '108.25' },
    ];
    expect(grandTotalEur(totals, {})).toBeNull();
    expect(grandTotalEur(totals, { USD: '0' })).toBeNull();
    // 100.005 + 108.25 / 1.0825 = 200.005 → 200.01 (floats: (100.005 + 108.25 / 1.0825).toFixed(2) is "200.00")
    expect(grandTotalEur(totals, { USD: '1.0825' })).toBe('200.01');
    expect(grandTotalEur([{ currency: 'EUR', value: '0.004' }], {})).toBe('0');
    expect(grandTotalEur([{ currency: 'EUR', value: '-0.005' }], {})).toBe('-0.01');
    // 0.1 + 0.2 in EUR is 0.3 exactly; 1 USD at 3 per EUR is 0.3333333333 → 0.33.
    expect(
      grandTotalEur(
        [
          { currency: 'EUR', value: '0.1' },
          { currency: 'EUR', value: '0.2' },
        ],
        {},
      ),
    ).toBe('0.3');
    expect(grandTotalEur([{ currency: 'USD', value: '1' }], { USD: '3' })).toBe('0.33');
    // Large values stay exact (beyond a float's 15-16 digits).
    expect(grandTotalEur([{ currency: 'MAD', value: '123456789012345.67891' }], { MAD: '10' })).toBe('12345678901234.57');
  });

  it('remembers rates per user as exact decimals; older stored texts with a comma still load', () => {
    saveRates('anna', { USD: '1.1' });
    expect(loadRates('anna')).toEqual({ USD: '1.1' });
    localStorage.setItem('wms.reports.exchangeRates.carla', JSON.stringify({ USD: '1,0825', MAD: '0', CNY: 'x', GBP: 3 }));
    expect(loadRates('carla')).toEqual({ USD: '1.0825' });
    localStorage.setItem('wms.reports.exchangeRates.dario', 'not json');
    expect(loadRates('dario')).toEqual({});
    expect(loadRates('bruno')).toEqual({});
    expect(loadRates(undefined)).toEqual({});
  });
});
