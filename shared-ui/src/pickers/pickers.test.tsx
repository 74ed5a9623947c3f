import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { MemoryRouter } from 'react-router';
import { LocationProbe, signInAs, switchLanguage } from '../testing';
import { usePagedList } from '../lists/usePagedList';
import { ProductPicker, WarehousePicker } from './pickers';

const product = (id: number, code: string, description = '') => ({ id, code, description, status: 'active' });
const queries: URLSearchParams[] = [];
const server = setupServer(
  http.get('*/api/products', ({ request }) => {
    const params = new URL(request.url).searchParams;
    queries.push(params);
    const rows = [product(1, 'VIT-M6', 'Vite M6'), product(2, 'VIT-M8', 'Vite M8')];
    return HttpResponse.json(rows, { headers: { 'X-Total-Count': '42' } });
  }),
  http.get('*/api/products/:id', ({ params }) => HttpResponse.json(product(Number(params.id), 'DAD-10', 'Dado 10'))),
  http.get('*/api/warehouses', () =>
    HttpResponse.json([
      { id: 1, name: 'Centrale', description: null, is_active: true },
      { id: 2, name: 'Chiuso', description: null, is_active: false },
      { id: 3, name: 'Nord', description: null, is_active: true },
    ]),
  ),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  queries.length = 0;
});
afterAll(() => server.close());
beforeEach(async () => {
  signInAs('admin');
  await switchLanguage('it');
});

describe('ProductPicker', () => {
  it('searches active products of one supplier, debounced, and hands back the id and the row', async () => {
    const onChange = jest.fn();
    render(<ProductPicker name="product_id" value={null} onChange={onChange} supplierId={7} required data-testid="product" />);
    const input = screen.getByRole('combobox', { name: /Prodotto/ });
    await userEvent.click(input);
    expect(input).toHaveAttribute('aria-expanded', 'false'); // focus alone opens nothing
    await userEvent.type(input, 'vit');
    const option = await screen.findByTestId('product-option-VIT-M8');
    expect(screen.getByRole('status')).toHaveTextContent('Altri 40 risultati');
    await userEvent.click(option);
    expect(onChange).toHaveBeenLastCalledWith(2, expect.objectContaining({ code: 'VIT-M8' }));
    expect(input).toHaveValue('VIT-M8 — Vite M8');
    const last = queries[queries.length - 1];
    expect(Object.fromEntries(last)).toEqual({ q: 'vit', limit: '20', sort: 'code', order: 'asc', status: 'active', supplier_id: '7' });
    // Debounced: one request for three keys.
    expect(queries).toHaveLength(1);
  });

  it('Enter while choosing never saves the form: not on "no results", not on a typed text that chose nothing', async () => {
    server.use(http.get('*/api/products', () => HttpResponse.json([], { headers: { 'X-Total-Count': '0' } })));
    const onSubmit = jest.fn((e: { preventDefault: () => void }) => e.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <ProductPicker name="product_id" value={null} onChange={() => undefined} />
        <button type="submit">Salva</button>
      </form>,
    );
    const input = screen.getByRole('combobox', { name: /Prodotto/ });
    await userEvent.type(input, 'OLIO-IDR');
    expect(await screen.findByText(/Nessun/)).toBeInTheDocument();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard('{Escape}');
    await userEvent.keyboard('{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Salva' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('shows a chosen id by reading its product', async () => {
    render(<ProductPicker name="product_id" value={5} onChange={() => undefined} />);
    expect(await screen.findByDisplayValue('DAD-10 — Dado 10')).toBeInTheDocument();
  });
});

describe('WarehousePicker', () => {
  it('offers active warehouses except the excluded ones, and keeps an inactive current one', async () => {
    const onChange = jest.fn();
    const { rerender } = render(<WarehousePicker name="warehouse_id" value="" onChange={onChange} exclude={[3]} />);
    const select = screen.getByRole('combobox', { name: 'Magazzino' });
    await screen.findByRole('option', { name: 'Centrale' });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Seleziona un magazzino', 'Centrale']);
    await userEvent.selectOptions(select, 'Centrale');
    expect(onChange).toHaveBeenCalledWith(1, expect.objectContaining({ name: 'Centrale' }));
    rerender(<WarehousePicker name="warehouse_id" value={2} onChange={onChange} />);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Seleziona un magazzino',
      'Centrale',
      'Chiuso (disattivato)',
      'Nord',
    ]);
  });

  it("says so when the warehouses cannot be read (its own read, with Retry, or the screen's), and reads nothing when the screen gives the list", async () => {
    let asked = 0;
    server.use(
      http.get('*/api/warehouses', () => {
        asked += 1;
        return asked === 1 ? HttpResponse.json({ error: 'down' }, { status: 500 }) : HttpResponse.json([{ id: 1, name: 'Centrale' }]);
      }),
    );
    const { unmount } = render(<WarehousePicker name="warehouse_id" value="" onChange={() => undefined} />);
    expect(await screen.findByText(/Elenco non disponibile/)).toBeInTheDocument();
    // Its own read: Retry reads the list again, and the picker offers it.
    await userEvent.click(screen.getByRole('button', { name: 'Riprova' }));
    await waitFor(() => expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Seleziona un magazzino', 'Centrale']));
    expect(screen.queryByText(/Elenco non disponibile/)).not.toBeInTheDocument();
    unmount();
    const given = render(<WarehousePicker name="warehouse_id" value="" onChange={() => undefined} warehouses={[]} />);
    expect(asked).toBe(2);
    expect(screen.queryByText('Elenco non disponibile')).not.toBeInTheDocument();
    // The screen's own read failed (useWarehouses().failed): said the same way; reading again is the screen's.
    given.rerender(<WarehousePicker name="warehouse_id" value="" onChange={() => undefined} warehouses={[]} loadFailed />);
    expect(screen.getByText('Elenco non disponibile')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Riprova' })).toBeNull();
  });
});

function List() {
  const list = usePagedList<{ id: number; code: string }>('/products', {
    defaultSort: 'code',
    sorts: ['code', 'description'],
    filters: ['status'],
    pageSize: 2,
  });
  return (
    <div>
      <input aria-label="cerca" value={list.search} onChange={(e) => list.setSearch(e.target.value)} />
      <button onClick={() => list.toggleSort('description')}>sort</button>
      <button onClick={() => list.setOffset(list.offset + list.pageSize)}>next</button>
      <output data-testid="state">{`${list.status} ${list.total} ${list.rows.map((r) => r.code).join(',')}`}</output>
      <LocationProbe />
      <output data-testid="search">{typeof window !== 'undefined' ? '' : ''}</output>
    </div>
  );
}

describe('usePagedList', () => {
  it('reads q, sort, order, offset and filters from the URL, debounces the search and counts with X-Total-Count', async () => {
    render(
      <MemoryRouter initialEntries={['/anagrafica/prodotti?status=active&sort=bogus&offset=2']}>
        <List />
      </MemoryRouter>,
    );
    expect(await screen.findByText('ready 42 VIT-M6,VIT-M8')).toBeInTheDocument();
    expect(Object.fromEntries(queries[0])).toEqual({ sort: 'code', order: 'asc', limit: '2', offset: '2', status: 'active' });
    await userEvent.type(screen.getByLabelText('cerca'), 'vite');
    await act(() => new Promise((r) => setTimeout(r, 400)));
    const afterSearch = Object.fromEntries(queries[queries.length - 1]);
    expect(afterSearch).toMatchObject({ q: 'vite', status: 'active' });
    expect(afterSearch.offset).toBe('0'); // a new search starts at the first page
    await userEvent.click(screen.getByText('sort'));
    await screen.findByText('ready 42 VIT-M6,VIT-M8');
    expect(Object.fromEntries(queries[queries.length - 1])).toMatchObject({ sort: 'description', order: 'asc', q: 'vite' });
  });
});
