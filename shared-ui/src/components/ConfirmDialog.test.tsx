import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { switchLanguage } from '../testing';
import { ConfirmDialog, useConfirm } from './ConfirmDialog';

beforeEach(() => switchLanguage('it'));

describe('ConfirmDialog', () => {
  it('is an accessible modal dialog that focuses Cancel and returns focus on close', async () => {
    function Page() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Elimina
          </button>
          <ConfirmDialog
            open={open}
            title="Elimina prodotto"
            message="Sei sicuro di voler eliminare questo prodotto?"
            tone="danger"
            onConfirm={() => setOpen(false)}
            onCancel={() => setOpen(false)}
          />
        </>
      );
    }
    render(<Page />);
    const opener = screen.getByRole('button', { name: 'Elimina' });
    await userEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Elimina prodotto' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('Sei sicuro di voler eliminare questo prodotto?');
    expect(screen.getByRole('button', { name: 'Annulla' })).toHaveFocus();

    // Tab stays inside: Cancel is the last control, then × (the first), then the action (house order: action, Cancel)
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Chiudi' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Conferma' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Annulla' })).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Conferma' })).toHaveFocus();

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('useConfirm resolves true on confirm and false on cancel', async () => {
    const answers: boolean[] = [];
    function Page() {
      const { confirm, dialog } = useConfirm();
      return (
        <>
          <button type="button" onClick={async () => answers.push(await confirm({ title: 'Sicuro?', confirmLabel: 'Sì' }))}>
            Chiedi
          </button>
          {dialog}
        </>
      );
    }
    render(<Page />);
    await userEvent.click(screen.getByRole('button', { name: 'Chiedi' }));
    await userEvent.click(screen.getByRole('button', { name: 'Sì' }));
    await userEvent.click(screen.getByRole('button', { name: 'Chiedi' }));
    await userEvent.click(screen.getByRole('button', { name: 'Annulla' }));
    expect(answers).toEqual([true, false]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('speaks French after a language switch', async () => {
    await switchLanguage('fr');
    render(<ConfirmDialog open title="Supprimer" onConfirm={jest.fn()} onCancel={jest.fn()} />);
    expect(screen.getByRole('button', { name: 'Annuler' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirmer' })).toBeInTheDocument();
  });
});
