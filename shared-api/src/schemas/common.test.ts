import { z } from 'zod';
import { fieldMessages } from '../validation/issues';
import { optionalText, requiredText } from './common';

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
