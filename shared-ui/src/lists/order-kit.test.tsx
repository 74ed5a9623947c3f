import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { codeColumn } from '../components/code-column';
import { dayColumn } from '../components/day-column';
import { formatTotals, Totals, totalsText } from '../format/totals';
import { ListError } from '../forms/ListError';
import { optionalField } from '../forms/optional-field';
import { useFormList } from '../forms/useFormList';
import { signInAs, switchLanguage } from '../testing';
import { ToastHost } from '../toasts/toasts';
import { ExportButton } from './export';
import { flagFilterField } from './flag-filter';

/** Kit parts a list + form pair leans on (issue 22): totals per currency, day columns, a form's rows, optional fields, CSV export. */
const asked: URL[] = [];
const server = setupServer(
  http.get('*/api/things/export.csv', ({ request }) => {
    asked.push(new URL(request.url));
    return new HttpResponse('a;b\n', {
      headers: { 'content-type': 'text/csv', 'content-disposition': `attachment; filename="x.csv"; filename*=UTF-8''cose-2026.csv` },
    });
  }),
  http.get('*/api/broken/export.csv', () => HttpResponse.json({ error: 'Esportazione rifiutata', code: 'NOPE' }, { status: 409 })),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  signInAs('admin');
  return switchLanguage('it');
});

describe('totals per currency', () => {
  const totals = [
    { currency: 'EUR', amount: '1234.5' },
    { currency: 'USD', amount: '3' },
  ];
  it('shows each currency with 2 decimals in the user’s language, never added up', async () => {
    const spaces = (x: string) => x.replace(/[\u00a0\u202f]/g, ' ');
    expect(formatTotals(totals).map(spaces)).toEqual(['1.234,50 €', '3,00 USD']);
    expect(spaces(totalsText(totals))).toBe('1.234,50 € + 3,00 USD');
    expect(totalsText([])).toBe('—');
    const { container } = render(<Totals totals={totals} />);
    expect(spaces(container.textContent ?? '')).toBe('1.234,50 € + 3,00 USD');
    expect(container.querySelectorAll('.nowrap')).toHaveLength(2);
    await switchLanguage('fr');
    expect(spaces(totalsText(totals))).toBe('1 234,50 € + 3,00 USD');
  });
});

it('dayColumn sorts on the ISO day and shows dd/MM/yyyy on one line', () => {
  const col = dayColumn<{ d: string | null }>('d', 'Data', (r) => r.d, { priority: 'low' });
  expect(col.value?.({ d: '2026-03-05' })).toBe('2026-03-05');
  expect(col.render?.({ d: '2026-03-05' })).toBe('05/03/2026');
  expect(col.render?.({ d: null })).toBe('');
  expect(col).toMatchObject({ nowrap: true, priority: 'low' });
});

it('codeColumn keeps a code whole, on one line, in the code style', () => {
  const col = codeColumn<{ n: string }>('order_number', 'Numero', (r) => r.n);
  expect(col).toMatchObject({ truncate: 0, nowrap: true });
  expect(col.value?.({ n: 'PO-2026-00003' })).toBe('PO-2026-00003');
  const { container } = render(<>{col.render?.({ n: 'PO-2026-00003' })}</>);
  expect(container.querySelector('.code')).toHaveTextContent('PO-2026-00003');
});

it('ListError says a list’s own message, announced, under error-<name>; nothing without one', () => {
  const { rerender } = render(<ListError name="items" error="Aggiungi almeno un prodotto" />);
  expect(screen.getByRole('alert')).toHaveTextContent('Aggiungi almeno un prodotto');
  expect(screen.getByTestId('error-items')).toBeInTheDocument();
  rerender(<ListError name="items" />);
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

it('flagFilterField: checked is name=true, unchecked no filter', () => {
  const setFilter = jest.fn();
  const on = flagFilterField({ filter: () => 'true', setFilter }, 'late');
  expect(on).toMatchObject({ name: 'late', value: true });
  on.onChange(false);
  on.onChange(true);
  expect(setFilter.mock.calls).toEqual([
    ['late', ''],
    ['late', 'true'],
  ]);
  expect(flagFilterField({ filter: () => '', setFilter }, 'late').value).toBe(false);
});

it('optionalField shows null as empty and gives null for an emptied field', () => {
  const onChange = jest.fn();
  const b = optionalField<string | null>({ name: 'notes', value: null, onChange, onInputProblem: () => undefined });
  expect(b.value).toBe('');
  b.onChange('');
  b.onChange('ciao');
  expect(onChange.mock.calls).toEqual([[null], ['ciao']]);
});

it('useFormList: changes made before the next render all stay, and latest() sees them', () => {
  let stored: Array<{ k: string; n: number }> = [{ k: 'a', n: 1 }];
  const { result, rerender } = renderHook(() => useFormList(stored, (rows) => (stored = rows)));
  act(() => {
    result.current.add({ k: 'b', n: 2 });
    result.current.patch(0, { n: 10 });
    expect(result.current.latest()).toEqual([
      { k: 'a', n: 10 },
      { k: 'b', n: 2 },
    ]);
  });
  rerender();
  expect(result.current.rows).toEqual([
    { k: 'a', n: 10 },
    { k: 'b', n: 2 },
  ]);
  act(() => result.current.removeAt(0));
  rerender();
  expect(result.current.rows).toEqual([{ k: 'b', n: 2 }]);
});

describe('ExportButton', () => {
  const list = (values: Record<string, string>) => ({ filter: (name: string) => values[name] ?? '' });
  beforeEach(() => {
    URL.createObjectURL = jest.fn(() => 'blob:x');
    URL.revokeObjectURL = jest.fn();
  });

  it('downloads the filtered list (search and filters, empty ones left out) under the server’s file name', async () => {
    const names: string[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    render(
      <ExportButton
        list={list({ q: 'vite', status: 'open', late: '' })}
        path="/things/export.csv"
        filters={['status', 'late']}
        fileName="cose.csv"
        label="Esporta CSV"
        failureKey="common:actions.edit"
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Esporta CSV' }));
    await waitFor(() => expect(names).toEqual(['cose-2026.csv']));
    expect(Object.fromEntries(asked[0].searchParams)).toEqual({ q: 'vite', status: 'open' });
    click.mockRestore();
  });

  it('a refused export is a toast with the server’s reason', async () => {
    render(
      <>
        <ToastHost />
        <ExportButton list={list({})} path="/broken/export.csv" filters={[]} fileName="x.csv" label="Esporta" failureKey="x" />
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Esporta' }));
    expect(await screen.findByText('Esportazione rifiutata')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Esporta' })).toBeEnabled();
  });
});
