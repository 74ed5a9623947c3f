import { inexactJsonNumber } from '../../src/http/json-parser';
import { makeTestApp, type TestApp } from '../helpers';

/**
 * A number in a JSON body that JSON.parse would round is refused, never stored other than as it was written (an API
 * probe posted "quantity": 1.00000000000000000000000001 and a movement of 1 was saved). Exact decimals go as strings.
 */
describe('inexactJsonNumber', () => {
  it.each([
    '{"a":1}',
    '{"a":0.1,"b":1.50,"c":1e3,"d":-0,"e":0.30000000000000004,"f":1E-7}',
    '[9007199254740991, -12.5, 0, 0.0, 100]',
    '{"a":"1.00000000000000000000000001","b":"9007199254740993"}',
    '{"a\\"1.000000000000000000000000001":2}',
    '{"q":1e+21}',
  ])('%s: every number reads as written', (text) => {
    expect(inexactJsonNumber(text)).toBeNull();
  });

  it.each([
    ['{"quantity":1.00000000000000000000000001}', '1.00000000000000000000000001'],
    ['{"id":9007199254740993}', '9007199254740993'],
    ['[1, 12345678901234567890]', '12345678901234567890'],
    ['{"a":"x","b":0.10000000000000001}', '0.10000000000000001'],
    ['{"big":1e400}', '1e400'],
    ['{"small":-1e-400}', '-1e-400'],
  ])('%s: %s would be rounded', (text, number) => {
    expect(inexactJsonNumber(text)).toBe(number);
  });
});

describe('POST with a number JSON would round: 400 INEXACT_NUMBER in the caller’s language, nothing written', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await makeTestApp();
    ({ headers } = await t.signIn('admin'));
  });
  afterAll(() => t.close());

  it('a movement of 1.00000000000000000000000001 is refused, not saved as 1; as text it is refused for its decimals', async () => {
    const count = async () => (await t.db.query<{ n: string }>('SELECT count(*)::text AS n FROM stock_movements')).rows[0].n;
    const before = await count();
    const body =
      '{"movement_type":"C","movement_date":"28/11/2026","product_id":1,"warehouse_id":1,"quantity":1.00000000000000000000000001}';
    const send = (payload: string, lang: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/stock-movements',
        headers: { ...headers, 'content-type': 'application/json', 'accept-language': lang },
        payload,
      });
    const it_ = await send(body, 'it');
    expect({ status: it_.statusCode, code: it_.json().code }).toEqual({ status: 400, code: 'INEXACT_NUMBER' });
    expect(it_.json().error).toBe(
      'Richiesta non valida: il numero 1.00000000000000000000000001 non si può leggere esattamente da JSON; invialo come testo ("1.00000000000000000000000001")',
    );
    expect((await send(body, 'fr')).json().error).toMatch(/^Requête non valide : le nombre 1\.00000000000000000000000001 ne peut pas/);
    const asText = await send(body.replace(/:1\.0+1}/, ':"1.00000000000000000000000001"}'), 'it');
    expect({ status: asText.statusCode, code: asText.json().code }).toEqual({ status: 400, code: 'VALIDATION' });
    expect(await count()).toBe(before);
  });
});
