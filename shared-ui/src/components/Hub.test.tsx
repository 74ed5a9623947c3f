import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { signInAs, switchLanguage } from '../testing';
import { Hub, type HubCard } from './Hub';

const cards: HubCard[] = [
  { id: 'prices', to: '/operazioni/prezzi', title: 'Prezzi', description: 'Listini', permission: 'prices' },
  { id: 'receipt', to: '/operazioni/ricezione-merce', title: 'Ricezione merce', permission: 'goodsReceipt' },
  { id: 'open', to: '/x', title: 'Per tutti' },
];

beforeEach(() => switchLanguage('it'));

describe('Hub', () => {
  it('shows only the cards the signed-in role may open, named by title', () => {
    signInAs('warehouse');
    render(
      <MemoryRouter>
        <Hub label="Operazioni" cards={cards} />
      </MemoryRouter>,
    );
    expect(screen.queryByTestId('card-prices')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ricezione merce' })).toHaveAttribute('href', '/operazioni/ricezione-merce');
    expect(screen.getByTestId('card-open')).toBeInTheDocument();
  });

  it('describes a card by its description and accepts an explicit role', () => {
    render(
      <MemoryRouter>
        <Hub label="Operazioni" cards={cards} role="administration" />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Prezzi' })).toHaveAccessibleDescription('Listini');
    expect(screen.queryByTestId('card-receipt')).not.toBeInTheDocument();
  });

  it('says so when nothing is permitted', () => {
    render(
      <MemoryRouter>
        <Hub label="Operazioni" cards={cards.slice(0, 2)} role={null} />
      </MemoryRouter>,
    );
    expect(screen.getByText('Nessuna sezione disponibile per il tuo ruolo.')).toBeInTheDocument();
  });
});
