import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { formatUnitProgress, formatUnitTotals } from '../format/unit-totals';
import { useAction } from '../forms/useAction';
import { switchLanguage } from '../testing';
import { ToastHost } from '../toasts/toasts';
import { CardTable } from './CardTable';
import { Facts } from './Facts';
import { ListMessage } from './ListMessage';
import { PageHeader } from './PageHeader';

/** Issue 22: pieces of a document page (the goods receipt's): its facts, its lines as cards, its actions, totals per unit. */
beforeEach(() => switchLanguage('it'));

it('Facts: labelled values in one list, "—" for a value not set, a fact left out when false', () => {
  const { container } = render(
    <Facts
      className="head"
      facts={[
        { label: 'Data', value: '05/03/2026' },
        { label: 'Arrivo', value: null },
        false,
        { label: 'Totale', value: '', testId: 'total' },
      ]}
    />,
  );
  expect(Array.from(container.querySelectorAll('dt'), (d) => d.textContent)).toEqual(['Data', 'Arrivo', 'Totale']);
  expect(Array.from(container.querySelectorAll('dd'), (d) => d.textContent)).toEqual(['05/03/2026', '—', '—']);
  expect(screen.getByTestId('total').tagName).toBe('DD');
});

it("CardTable: every cell carries its heading (the card label) and its column's id, rows in their order with their index", () => {
  const rows = [
    { id: 1, code: 'A-1' },
    { id: 2, code: 'B-2' },
  ];
  render(
    <CardTable
      columns={[
        { id: 'code', header: 'Codice', className: 'code', headerClassName: '', render: (r) => r.code },
        { id: 'n', header: 'Riga', render: (_r, i) => `#${i}` },
      ]}
      rows={rows}
      rowKey={(r) => r.id}
      caption="Righe"
      className="lines"
      rowTestId={(r) => `row-${r.code}`}
      rowClassName={(r) => (r.id === 2 ? 'locked' : undefined)}
      testId="lines"
    />,
  );
  const table = screen.getByRole('table', { name: 'Righe' });
  expect(table).toHaveClass('lines');
  expect(screen.getByRole('columnheader', { name: 'Codice' })).not.toHaveClass('code');
  const second = screen.getByTestId('row-B-2');
  expect(second).toHaveClass('locked');
  expect(Array.from(second.querySelectorAll('td'), (td) => [td.dataset.label, td.dataset.col, td.textContent])).toEqual([
    ['Codice', 'code', 'B-2'],
    ['Riga', 'n', '#1'],
  ]);
  expect(second.querySelector('td')).toHaveClass('code');
});

function Actions({ run }: { run: () => Promise<string> }) {
  const { act, busy, dialog } = useAction();
  return (
    <>
      <button
        type="button"
        disabled={busy}
        onClick={() =>
          void act({ ask: { title: 'Storna?', confirmLabel: 'Storna' }, run, success: (r) => `fatto ${r}`, failure: () => 'rifiutato' })
        }
      >
        Agisci
      </button>
      {dialog}
      <ToastHost />
    </>
  );
}

it('useAction: asks first, then the success toast; a failure is a toast; nothing runs when the answer is no', async () => {
  const run = jest.fn().mockResolvedValueOnce('A').mockRejectedValueOnce(new Error('x'));
  render(<Actions run={run} />);
  await userEvent.click(screen.getByText('Agisci'));
  await userEvent.click(await screen.findByTestId('confirm-cancel'));
  expect(run).not.toHaveBeenCalled();
  await userEvent.click(screen.getByText('Agisci'));
  await userEvent.click(await screen.findByTestId('confirm-ok'));
  expect(await screen.findByText('fatto A')).toBeInTheDocument();
  await userEvent.click(screen.getByText('Agisci'));
  await userEvent.click(await screen.findByTestId('confirm-ok'));
  expect(await screen.findByText('rifiutato')).toBeInTheDocument();
  await waitFor(() => expect(screen.getByText('Agisci')).toBeEnabled());
});

it('useAction: the control that started the action has the focus again once the call is done (it was disabled meanwhile)', async () => {
  // A browser drops the focus of a control that becomes disabled (jsdom does not): the call does it here.
  const run = () => {
    (document.activeElement as HTMLElement).blur();
    return Promise.reject(new Error('x'));
  };
  render(<Actions run={run} />);
  await userEvent.click(screen.getByText('Agisci'));
  await userEvent.click(await screen.findByTestId('confirm-ok'));
  expect(await screen.findByText('rifiutato')).toBeInTheDocument();
  await waitFor(() => expect(screen.getByText('Agisci')).toHaveFocus());
});

it('useAction: when the control that started it is gone (a revoked row redrawn), the page title takes the focus', async () => {
  function Gone() {
    const { act, dialog } = useAction();
    const [shown, setShown] = useState(true);
    const run = async () => {
      (document.activeElement as HTMLElement).blur();
      await new Promise((r) => setTimeout(r, 100));
      setShown(false); // the list's reload redraws the row without the button
    };
    return (
      <main>
        <PageHeader title="Vendite" />
        {shown ? (
          <button type="button" onClick={() => void act({ run, success: () => 'revocata', failure: () => 'no' })}>
            Revoca
          </button>
        ) : null}
        {dialog}
      </main>
    );
  }
  render(<Gone />);
  // Opened with the focus nowhere, the page gives it to its title; then the user goes to the button.
  expect(screen.getByRole('heading', { level: 1, name: 'Vendite' })).toHaveFocus();
  await userEvent.click(screen.getByText('Revoca'));
  await waitFor(() => expect(screen.queryByText('Revoca')).toBeNull());
  await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Vendite' })).toHaveFocus());
});

it('totals per unit are never added together', () => {
  const totals = [
    { unit_of_measure: 'kg', ordered: '2.500', received: '1.000' },
    { unit_of_measure: 'piece', ordered: '40.000', received: '0.000' },
  ];
  const spaces = (x: string) => x.replace(/[\u00a0\u202f]/g, ' ');
  expect(spaces(formatUnitTotals(totals, 'ordered'))).toBe('2,5 kg · 40 pz');
  expect(spaces(formatUnitProgress(totals))).toBe('1 / 2,5 kg · 0 / 40 pz');
  expect(formatUnitTotals([], 'received')).toBe('');
});

it('ListMessage: the sentence, the things as a list, then the question', () => {
  render(<ListMessage intro="Scaduti:" items={['L1 di A', 'L2 di B']} ask="Ricevere comunque?" data-testid="msg" />);
  expect(screen.getByTestId('msg')).toHaveTextContent('Scaduti:L1 di AL2 di BRicevere comunque?');
  expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['L1 di A', 'L2 di B']);
});
