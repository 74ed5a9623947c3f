import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { NumberField } from './NumberField';

// An edit form: the value arrives from the API as "2.500"; the user clears the field and types 4.
function Edit({ seen }: { seen: string[] }) {
  const [q, setQ] = useState('2.500');
  return (
    <NumberField
      label="Quantità"
      decimals={3}
      value={q}
      onChange={(v) => {
        seen.push(v);
        setQ(v);
      }}
      data-testid="qty"
    />
  );
}

describe('NumberField in an edit form', () => {
  it('cleared and typed over, it hands the form the new value only', async () => {
    const seen: string[] = [];
    render(<Edit seen={seen} />);
    const input = screen.getByTestId('qty');
    await userEvent.clear(input);
    await userEvent.type(input, '4');
    expect(input).toHaveValue('4');
    expect(seen[seen.length - 1]).toBe('4');
  });

  it('all selected, then focused (as Playwright fill does), the rewritten text stays selected: typing replaces it', async () => {
    function Price() {
      const [p, setP] = useState('1234.5');
      return <NumberField label="Prezzo" decimals={5} minDecimals={2} value={p} onChange={setP} data-testid="price" />;
    }
    render(<Price />);
    const input = screen.getByTestId('price') as HTMLInputElement;
    expect(input).toHaveValue('1.234,50');
    input.select();
    act(() => input.focus());
    expect(input).toHaveValue('1234,5');
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, '1234,5'.length]);
  });
});
