import { act, render, screen } from '@testing-library/react';
import { BrowserRouter, Route, Routes } from '@wms/shared-ui/router';
import { fetchPage } from './fetch-page';
import { usePagedList } from './usePagedList';

jest.mock('./fetch-page', () => ({ fetchPage: jest.fn() }));
const fetchPageMock = fetchPage as jest.MockedFunction<typeof fetchPage>;

function List() {
  const list = usePagedList<{ id: number }>('/products');
  return <input aria-label="Cerca" value={list.search} onChange={(e) => list.setSearch(e.target.value)} data-total={list.total} />;
}

function renderList() {
  return render(
    <BrowserRouter>
      <Routes>
        <Route path="/anagrafica/prodotti" element={<List />} />
        <Route path="*" element={<p>altrove</p>} />
      </Routes>
    </BrowserRouter>,
  );
}

function type(text: string) {
  act(() => {
    const box = screen.getByLabelText('Cerca') as HTMLInputElement;
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    setter.call(box, text);
    box.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

describe('usePagedList search in the URL (browser router)', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    fetchPageMock.mockReset();
    fetchPageMock.mockResolvedValue({ rows: [], total: 0 });
    window.history.replaceState(null, '', '/anagrafica/prodotti');
  });
  afterEach(() => jest.useRealTimers());

  it('writes the term into the URL once typing pauses', async () => {
    renderList();
    type('vite');
    expect(window.location.search).toBe('');
    await act(async () => {
      jest.advanceTimersByTime(300);
    });
    expect(window.location.pathname).toBe('/anagrafica/prodotti');
    expect(new URLSearchParams(window.location.search).get('q')).toBe('vite');
    expect(fetchPageMock).toHaveBeenLastCalledWith('/products', expect.objectContaining({ q: 'vite' }), expect.anything());
  });

  it('drops the pending write when the user has navigated away before it fired (the list still on screen)', async () => {
    renderList();
    type('vite');
    // A navigation has started (the browser's path moved) while the next screen is still loading: the list is mounted.
    window.history.pushState(null, '', '/anagrafica/prodotti/7');
    await act(async () => {
      jest.advanceTimersByTime(300);
    });
    expect(window.location.pathname).toBe('/anagrafica/prodotti/7');
    expect(window.location.search).toBe('');
  });
});

describe('usePagedList: two URL writes before the router commits the first', () => {
  let list: ReturnType<typeof usePagedList<{ id: number }>> | null = null;
  function Both() {
    list = usePagedList<{ id: number }>('/stock-movements', { filters: ['code'], sorts: ['quantity', 'date'], defaultSort: 'date' });
    return null;
  }
  beforeEach(() => {
    fetchPageMock.mockReset();
    fetchPageMock.mockResolvedValue({ rows: [], total: 0 });
    window.history.replaceState(null, '', '/operazioni/movimenti');
  });

  it('compose: a filter and a sort written in one go both reach the URL (the second does not start from the stale URL)', async () => {
    render(
      <BrowserRouter>
        <Routes>
          <Route path="/operazioni/movimenti" element={<Both />} />
        </Routes>
      </BrowserRouter>,
    );
    await act(async () => {
      list!.setFilter('code', 'E2E-MOV');
      list!.toggleSort('quantity');
    });
    const params = new URLSearchParams(window.location.search);
    expect(params.get('code')).toBe('E2E-MOV');
    expect(params.get('sort')).toBe('quantity');
  });
});
