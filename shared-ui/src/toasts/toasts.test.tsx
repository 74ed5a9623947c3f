import { act, render, screen } from '@testing-library/react';
import { ToastHost, toastError, toastSuccess } from './toasts';

describe('toasts', () => {
  // First in this file: the module remembers that a toast was raised.
  it('mounts no toast container (react-toastify not loaded) until the first toast', async () => {
    const { container } = render(<ToastHost />);
    expect(container.querySelector('.Toastify')).toBeNull();
    act(() => toastSuccess('Primo messaggio'));
    expect(await screen.findByText('Primo messaggio')).toBeInTheDocument();
    expect(container.querySelector('.Toastify')).not.toBeNull();
  });

  it('shows success and error toasts from anywhere, coloured by type', async () => {
    render(<ToastHost />);
    act(() => {
      toastSuccess('Prodotto eliminato con successo');
      toastError("Errore durante l'eliminazione del prodotto");
    });
    const ok = await screen.findByText('Prodotto eliminato con successo');
    const ko = await screen.findByText("Errore durante l'eliminazione del prodotto");
    expect(ok.closest('.Toastify__toast')).toHaveClass('Toastify__toast--success', 'Toastify__toast-theme--colored');
    expect(ko.closest('.Toastify__toast')).toHaveClass('Toastify__toast--error');
    expect(ok.closest('.Toastify__toast-container')).toHaveClass('Toastify__toast-container--top-center');
    // Ids a selector can name (react-toastify's own are bare counters: "1", "2").
    expect(ko.closest('.Toastify__toast')?.id).toMatch(/^toast-\d+$/);
  });
});
