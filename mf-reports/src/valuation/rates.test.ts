import { grandTotalEur, loadRates, parseRate, saveRates } from './rates';

describe('exchange rates', () => {
  it('reads rates with comma or point, refusing zero and text', () => {
    expect(parseRate('1,0825')).toBe(10825000000n);
    expect(parseRate('10.9')).toBe(109000000000n);
    expect(parseRate('0')).toBeNull();
    expect(parseRate('abc')).toBeNull();
    expect(parseRate('')).toBeNull();
  });

  it('converts only when every foreign currency has a rate, exactly, to the cent', () => {
    const totals = [
      { currency: 'EUR', value: '100.005' },
      { currency: 'USD', value: '108.25' },
    ];
    expect(grandTotalEur(totals, {})).toBeNull();
    expect(grandTotalEur(totals, { USD: '1,0825' })).toBe('200.01');
    expect(grandTotalEur([{ currency: 'EUR', value: '0.004' }], {})).toBe('0.00');
  });

  it('remembers rates per user', () => {
    saveRates('anna', { USD: '1,1' });
    expect(loadRates('anna')).toEqual({ USD: '1,1' });
    expect(loadRates('bruno')).toEqual({});
    expect(loadRates(undefined)).toEqual({});
  });
});
