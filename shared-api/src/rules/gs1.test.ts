import fc from 'fast-check';
import { compareDecimals } from './decimal';
import { cleanScan, GS } from './scan-text';
import { gs1HumanText, gs1RawText, gs1Text, labelElements, parseGs1, readGs1Date, readScan, type LabelData } from './gs1';
import { withCheckDigit } from './gtin';

const REF = 2026;

describe('GS1 parser', () => {
  it('reads the issue’s receipt label in every form a scanner sends it', () => {
    const expected = { expiryDate: '2027-03-31', batch: 'L-AUD-01', productCode: 'AUD-FARINA' };
    for (const raw of [
      `(17)270331(10)L-AUD-01${GS}(240)AUD-FARINA`, // bracketed with the separator
      '(17)270331(10)L-AUD-01(240)AUD-FARINA', // bracketed without it
      `]C11727033110L-AUD-01${GS}240AUD-FARINA`, // raw GS1-128 with the AIM identifier
      `1727033110L-AUD-01${GS}240AUD-FARINA\r\n`, // no identifier, CR LF from the scanner
      `]d21727033110L-AUD-01\u241d240AUD-FARINA\t`, // DataMatrix, Unicode GS symbol, trailing Tab
      `]e01727033110L-AUD-01<GS>240AUD-FARINA\n`,
      `${GS}1727033110L-AUD-01${GS}240AUD-FARINA`, // leading FNC1 as GS
    ]) {
      const p = parseGs1(raw, REF);
      expect(p).toEqual({ ok: true, elements: expect.any(Array), fields: expected });
    }
  });

  it('reads AIs 01, 02, 10, 11, 15, 17, 21, 240, 30, 37 and 310x', () => {
    const p = parseGs1(
      `]C1010800123456789702080012345678971125010115261130172612311000${GS}21SN-1${GS}240P-1${GS}3712${GS}3103001250${GS}3015`,
      REF,
    );
    // 3103 is predefined length, so the GS after it is tolerated.
    expect(p.ok && p.fields).toEqual({
      gtin: '08001234567897',
      contentGtin: '08001234567897',
      productionDate: '2025-01-01',
      bestBeforeDate: '2026-11-30',
      expiryDate: '2026-12-31',
      batch: '00',
      serial: 'SN-1',
      productCode: 'P-1',
      quantity: '1.25',
      quantityUnit: 'kg',
    });
    expect(parseGs1('(30)0012', REF)).toMatchObject({ fields: { quantity: '12', quantityUnit: 'piece' } });
    expect(parseGs1('(3110)000007', REF)).toMatchObject({ fields: { quantity: '7', quantityUnit: 'm' } });
    expect(parseGs1('(3152)001250', REF)).toMatchObject({ fields: { quantity: '12.5', quantityUnit: 'l' } });
  });

  it('refuses what is not GS1, with the reason', () => {
    expect(parseGs1('(01)08001234567890', REF)).toEqual({ ok: false, problem: 'badCheckDigit', ai: '01' });
    expect(parseGs1('(17)271399', REF)).toEqual({ ok: false, problem: 'badDate', ai: '17' });
    expect(parseGs1('(17)270230', REF)).toEqual({ ok: false, problem: 'badDate', ai: '17' });
    expect(parseGs1('(10)ABCDEFGHIJKLMNOPQRSTU', REF)).toMatchObject({ ok: false, problem: 'tooLong' });
    expect(parseGs1('(10)a b', REF)).toMatchObject({ ok: false, problem: 'badValue' });
    expect(parseGs1('(99', REF)).toMatchObject({ ok: false });
    expect(parseGs1('(26)1', REF)).toMatchObject({ ok: false, problem: 'unknownAi' });
    expect(parseGs1('17270331172703', REF)).toMatchObject({ ok: false, problem: 'badValue' }); // a date cut short
    expect(parseGs1('1727033117270331', REF)).toMatchObject({ ok: false, problem: 'duplicateAi' });
    expect(parseGs1('', REF)).toMatchObject({ ok: false, problem: 'empty' });
    expect(parseGs1('P-1', REF)).toMatchObject({ ok: false, problem: 'unknownAi' });
  });

  it('places two-digit years in GS1’s sliding century; day 00 is the month’s last', () => {
    expect(readGs1Date('270331', 2026)).toBe('2027-03-31');
    expect(readGs1Date('760101', 2026)).toBe('2076-01-01'); // +50
    expect(readGs1Date('770101', 2026)).toBe('1977-01-01'); // +51 → last century
    expect(readGs1Date('990101', 2050)).toBe('2099-01-01');
    expect(readGs1Date('000101', 2099)).toBe('2100-01-01');
    expect(readGs1Date('240200', 2026)).toBe('2024-02-29');
    expect(readGs1Date('250229', 2026)).toBeNull();
  });

  it('tells plain codes from GS1 data', () => {
    expect(readScan('8001234567897\r', REF)).toEqual({ kind: 'plain', code: '8001234567897' });
    expect(readScan(']E08001234567897', REF)).toEqual({ kind: 'plain', code: '8001234567897' });
    expect(readScan('  VT-M6-20-INOX\n', REF)).toEqual({ kind: 'plain', code: 'VT-M6-20-INOX' });
    expect(readScan('1727033110L1', REF)).toEqual({ kind: 'plain', code: '1727033110L1', gs1: { expiryDate: '2027-03-31', batch: 'L1' } });
    expect(readScan('(17)270331(10)L1', REF)).toMatchObject({ kind: 'gs1', fields: { expiryDate: '2027-03-31', batch: 'L1' } });
    expect(readScan('(17)279999', REF)).toMatchObject({ kind: 'invalid', problem: 'badDate', ai: '17' });
    expect(readScan('\r\n', REF)).toEqual({ kind: 'empty' });
    expect(cleanScan('ABC\r\n')).toBe('ABC');
  });
});

// ------------------------------------------------------------------------------------------------ label round trip

const cset82 = fc.constantFrom(...'!"%&\'*+,-./0123456789:;<=>?ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz'.split(''));
/** Days GS1's two-digit year can carry from REF (49 years back, 50 ahead). */
const day = fc
  .date({ min: new Date(Date.UTC(REF - 49, 0, 1)), max: new Date(Date.UTC(REF + 50, 11, 31)), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const quantity = fc.tuple(fc.nat({ max: 99_999 }), fc.nat({ max: 999 })).map(([w, f]) => `${w}.${String(f).padStart(3, '0')}`);

const label: fc.Arbitrary<LabelData> = fc.record({
  productCode: fc.string({ unit: cset82, minLength: 1, maxLength: 30 }),
  batch: fc.option(fc.string({ unit: cset82, minLength: 1, maxLength: 20 }), { nil: null }),
  productionDate: fc.option(day, { nil: null }),
  expiryDate: fc.option(day, { nil: null }),
  quantity: fc.option(quantity, { nil: null }),
  unit: fc.constantFrom('kg', 'm', 'l', 'piece', null),
});

/** A label's quantity GS1 can carry: measures up to 6 digits, counts whole. */
const carried = (d: LabelData) => {
  if (!d.quantity) return false;
  const [w, f = ''] = d.quantity.split('.');
  const frac = f.replace(/0+$/, '');
  const whole = w.replace(/^0+/, '');
  return d.unit && d.unit !== 'piece' ? (whole + frac).length <= 6 : frac === '';
};

describe('every label we print reads back to what it was built from', () => {
  it('parse(build(x)) = x, in the printed (bracketed) and the scanned (raw, ]C1 and GS) forms', () => {
    fc.assert(
      fc.property(label, (d) => {
        const elements = labelElements(d);
        for (const text of [gs1HumanText(elements), gs1RawText(elements), gs1RawText(elements, '') + '\r\n']) {
          const p = parseGs1(text, REF);
          if (!p.ok) throw new Error(`${JSON.stringify(text)} did not parse: ${p.problem} ${p.ai}`);
          expect(p.fields.productCode).toBe(d.productCode);
          expect(p.fields.batch ?? null).toBe(d.batch);
          expect(p.fields.productionDate ?? null).toBe(d.productionDate);
          expect(p.fields.expiryDate ?? null).toBe(d.expiryDate);
          if (carried(d)) {
            expect(compareDecimals(p.fields.quantity!, d.quantity!)).toBe(0);
            expect(p.fields.quantityUnit).toBe(d.unit ?? 'piece');
          } else {
            expect(p.fields.quantity).toBeUndefined();
          }
        }
        expect(gs1Text(d)).toBe(gs1HumanText(elements));
      }),
      { numRuns: 500 },
    );
  });

  it('fields GS1 cannot carry are left out, never mangled', () => {
    expect(gs1Text({ productCode: 'P 1', batch: 'L'.repeat(21), productionDate: null, expiryDate: '2027-03-31' })).toBe('(17)270331');
    expect(gs1Text({ productCode: 'P-1', batch: null, productionDate: null, expiryDate: null, quantity: '1234567', unit: 'kg' })).toBe(
      '(240)P-1',
    );
    expect(gs1Text({ productCode: 'P-1', batch: null, productionDate: null, expiryDate: null, quantity: '2.5', unit: 'piece' })).toBe(
      '(240)P-1',
    );
    expect(gs1Text({ productCode: 'P-1', batch: 'L1', productionDate: null, expiryDate: null, quantity: '12.500', unit: 'kg' })).toBe(
      '(3101)000125(10)L1(240)P-1',
    );
    expect(
      gs1RawText(labelElements({ productCode: 'P-1', batch: 'L1', productionDate: null, expiryDate: null, quantity: '12', unit: 'piece' })),
    ).toBe(`]C110L1${GS}3012${GS}240P-1`);
  });

  it('a GTIN-led string built from random GTINs reads back', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{13}$/), fc.string({ unit: cset82, minLength: 1, maxLength: 20 }), (body, serial) => {
        const gtin = withCheckDigit(body);
        const p = parseGs1(
          gs1RawText([
            { ai: '01', value: gtin },
            { ai: '21', value: serial },
            { ai: '17', value: '270331' },
          ]),
          REF,
        );
        expect(p.ok && p.fields).toEqual({ gtin, serial, expiryDate: '2027-03-31' });
      }),
      { numRuns: 200 },
    );
  });
});
