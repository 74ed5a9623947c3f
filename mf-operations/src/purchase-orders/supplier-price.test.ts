import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { offersPriceFromToday, unitPriceFromInForce, type PriceFromTodayResult } from '@wms/shared-api';
import { signInAs } from '@wms/shared-ui/testing';
import { savePriceFromToday } from './api';

/**
 * "Save as the supplier's price from today" (issue 22): when an order line offers it (the rule, in shared-api), and the one
 * call that does it — the server closes the old price and opens the new one in one transaction, so the client has
 * nothing to put back when it fails.
 */
describe('offersPriceFromToday', () => {
  const line = { product_id: 11, unit_price: '2.75', source: { kind: 'manual' } };
  it('offers a price typed by hand, above zero, different from the one in force', () => {
    expect(offersPriceFromToday(line)).toBe(true);
    expect(offersPriceFromToday({ ...line, inForce: null })).toBe(true);
    expect(offersPriceFromToday({ ...line, inForce: '2.50000' })).toBe(true);
  });
  it('does not offer the price in force itself (compared exactly), a zero, an unreadable text or a line without product', () => {
    expect(offersPriceFromToday({ ...line, inForce: '2.75000' })).toBe(false);
    expect(offersPriceFromToday({ ...line, source: { kind: 'price' } })).toBe(false);
    expect(offersPriceFromToday({ ...line, source: { kind: 'none' }, unit_price: '0' })).toBe(false);
    expect(offersPriceFromToday({ ...line, unit_price: '0.0000' })).toBe(false);
    expect(offersPriceFromToday({ ...line, unit_price: '2,5,1' })).toBe(false);
    expect(offersPriceFromToday({ ...line, unit_price: '' })).toBe(false);
    expect(offersPriceFromToday({ ...line, product_id: '' })).toBe(false);
  });
});

describe('unitPriceFromInForce', () => {
  it('prefills the price in force rounded to 4 decimals, keeping it to compare with, and says where it came from', () => {
    expect(unitPriceFromInForce({ price: '2.12345', start_date: '2026-01-01' })).toEqual({
      unit_price: '2.1235',
      inForce: '2.12345',
      source: { kind: 'price', from: '2026-01-01' },
    });
  });
  it('0 when no price is in force, and a price then typed is offered', () => {
    const none = unitPriceFromInForce(null);
    expect(none).toEqual({ unit_price: '0', inForce: null, source: { kind: 'none' } });
    expect(offersPriceFromToday({ product_id: 11, ...none })).toBe(false);
    expect(offersPriceFromToday({ product_id: 11, ...none, unit_price: '3.5', source: { kind: 'manual' } })).toBe(true);
  });
});

describe('savePriceFromToday', () => {
  const calls: Array<{ method: string; path: string; body: unknown }> = [];
  let answer: () => Response = () => HttpResponse.json({}, { status: 500 });
  const server = setupServer(
    http.all('*/api/*', async ({ request }) => {
      calls.push({
        method: request.method,
        path: new URL(request.url).pathname,
        body: await request
          .clone()
          .json()
          .catch(() => null),
      });
      return answer();
    }),
  );
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());
  beforeEach(() => {
    calls.length = 0;
    signInAs('orders');
  });
  const body = { supplier_id: 7, product_id: 11, price: '2.75', currency: 'EUR' as const };

  it('is one POST /prices/from-today with the line’s price, and hands back what the server did', async () => {
    const result = { outcome: 'created', price: { id: 9 }, closed: { id: 1 } } as unknown as PriceFromTodayResult;
    answer = () => HttpResponse.json(result, { status: 201 });
    await expect(savePriceFromToday(body)).resolves.toEqual(result);
    expect(calls).toEqual([{ method: 'POST', path: '/api/prices/from-today', body }]);
  });

  it('a refusal is the server’s error and nothing else is called (no compensation to run)', async () => {
    answer = () => HttpResponse.json({ error: 'Esiste già un prezzo valido per questo periodo', code: 'PRICE_OVERLAP' }, { status: 409 });
    await expect(savePriceFromToday(body)).rejects.toMatchObject({ response: { status: 409 } });
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/prices/from-today']);
  });
});
