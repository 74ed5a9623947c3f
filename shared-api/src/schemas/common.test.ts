import { z } from 'zod';
import { fieldMessages } from '../validation/issues';
import { decimal, id, optionalId, optionalText, pageQuery, queryId, requiredText } from './common';

const schema = z.object({ name: requiredText(10), note: optionalText(5) });
const messages = (input: unknown) => {
  const r = schema.safeParse(input);
  return r.success ? {} : fieldMessages(r.error, 'it');
};

describe('shared text fields', () => {
  it('missing or blank is "required", another type is "invalid value"', () => {
    expect(messages({}).name).toBe('Campo obbligatorio');
    expect(messages({ name: null }).name).toBe('Campo obbligatorio');
    expect(messages({ name: '   ' }).name).toBe('Campo obbligatorio');
    expect(messages({ name: 42 }).name).toBe('Valore non valido');
    expect(messages({ name: { a: 1 } }).name).toBe('Valore non valido');
  });

  it('too long names its limit; optional blanks become null', () => {
    expect(messages({ name: 'x'.repeat(11) }).name).toBe('Testo troppo lungo (massimo 10 caratteri)');
    expect(schema.parse({ name: ' Rossi ', note: '  ' })).toEqual({ name: 'Rossi', note: null });
    expect(messages({ name: 'a', note: 7 }).note).toBe('Valore non valido');
  });
});

describe('strict ids and paging numbers', () => {
  const ids = z.object({ id, filter: queryId, ref: optionalId, ...pageQuery() });
  const ok = (input: Record<string, unknown>) => ids.safeParse({ id: '1', ...input });

  it('reads digits only: 0x10, " 1", 1e0, +1, 1.0 are invalid values', () => {
    expect(ok({ id: '16' }).data).toMatchObject({ id: 16, ref: null, limit: 100, offset: 0 });
    for (const bad of ['0x10', ' 1', '1e0', '+1', '1.0', '1 ', '-1', '0', '99999999999999999']) {
      expect(ok({ id: bad }).success).toBe(false);
      expect(ok({ filter: bad }).success).toBe(false);
      expect(ok({ limit: bad }).success).toBe(false);
    }
    expect(ok({ offset: '0x10' }).success).toBe(false);
  });

  it('blank query filters and empty selects mean "none"', () => {
    expect(ok({ filter: '', ref: '', limit: '', offset: '' }).data).toEqual({ id: 1, filter: undefined, ref: null, limit: 100, offset: 0 });
    expect(ok({ filter: '7', ref: 8, limit: '5', offset: '10' }).data).toMatchObject({ filter: 7, ref: 8, limit: 5, offset: 10 });
  });
});

describe('texts refuse control characters', () => {
  it('NUL and other C0 controls are "controlChars"; tab and new lines are kept', () => {
    expect(messages({ name: 'a\u0000b' }).name).toBe('Il testo contiene caratteri non ammessi (caratteri di controllo)');
    expect(messages({ name: 'a', note: 'x\u0007' }).note).toBe('Il testo contiene caratteri non ammessi (caratteri di controllo)');
    expect(schema.parse({ name: 'a\tb', note: '1\n2' })).toEqual({ name: 'a\tb', note: '1\n2' });
  });
});

describe('exact decimals', () => {
  const price = decimal({ decimals: 5, max: 1_000_000 });
  const problem = (v: unknown) => {
    const r = z.object({ price }).safeParse({ price: v });
    return r.success ? r.data.price : fieldMessages(r.error, 'it').price;
  };

  it('keeps the exact decimal text of a number or a string, never rounded', () => {
    expect(problem(2.5)).toBe('2.5');
    expect(problem('0012.50000')).toBe('12.5');
    expect(problem('0.00001')).toBe('0.00001');
  });

  it('words every refusal', () => {
    expect(problem(0.1 + 0.2)).toBe('Al massimo 5 decimali');
    expect(problem('1.000001')).toBe('Al massimo 5 decimali');
    expect(problem(0)).toBe('Il valore deve essere maggiore di zero');
    expect(problem(-1)).toBe('Il valore deve essere maggiore di zero');
    expect(problem(2_000_000)).toBe('Valore troppo grande (massimo 1.000.000)');
    expect(problem('abc')).toBe('Valore non valido');
    expect(problem(undefined)).toBe('Campo obbligatorio');
    expect(z.object({ p: decimal({ decimals: 2, max: 10, min: 'notNegative' }) }).parse({ p: 0 })).toEqual({ p: '0' });
  });
});
