import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { switchLanguage } from '../testing';
import type { Column } from '../components/DataTable';
import { PagedTable } from './PagedTable';
import type { ServerList } from './usePagedList';

beforeEach(() => switchLanguage('it'));

interface Row {
  id: number;
  code: string;
}
const columns: Column<Row>[] = [{ id: 'code', header: 'Codice', value: (r) => r.code }];

function list(over: Partial<ServerList<Row>>): ServerList<Row> {
  return { rows: [], total: 0, status: 'ready', refreshing: false, reload: jest.fn(), ...over };
}

function table(l: ServerList<Row>) {
  return (
    <PagedTable
      list={l}
      failedText="Errore nel caricamento"
      count={`Totale: ${l.total}`}
      countTestId="count"
      columns={columns}
      rowKey={(r) => r.id}
      caption="Righe"
      emptyText="Nessuna riga"
      pageSize={2}
      page={1}
      testId="rows"
    />
  );
}

describe('PagedTable', () => {
  it('shows the failure with a Retry that reloads, in place of the table', async () => {
    const l = list({ status: 'failed' });
    render(table(l));
    expect(screen.getByRole('alert')).toHaveTextContent('Errore nel caricamento');
    expect(screen.queryByTestId('rows')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Riprova' }));
    expect(l.reload).toHaveBeenCalledTimes(1);
  });

  it('shows a spinner until the first answer, then the count, the rows as the server sent them and the pager', () => {
    const { rerender } = render(table(list({ status: 'loading' })));
    expect(screen.getByRole('status')).toHaveTextContent('Caricamento…');
    expect(screen.queryByTestId('count')).toBeNull();
    rerender(
      table(
        list({
          rows: [
            { id: 2, code: 'B' },
            { id: 1, code: 'A' },
          ],
          total: 5,
        }),
      ),
    );
    expect(screen.getByTestId('count')).toHaveTextContent('Totale: 5');
    expect(screen.getAllByRole('row').map((r) => r.textContent)).toEqual(['Codice↕', 'B', 'A']);
    expect(screen.getByRole('navigation')).toHaveTextContent('1');
  });

  it('keeps the rows on screen, marked busy, while a newer page loads; says so when nothing matches', () => {
    const { rerender } = render(table(list({ rows: [{ id: 1, code: 'A' }], total: 1, refreshing: true })));
    expect(screen.getByTestId('rows').parentElement).toHaveAttribute('aria-busy', 'true');
    rerender(table(list({})));
    expect(screen.getByTestId('rows')).toHaveTextContent('Nessuna riga');
    expect(screen.getByTestId('rows').parentElement).not.toHaveAttribute('aria-busy');
  });
});
