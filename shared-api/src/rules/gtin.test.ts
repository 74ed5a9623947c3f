import fc from 'fast-check';
import { barcodeKey, gtinCheckDigit, gtinProblem, isValidGtin, withCheckDigit } from './gtin';

describe('GTIN check digit', () => {
  it.each([
    ['4006381333931', 'EAN-13'],
    ['8001234567897', 'EAN-13'],
    ['96385074', 'EAN-8'],
    ['036000291452', 'UPC-A'],
    ['10614141000415', 'GTIN-14'],
    ['8012345000012', 'EAN-13 of the demo data'],
  ])('%s (%s) is valid', (code) => {
    expect(isValidGtin(code)).toBe(true);
    expect(gtinCheckDigit(code.slice(0, -1))).toBe(Number(code.slice(-1)));
  });

  it('names what is wrong', () => {
    expect(gtinProblem('8001234567890')).toBe('gtinCheckDigit');
    expect(gtinProblem('4006381333932')).toBe('gtinCheckDigit');
    expect(gtinProblem('123')).toBe('gtinFormat');
    expect(gtinProblem('12345678901')).toBe('gtinFormat'); // 11 digits: no GTIN has that length
    expect(gtinProblem('800123456789X')).toBe('gtinFormat');
    expect(gtinProblem(' 8001234567897')).toBe('gtinFormat');
    expect(() => gtinCheckDigit('12a')).toThrow(RangeError);
  });

  it('any body with its digit is valid; changing one digit is always caught', () => {
    fc.assert(
      fc.property(
        fc
          .constantFrom(7, 11, 12, 13)
          .chain((n) => fc.tuple(fc.stringMatching(new RegExp(`^\\d{${n}}$`)), fc.nat({ max: n }), fc.integer({ min: 1, max: 9 }))),
        ([body, at, delta]) => {
          const code = withCheckDigit(body);
          expect(isValidGtin(code)).toBe(true);
          const changed = code.slice(0, at) + String((Number(code[at]) + delta) % 10) + code.slice(at + 1);
          expect(gtinProblem(changed)).toBe('gtinCheckDigit');
        },
      ),
      { numRuns: 300 },
    );
  });

  it('zero padding keeps a GTIN valid and its key (GTIN-14) the same', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{7}$|^\d{11,12}$/), (body) => {
        const code = withCheckDigit(body);
        const key = barcodeKey(code);
        expect(key).toHaveLength(14);
        expect(isValidGtin(key)).toBe(true);
        expect(barcodeKey(key)).toBe(key);
      }),
      { numRuns: 200 },
    );
    expect(barcodeKey('8001234567897')).toBe('08001234567897');
    expect(barcodeKey('SUP-123')).toBe('SUP-123');
  });
});
