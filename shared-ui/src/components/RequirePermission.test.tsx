import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { clearSession } from '@wms/shared-api/core';
import { signInAs } from '../testing';
import { RequirePermission } from './RequirePermission';

/** Home, showing what the guard handed it. */
function Home() {
  const state = useLocation().state as { refused?: string } | null;
  return <p data-testid="home">{state?.refused ?? 'nothing refused'}</p>;
}

function renderAt(refusedName?: string) {
  render(
    <MemoryRouter initialEntries={['/operazioni/prezzi']}>
      <Routes>
        <Route path="/" element={<Home />} />
        <Route
          path="/operazioni/prezzi"
          element={
            <RequirePermission permission="prices" redirectTo="/" refusedName={refusedName}>
              <p>prezzi</p>
            </RequirePermission>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(() => clearSession());

describe('RequirePermission (issue 22: a refused address is named at home)', () => {
  it('a role without the permission goes home carrying the refused page’s name', () => {
    signInAs('warehouse');
    renderAt('Prezzi');
    expect(screen.getByTestId('home')).toHaveTextContent('Prezzi');
    expect(screen.queryByText('prezzi')).not.toBeInTheDocument();
  });

  it('without a name the redirect carries nothing', () => {
    signInAs('warehouse');
    renderAt();
    expect(screen.getByTestId('home')).toHaveTextContent('nothing refused');
  });

  it('a role holding the permission sees the page', () => {
    signInAs('orders');
    renderAt('Prezzi');
    expect(screen.getByText('prezzi')).toBeInTheDocument();
  });
});
