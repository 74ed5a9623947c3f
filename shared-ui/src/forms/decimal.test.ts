import { editDecimal, formatDecimal, parseDecimal, PRICE_DECIMALS, QUANTITY_DECIMALS, UNIT_PRICE_DECIMALS } from './decimal';

// What Italian and French users type into a quantity (3 decimals), unit price (4) or price (5), and what is kept.
// The parse does not depend on the language: both write the comma, and a point is accepted as a decimal mark too.
describe.each(['it', 'fr'] as const)('parseDecimal as typed in %s', () => {
  it.each([
    ['', QUANTITY_DECIMALS, ''],
    ['   ', QUANTITY_DECIMALS, ''],
    ['2,5', QUANTITY_DECIMALS, '2.5'],
    ['2.5', QUANTITY_DECIMALS, '2.5'],
    [' 2,5 ', QUANTITY_DECIMALS, '2.5'],
    [',5', QUANTITY_DECIMALS, '0.5'],
    ['5,', QUANTITY_DECIMALS, '5'],
    ['007', QUANTITY_DECIMALS, '7'],
    ['0', QUANTITY_DECIMALS, '0'],
    ['1234,125', QUANTITY_DECIMALS, '1234.125'],
    ['2,5000', QUANTITY_DECIMALS, '2.5'],
    ['0,001', QUANTITY_DECIMALS, '0.001'],
    ['-3,25', QUANTITY_DECIMALS, '-3.25'],
    ['-0', QUANTITY_DECIMALS, '0'],
    ['12,3456', UNIT_PRICE_DECIMALS, '12.3456'],
    ['0,12345', PRICE_DECIMALS, '0.12345'],
    ['123456789012,5', QUANTITY_DECIMALS, '123456789012.5'],
    ['9007199254740993', QUANTITY_DECIMALS, '9007199254740993'],
  ])('%j (max %i decimals) → %j', (typed, decimals, expected) => {
    expect(parseDecimal(typed, decimals)).toEqual({ ok: true, value: expected });
  });

  it.each([
    ['2,5,1', QUANTITY_DECIMALS, 'invalidNumber'],
    ['1.234,5', QUANTITY_DECIMALS, 'invalidNumber'],
    ['1 234', QUANTITY_DECIMALS, 'invalidNumber'],
    ['abc', QUANTITY_DECIMALS, 'invalidNumber'],
    ['2,5kg', QUANTITY_DECIMALS, 'invalidNumber'],
    ['1e3', QUANTITY_DECIMALS, 'invalidNumber'],
    [',', QUANTITY_DECIMALS, 'invalidNumber'],
    ['-', QUANTITY_DECIMALS, 'invalidNumber'],
    ['+2', QUANTITY_DECIMALS, 'invalidNumber'],
    ['2,1234', QUANTITY_DECIMALS, 'tooManyDecimals'],
    ['0,0001', QUANTITY_DECIMALS, 'tooManyDecimals'],
    ['1,23456', UNIT_PRICE_DECIMALS, 'tooManyDecimals'],
    ['1,123456', PRICE_DECIMALS, 'tooManyDecimals'],
  ])('%j (max %i decimals) is refused: %s', (typed, decimals, problem) => {
    expect(parseDecimal(typed, decimals)).toEqual({ ok: false, problem });
  });
});

describe('formatDecimal', () => {
  it.each([
    ['it', '1234.5', 0, '1.234,5'],
    ['fr', '1234.5', 0, '1\u202f234,5'],
    ['it', '2.5', 0, '2,5'],
    ['fr', '2.5', 0, '2,5'],
    ['it', '1234567.125', 0, '1.234.567,125'],
    ['it', '-1234', 2, '-1.234,00'],
    ['fr', '0.1', 2, '0,10'],
    ['it', '999', 0, '999'],
    ['it', '9007199254740993.12345', 0, '9.007.199.254.740.993,12345'],
    ['it', '', 0, ''],
    ['it', 'abc', 0, 'abc'],
  ] as const)('%s: %j → %j', (lang, value, min, expected) => {
    expect(formatDecimal(value, lang, min)).toBe(expected);
  });

  it('formats numbers as given by an API, without binary rounding', () => {
    expect(formatDecimal(0.3, 'it')).toBe('0,3');
  });
});

describe('editDecimal (what the input shows while typing: the comma, no grouping)', () => {
  it.each([
    ['it', '1234.5', '1234,5'],
    ['fr', '1234.5', '1234,5'],
    ['it', '7', '7'],
    ['it', '2,5,1', '2,5,1'],
  ] as const)('%s: %j → %j', (lang, value, expected) => {
    expect(editDecimal(value, lang)).toBe(expected);
  });

  it('reads back what it shows', () => {
    for (const v of ['0.001', '1234.125', '-5.5', '42']) expect(parseDecimal(editDecimal(v, 'it'), 3)).toEqual({ ok: true, value: v });
  });
});
