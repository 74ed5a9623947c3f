import type { Language } from '../types';
import {
  editDecimal,
  formatDecimal,
  PRICE_DECIMALS,
  QUANTITY_DECIMALS,
  readDecimal,
  SCALES,
  toFixedDecimal,
  UNIT_PRICE_DECIMALS,
} from './decimal';

/**
 * Issue 21: what a number field shows it reads back as the same value. A property test over random exact decimals ×
 * {it, fr} × every scale the portal keeps (quantities 3, unit prices 4, prices 5): format → read is the identity, for
 * the grouped text shown on blur (with and without padded decimals), the editing text shown on focus, and the French
 * text typed with an ordinary or a no-break space instead of U+202F.
 *
 * No property-testing library is installed: a seeded generator (mulberry32) makes the run repeatable; a failure prints
 * the seed and the value.
 */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SEED = 21_2026;
const CASES = 2000;
const LANGS: Language[] = ['it', 'fr'];

/** A random canonical decimal ('1234.5', '-0.125', '1500', '0'): up to 13 integer digits, up to `scale` decimals. */
function randomDecimal(next: () => number, scale: number): string {
  const digits = (n: number) => Array.from({ length: n }, () => Math.floor(next() * 10)).join('');
  // Favour the interesting sizes: 0, 1–3 digits (no group), exactly 4 ('1.500'), and long ones.
  const intLength = [0, 1, 2, 3, 4, 4, 5, 6, 7, 9, 13][Math.floor(next() * 11)];
  const int = intLength === 0 ? '0' : digits(intLength).replace(/^0+(?=\d)/, '');
  const frac = digits(Math.floor(next() * (scale + 1))).replace(/0+$/, '');
  const body = frac ? `${int}.${frac}` : int;
  return next() < 0.15 && body !== '0' ? `-${body}` : body;
}

describe('format → read is the identity (property, seeded)', () => {
  it.each(LANGS.flatMap((lang) => [QUANTITY_DECIMALS, UNIT_PRICE_DECIMALS, PRICE_DECIMALS].map((scale) => [lang, scale] as const)))(
    '%s at scale %i',
    (lang, scale) => {
      const next = mulberry32(SEED + scale * 7 + (lang === 'fr' ? 1 : 0));
      const failures: string[] = [];
      const expectRead = (shown: string, value: string, how: string) => {
        const read = readDecimal(shown, lang, scale);
        if (!read.ok || read.value !== value) failures.push(`${how} ${JSON.stringify(shown)} of ${value} read as ${JSON.stringify(read)}`);
      };
      for (let i = 0; i < CASES; i++) {
        const value = randomDecimal(next, scale);
        const shown = formatDecimal(value, lang);
        expectRead(shown, value, 'shown');
        expectRead(formatDecimal(value, lang, { minDecimals: 2 }), value, 'money-padded');
        expectRead(formatDecimal(value, lang, { minDecimals: scale }), value, 'fully padded');
        expectRead(editDecimal(value, lang), value, 'edited');
        if (lang === 'fr') {
          expectRead(shown.replace(/\u202f/g, ' '), value, 'typed with spaces');
          expectRead(shown.replace(/\u202f/g, '\u00a0'), value, 'typed with no-break spaces');
        }
        // A value written with padding zeros by the API ('12.500') reads back as its canonical text.
        expectRead(formatDecimal(toFixedDecimal(value, scale), lang), value, 'from API text');
        if (failures.length > 5) break;
      }
      expect(failures).toEqual([]);
    },
  );

  it('covers every scale the portal declares', () => {
    expect([QUANTITY_DECIMALS, UNIT_PRICE_DECIMALS, PRICE_DECIMALS].sort()).toEqual(Object.values(SCALES).sort());
  });
});

describe('readDecimal: the table of issue 21', () => {
  it.each([
    ['1.500', '1500'],
    ['12.345.678,9', '12345678.9'],
    ['1.234,5', '1234.5'],
    ['2,5', '2.5'],
    ['2.5', '2.5'],
    ['1.50', '1.5'],
    ['0.500', '0.5'],
    ['  -1.234,50 ', '-1234.5'],
    ['1 234,5', '1234.5'],
  ])('it: %j → %j', (typed, value) => {
    expect(readDecimal(typed, 'it', 3)).toEqual({ ok: true, value });
  });

  it.each([
    ['1 234,5', '1234.5'],
    ['1\u00a0234,5', '1234.5'],
    ['1\u202f234,5', '1234.5'],
    ['2.5', '2.5'],
    ['2,5', '2.5'],
    ['1.50', '1.5'],
  ])('fr: %j → %j', (typed, value) => {
    expect(readDecimal(typed, 'fr', 3)).toEqual({ ok: true, value });
  });

  it.each([
    ['it', '1.50.0', 'misplacedGroup'],
    ['it', '12.34,5', 'misplacedGroup'],
    ['it', '2,5,1', 'twoMarks'],
    ['it', '1,5.3', 'twoMarks'],
    ['it', 'abc', 'invalidNumber'],
    ['it', '2a', 'invalidNumber'],
    ['it', '2,1234', 'tooManyDecimals'],
    ['fr', '1.500', 'ambiguousPoint'],
    ['fr', '1.234,5', 'misplacedGroup'],
    ['fr', '1 23,5', 'misplacedGroup'],
    ['fr', '2,5,1', 'twoMarks'],
    ['fr', 'abc', 'invalidNumber'],
    ['fr', '2,1234', 'tooManyDecimals'],
  ] as const)('%s: %j is refused (%s), never guessed', (lang, typed, problem) => {
    expect(readDecimal(typed, lang, 3)).toEqual({ ok: false, problem });
  });

  it('counts decimals after dropping trailing zeros: 2,5000 fits a quantity, 2,5001 does not', () => {
    expect(readDecimal('2,5000', 'it', 3)).toEqual({ ok: true, value: '2.5' });
    expect(readDecimal('2,5001', 'it', 3)).toEqual({ ok: false, problem: 'tooManyDecimals' });
    expect(readDecimal('2,50001', 'it', 5)).toEqual({ ok: true, value: '2.50001' });
  });
});
