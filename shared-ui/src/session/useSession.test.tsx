import { act, render, screen } from '@testing-library/react';
import { clearSession, saveSession } from '@wms/shared-api';
import { useSession } from './useSession';

function Who() {
  const { signedIn, user } = useSession();
  return <p>{signedIn ? `${user?.name} (${user?.role})` : 'anonimo'}</p>;
}

describe('useSession', () => {
  it('follows sign-in and sign-out', () => {
    render(<Who />);
    expect(screen.getByText('anonimo')).toBeInTheDocument();
    act(() => saveSession('t', { id: 7, username: 'anna', name: 'Anna', role: 'sales' }));
    expect(screen.getByText('Anna (sales)')).toBeInTheDocument();
    act(() => clearSession());
    expect(screen.getByText('anonimo')).toBeInTheDocument();
  });
});
