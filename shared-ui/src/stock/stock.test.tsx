import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { signInAs, switchLanguage } from '../testing';
import { quantityColumn } from '../components/quantity-column';
import { BatchSelect } from './BatchSelect';
import { useProductStock, type ProductStockQuery } from './product-stock';

const row = (productId: number, warehouseId: number, batch: string, quantity: string, inTransit = false) => ({
  product_id: productId,
  warehouse_id: warehouseId,
  warehouse_name: `W${warehouseId}`,
  in_transit: inTransit,
  batch_number: batch,
  quantity,
  expiry_date: null,
  production_date: null,
});
const asked: string[] = [];
let fail = false;
const server = setupServer(
  http.get('*/api/stock/product/:id', async ({ params, request }) => {
    const warehouse = new URL(request.url).searchParams.get('warehouse_id');
    asked.push(`${String(params.id)}:${warehouse ?? '*'}`);
    if (fail) return HttpResponse.json({ error: 'no' }, { status: 500 });
    // The first product answers late: a later query's rows must never be replaced by its answer.
    if (params.id === '1') await new Promise((r) => setTimeout(r, 50));
    return HttpResponse.json([row(Number(params.id), 1, `L${String(params.id)}`, '2.5'), row(Number(params.id), 1, 'T', '9', true)]);
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(async () => {
  asked.length = 0;
  fail = false;
  signInAs('admin');
  await switchLanguage('it');
});
afterAll(() => server.close());

function StockProbe({ start }: { start: ProductStockQuery | null }) {
  const [query, setQuery] = useState(start);
  const stock = useProductStock(query);
  return (
    <>
      <output data-testid="status">{stock.status}</output>
      <output data-testid="batches">{(stock.rows ?? []).map((r) => r.batch_number).join(',')}</output>
      <button type="button" onClick={() => setQuery({ productId: 2, warehouseId: 1 })}>
        product 2
      </button>
      <button type="button" onClick={stock.reload}>
        reload
      </button>
    </>
  );
}

describe('useProductStock', () => {
  it('asks for nothing without a query', () => {
    render(<StockProbe start={null} />);
    expect(screen.getByTestId('status')).toHaveTextContent('idle');
    expect(asked).toEqual([]);
  });

  it('reads one warehouse or all, never offers goods in transit, and keeps only the current query’s answer', async () => {
    render(<StockProbe start={{ productId: 1 }} />);
    expect(screen.getByTestId('status')).toHaveTextContent('loading');
    await userEvent.click(screen.getByRole('button', { name: 'product 2' }));
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('ready'));
    expect(screen.getByTestId('batches')).toHaveTextContent(/^L2$/);
    await new Promise((r) => setTimeout(r, 80));
    expect(screen.getByTestId('batches')).toHaveTextContent(/^L2$/);
    expect(asked).toEqual(['1:*', '2:1']);
    await userEvent.click(screen.getByRole('button', { name: 'reload' }));
    await waitFor(() => expect(asked).toEqual(['1:*', '2:1', '2:1']));
  });

  it('a failed read says so', async () => {
    fail = true;
    render(<StockProbe start={{ productId: 2, warehouseId: 1 }} />);
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('failed'));
  });
});

describe('BatchSelect', () => {
  const choices = [
    { batch: 'L1', quantity: '6.5', expiry_date: '2026-01-31' },
    { batch: 'L3', quantity: '1234.5', expiry_date: null },
  ];
  const text = ({ batch, expiry, quantity }: { batch: string; expiry: string | null; quantity: string }) =>
    expiry ? `${batch} · scad. ${expiry} · disponibili ${quantity}` : `${batch} · disponibili ${quantity}`;

  it('offers the batches in the order given, with expiry and the quantity with its unit; hands back the batch', async () => {
    const onChange = jest.fn();
    render(
      <BatchSelect
        name="batch_number"
        label="Lotto"
        value=""
        onChange={onChange}
        choices={choices}
        unit="kg"
        placeholder="Scegli"
        optionText={text}
      />,
    );
    const select = screen.getByLabelText('Lotto');
    expect(Array.from(select.querySelectorAll('option')).map((o) => o.textContent)).toEqual([
      'Scegli',
      'L1 · scad. 31/01/2026 · disponibili 6,5\u00a0kg',
      'L3 · disponibili 1.234,5\u00a0kg',
    ]);
    await userEvent.selectOptions(select, 'L3');
    expect(onChange).toHaveBeenCalledWith('L3');
  });

  it('is disabled while there is nothing to choose', () => {
    render(
      <BatchSelect name="batch" label="Lotto" value="" onChange={() => undefined} choices={[]} placeholder="Scegli" optionText={text} />,
    );
    expect(screen.getByLabelText('Lotto')).toBeDisabled();
  });
});

describe('quantityColumn', () => {
  it('writes the quantity in the reader’s language with its unit’s label, at the end, on one line', async () => {
    const column = quantityColumn<{ q: string; u: string | null }>(
      'quantity',
      'Quantità',
      (r) => r.q,
      (r) => r.u,
      {
        testId: () => 'q',
      },
    );
    expect(column).toMatchObject({ align: 'end', nowrap: true });
    expect(column.value?.({ q: '1234.5', u: 'piece' })).toBe('1234.5');
    render(<p data-testid="cell">{column.render?.({ q: '1234.5', u: 'piece' })}</p>);
    expect(screen.getByTestId('cell')).toHaveTextContent(/^1\.234,5 pz$/);
    expect(screen.getByTestId('q')).toHaveTextContent(/^1\.234,5$/);
    await switchLanguage('fr');
    render(<p data-testid="fr">{column.render?.({ q: '2.5', u: null })}</p>);
    expect(screen.getByTestId('fr')).toHaveTextContent(/^2,5$/);
  });
});
