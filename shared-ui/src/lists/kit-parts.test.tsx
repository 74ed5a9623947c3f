import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { switchLanguage } from '../testing';
import { ToastHost } from '../toasts/toasts';
import { Loaded, useLoad } from './Loaded';
import { routeRecordId } from './route-id';
import { RowActions } from './RowActions';
import { useRowActions } from './useRowAction';

beforeEach(() => switchLanguage('it'));

function LoadProbe({ load }: { load: () => Promise<string> }) {
  const state = useLoad(load, []);
  return (
    <MemoryRouter>
      <Loaded load={state} failedText={() => 'Caricamento non riuscito'} notFound={{ backTo: '/elenco', title: 'Movimento non trovato' }}>
        {(value) => <p>{value}</p>}
      </Loaded>
    </MemoryRouter>
  );
}

describe('useLoad + Loaded', () => {
  it('shows a spinner, then the value', async () => {
    render(<LoadProbe load={() => Promise.resolve('pronto')} />);
    expect(screen.getByRole('status')).toHaveTextContent('Caricamento…');
    expect(await screen.findByText('pronto')).toBeInTheDocument();
  });

  it('a failure shows its words with a Retry that loads again', async () => {
    const load = jest.fn().mockRejectedValueOnce(new Error('rete')).mockResolvedValueOnce('pronto');
    render(<LoadProbe load={load} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Caricamento non riuscito');
    await userEvent.click(screen.getByRole('button', { name: 'Riprova' }));
    expect(await screen.findByText('pronto')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('aborts the request of a load no longer wanted (deps changed, screen left) and drops its answer', async () => {
    const signals: AbortSignal[] = [];
    const pending: ((v: string) => void)[] = [];
    function ById({ id }: { id: number }) {
      const state = useLoad(
        (signal) =>
          new Promise<string>((resolve) => {
            signals.push(signal);
            pending.push(resolve);
          }),
        [id],
      );
      return state.status === 'ready' ? <p>{state.value}</p> : <p>attesa {id}</p>;
    }
    const { rerender, unmount } = render(<ById id={1} />);
    rerender(<ById id={2} />);
    expect(signals.map((s) => s.aborted)).toEqual([true, false]);
    pending[0]('vecchio');
    pending[1]('nuovo');
    expect(await screen.findByText('nuovo')).toBeInTheDocument();
    expect(screen.queryByText('vecchio')).toBeNull();
    unmount();
    expect(signals[1].aborted).toBe(true);
  });

  it('a 404 says not found with the way back, and no Retry', async () => {
    render(<LoadProbe load={() => Promise.reject({ response: { status: 404 } })} />);
    expect(await screen.findByTestId('not-found')).toHaveTextContent('Movimento non trovato');
    expect(screen.getByRole('link', { name: "Torna all'elenco" })).toHaveAttribute('href', '/elenco');
    expect(screen.queryByRole('button', { name: 'Riprova' })).toBeNull();
  });

  it.each(['abc', '12abc', '0', '-3', '1e3', ''])('a route id %j names no record: not found, the call never made', async (param) => {
    const fetchOne = jest.fn((id: number) => Promise.resolve(`record ${id}`));
    render(<LoadProbe load={() => fetchOne(routeRecordId(param))} />);
    expect(await screen.findByTestId('not-found')).toHaveTextContent('Movimento non trovato');
    expect(fetchOne).not.toHaveBeenCalled();
  });

  it('a route id of digits is the record read', async () => {
    render(<LoadProbe load={() => Promise.resolve(`record ${routeRecordId('42')}`)} />);
    expect(await screen.findByText('record 42')).toBeInTheDocument();
  });
});

function Row({ run, reload }: { run: () => Promise<string>; reload: () => void }) {
  const { act, busyId, dialog } = useRowActions(reload);
  const remove = () => act(7, { ask: { title: 'Eliminare?', message: 'Sicuro?' }, run, failure: () => 'Eliminazione non riuscita' });
  return (
    <MemoryRouter>
      <RowActions
        edit={{ to: '/x/7', label: 'Modifica X-7' }}
        remove={{ onClick: () => void remove(), disabled: busyId !== null, label: 'Elimina X-7' }}
      >
        <button type="button">Duplica</button>
      </RowActions>
      {dialog}
      <ToastHost />
    </MemoryRouter>
  );
}

describe('RowActions + useRowActions', () => {
  it('Edit, the others, then Delete, named after the row; delete asks, runs, toasts and reloads', async () => {
    const run = jest.fn().mockResolvedValue('Eliminato');
    const reload = jest.fn();
    render(<Row run={run} reload={reload} />);
    expect(
      screen
        .getAllByRole('link')
        .concat(screen.getAllByRole('button'))
        .map((e) => e.textContent),
    ).toEqual(['Modifica', 'Duplica', 'Elimina']);
    expect(screen.getByRole('link', { name: 'Modifica X-7' })).toHaveAttribute('href', '/x/7');
    await userEvent.click(screen.getByRole('button', { name: 'Elimina X-7' }));
    await userEvent.click(screen.getByTestId('confirm-cancel'));
    expect(run).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Elimina X-7' }));
    await userEvent.click(screen.getByTestId('confirm-ok'));
    expect(await screen.findByText('Eliminato')).toBeInTheDocument();
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });

  it('a failed action toasts its failure and does not reload', async () => {
    const reload = jest.fn();
    render(<Row run={() => Promise.reject(new Error('409'))} reload={reload} />);
    await userEvent.click(screen.getByRole('button', { name: 'Elimina X-7' }));
    await userEvent.click(screen.getByTestId('confirm-ok'));
    expect(await screen.findByText('Eliminazione non riuscita')).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
  });
});
