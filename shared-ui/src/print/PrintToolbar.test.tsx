import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { PrintToolbar } from './PrintToolbar';

describe('PrintToolbar', () => {
  it('Print first (opens the browser’s print), then further buttons, then Back to the document; hidden on paper', async () => {
    const print = jest.spyOn(window, 'print').mockImplementation(() => undefined);
    render(
      <MemoryRouter>
        <PrintToolbar backTo="/operazioni/trasferimenti/7" backLabel="Torna al trasferimento" printLabel="Stampa">
          <button type="button">Scarica PDF</button>
        </PrintToolbar>
      </MemoryRouter>,
    );
    const bar = screen.getByRole('toolbar', { name: 'Stampa' });
    expect(bar).toHaveClass('no-print');
    const names = Array.from(bar.querySelectorAll('button, a')).map((el) => el.textContent);
    expect(names).toEqual(['Stampa', 'Scarica PDF', 'Torna al trasferimento']);
    expect(screen.getByRole('link', { name: 'Torna al trasferimento' })).toHaveAttribute('href', '/operazioni/trasferimenti/7');
    await userEvent.click(screen.getByTestId('print-button'));
    expect(print).toHaveBeenCalledTimes(1);
    print.mockRestore();
  });
});
