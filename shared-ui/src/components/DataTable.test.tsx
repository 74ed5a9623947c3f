import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { switchLanguage } from '../testing';
import { DataTable, type Column } from './DataTable';
import type { SortState } from './table-sort';

interface Product {
  id: number;
  code: string;
  description: string;
  quantity: number;
}

const rows: Product[] = [
  { id: 1, code: 'B-200', description: 'Vite autofilettante in acciaio inox 4x20', quantity: 30 },
  { id: 2, code: 'A-100', description: 'Dado', quantity: 5 },
  { id: 3, code: 'C-300', description: 'Rondella piana zincata', quantity: 120 },
];

const columns: Column<Product>[] = [
  { id: 'code', header: 'Codice', value: (r) => r.code },
  { id: 'description', header: 'Descrizione', value: (r) => r.description },
  { id: 'quantity', header: 'Quantità', value: (r) => r.quantity, align: 'end' },
  { id: 'actions', header: 'Azioni', render: (r) => <button type="button">Modifica {r.code}</button> },
];

const codes = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0].textContent);

beforeEach(() => switchLanguage('it'));

describe('DataTable', () => {
  it('keeps codes on one line (issue 8): code columns by convention, any column that asks', () => {
    render(
      <DataTable
        columns={[...columns.slice(0, 2), { id: 'lot', header: 'Lotto', value: (r) => `L-${r.id}`, nowrap: true }]}
        rows={rows}
        rowKey={(r) => r.id}
        caption="Prodotti"
      />,
    );
    expect(screen.getByText('A-100').closest('td')).toHaveClass('nowrap');
    expect(screen.getByText('L-2').closest('td')).toHaveClass('nowrap');
    expect(screen.getByText('Dado').closest('td')).not.toHaveClass('nowrap');
  });

  it('sorts ascending then descending on header click, with aria-sort', async () => {
    render(<DataTable caption="Prodotti" columns={columns} rows={rows} rowKey={(r) => r.id} />);
    const header = screen.getByRole('columnheader', { name: /Codice/ });
    expect(header).toHaveAttribute('aria-sort', 'none');
    expect(codes()).toEqual(['B-200', 'A-100', 'C-300']);

    await userEvent.click(within(header).getByRole('button'));
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    expect(codes()).toEqual(['A-100', 'B-200', 'C-300']);

    await userEvent.click(within(header).getByRole('button'));
    expect(header).toHaveAttribute('aria-sort', 'descending');
    expect(codes()).toEqual(['C-300', 'B-200', 'A-100']);
  });

  it('sorts numbers by value, not as text', async () => {
    render(<DataTable caption="Prodotti" columns={columns} rows={rows} rowKey={(r) => r.id} />);
    await userEvent.click(screen.getByRole('button', { name: /Quantità/ }));
    expect(codes()).toEqual(['A-100', 'B-200', 'C-300']);
    expect(screen.getByRole('columnheader', { name: /Azioni/ })).not.toHaveAttribute('aria-sort');
  });

  it('cuts long text at N characters and shows the full text on hover', () => {
    render(<DataTable caption="Prodotti" columns={columns} rows={rows} rowKey={(r) => r.id} truncate={20} />);
    const full = 'Vite autofilettante in acciaio inox 4x20';
    const cut = screen.getByTitle(full);
    expect(cut.querySelector('[aria-hidden="true"]')).toHaveTextContent(/^Vite autofilettante …$/);
    // short text is left alone, with no hover title
    expect(screen.getByText('Dado')).not.toHaveAttribute('title');
  });

  it('searches any field case-insensitively and shows the empty state', async () => {
    render(<DataTable caption="Prodotti" columns={columns} rows={rows} rowKey={(r) => r.id} searchable />);
    const search = screen.getByPlaceholderText('Cerca...');
    await userEvent.type(search, 'ZINCATA');
    expect(codes()).toEqual(['C-300']);
    await userEvent.clear(search);
    await userEvent.type(search, '120');
    expect(codes()).toEqual(['C-300']);
    await userEvent.type(search, 'nothing');
    expect(screen.getByText('Nessun elemento da mostrare')).toBeInTheDocument();
  });

  it('can be driven from outside (server sort and paging)', async () => {
    const onSortChange = jest.fn();
    const onPageChange = jest.fn();
    function Server() {
      const [sort, setSort] = useState<SortState | null>({ column: 'code', direction: 'desc' });
      return (
        <>
          <DataTable
            caption="Prodotti"
            columns={columns}
            rows={rows.slice(0, 2)}
            rowKey={(r) => r.id}
            manual
            sort={sort}
            onSortChange={(s) => {
              onSortChange(s);
              setSort(s);
            }}
            pageSize={2}
            page={1}
            totalRows={5}
            onPageChange={onPageChange}
          />
          <button type="button" onClick={() => setSort(null)}>
            Reset
          </button>
        </>
      );
    }
    render(<Server />);
    // rows are shown as the server sent them
    expect(codes()).toEqual(['B-200', 'A-100']);
    expect(screen.getByRole('columnheader', { name: /Codice/ })).toHaveAttribute('aria-sort', 'descending');
    await userEvent.click(screen.getByRole('button', { name: /Codice/ }));
    expect(onSortChange).toHaveBeenCalledWith({ column: 'code', direction: 'asc' });
    expect(screen.getByText('Pagina 1 di 3')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Successiva' }));
    expect(onPageChange).toHaveBeenCalledWith(2);
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(screen.getByRole('columnheader', { name: /Codice/ })).toHaveAttribute('aria-sort', 'none');
  });

  it('pages rows on the client', async () => {
    render(<DataTable caption="Prodotti" columns={columns} rows={rows} rowKey={(r) => r.id} pageSize={2} />);
    expect(codes()).toEqual(['B-200', 'A-100']);
    await userEvent.click(screen.getByRole('button', { name: 'Successiva' }));
    expect(codes()).toEqual(['C-300']);
    expect(screen.getByRole('button', { name: 'Successiva' })).toBeDisabled();
  });

  it('opens a row with click or Enter', async () => {
    const open = jest.fn();
    render(<DataTable caption="Prodotti" columns={columns} rows={rows} rowKey={(r) => r.id} onRowClick={open} />);
    const row = screen.getAllByRole('row')[2];
    await userEvent.click(within(row).getByText('Dado'));
    row.focus();
    await userEvent.keyboard('{Enter}');
    expect(open).toHaveBeenCalledTimes(2);
    expect(open).toHaveBeenCalledWith(rows[1]);
  });

  it("shows a column's note as a second line under its content: cut like the table's text, labelled, none when empty", () => {
    const notes: Record<number, string | null> = { 1: 'Consegna urgente in banchina nord', 2: null, 3: '' };
    render(
      <DataTable
        caption="Prodotti"
        columns={[{ ...columns[0], note: { label: 'Note', value: (r) => notes[r.id] } }, columns[2]]}
        rows={rows}
        rowKey={(r) => r.id}
        truncate={20}
      />,
    );
    const cells = screen
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[0]);
    // Screen readers read the whole note after its label (the cut text is hidden from them).
    expect(cells[0]).toHaveTextContent(/^B-200Note: Consegna urgente in …Consegna urgente in banchina nord$/);
    expect(within(cells[0]).getByTitle('Consegna urgente in banchina nord')).toHaveTextContent('Consegna urgente in …');
    // The code keeps its line (a code column never wraps); the note is a line of its own that may.
    expect(cells[0]).toHaveClass('nowrap');
    expect(cells[0].querySelector('.cell-note')).not.toBeNull();
    expect(cells[1].querySelector('.cell-note')).toBeNull();
    expect(cells[2].querySelector('.cell-note')).toBeNull();
    expect(cells[1]).toHaveTextContent(/^A-100$/);
  });
});
