import { renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { StockRow } from '@wms/shared-api';
import { signInAs, switchLanguage } from '@wms/shared-ui/testing';
import '../i18n';
import { useLeavingStock, type LeavingStockQuery } from './leaving-stock';

const row = (batch: string, quantity: string, expiry: string | null): StockRow =>
  ({ product_id: 1, warehouse_id: 2, batch_number: batch, quantity, expiry_date: expiry, unit_of_measure: 'kg' }) as StockRow;

let answer: () => Response = () => HttpResponse.json([]);
const server = setupServer(http.get('*/api/stock/product/1', () => answer()));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(async () => {
  signInAs('warehouse');
  await switchLanguage('it');
});

const query = (batch: string | null): LeavingStockQuery => ({ productId: 1, warehouseId: 2, batch, unit: 'kg' });

describe('useLeavingStock: one logic and one wording for goods that leave (an unload, a transfer line)', () => {
  it('offers the batches FEFO, says what the chosen one has, and words the options', async () => {
    answer = () => HttpResponse.json([row('L7', '10', '2027-09-30'), row('L2', '6.5', '2027-01-31'), row('L9', '2', null)]);
    const { result, rerender } = renderHook(({ q }) => useLeavingStock(q), { initialProps: { q: query('') } });
    expect(result.current.hint).toBe('Lettura della giacenza…');
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.choices?.map((c) => c.batch)).toEqual(['L2', 'L7', 'L9']);
    expect(result.current.available).toBeNull(); // no batch chosen yet
    rerender({ q: query('L2') });
    expect(result.current.available).toBe('6.5');
    expect(result.current.hint).toBe('Disponibile: 6,5\u00a0kg');
    const { placeholder, optionText } = result.current.select;
    expect(placeholder).toBe('Scegli il lotto');
    expect(optionText({ batch: 'L2', expiry: '31/01/2027', quantity: '6,5 kg' })).toBe('L2 · scad. 31/01/2027 · disponibili 6,5 kg');
    expect(optionText({ batch: 'L9', expiry: null, quantity: '2 kg' })).toBe('L9 · disponibili 2 kg');
  });

  it('says when there is none in the warehouse, when the stock cannot be read, and asks nothing without a query', async () => {
    answer = () => HttpResponse.json([]);
    const none = renderHook(() => useLeavingStock(query(null)));
    await waitFor(() => expect(none.result.current.hint).toBe('Nessuna giacenza di questo prodotto nel magazzino scelto'));
    answer = () => HttpResponse.json({ error: 'down' }, { status: 500 });
    const failed = renderHook(() => useLeavingStock(query(null)));
    await waitFor(() => expect(failed.result.current.hint).toBe('Impossibile leggere la giacenza del prodotto'));
    const idle = renderHook(() => useLeavingStock(null));
    expect(idle.result.current).toMatchObject({ status: 'idle', choices: null, available: null, hint: undefined });
  });

  it('speaks French', async () => {
    await switchLanguage('fr');
    answer = () => HttpResponse.json([row('L2', '6.5', '2027-01-31')]);
    const { result } = renderHook(() => useLeavingStock(query('L2')));
    await waitFor(() => expect(result.current.hint).toBe('Disponible : 6,5\u00a0kg'));
    expect(result.current.select.optionText({ batch: 'L2', expiry: '31/01/2027', quantity: '6,5 kg' })).toBe(
      'L2 · exp. 31/01/2027 · 6,5 kg disponible(s)',
    );
  });
});
