import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { switchLanguage } from '../testing';
import { ErrorState } from './ErrorState';
import { Spinner } from './Spinner';

beforeEach(() => switchLanguage('it'));

describe('loading and failure states', () => {
  it('ErrorState is an alert with a working Retry', async () => {
    const retry = jest.fn();
    render(<ErrorState message="Errore nel caricamento delle giacenze" onRetry={retry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Errore nel caricamento delle giacenze');
    await userEvent.click(screen.getByRole('button', { name: 'Riprova' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('Spinner is a polite status with a translated default label', async () => {
    render(<Spinner />);
    expect(screen.getByRole('status')).toHaveTextContent('Caricamento…');
    await switchLanguage('fr');
    expect(screen.getByRole('status')).toHaveTextContent('Chargement…');
  });
});
