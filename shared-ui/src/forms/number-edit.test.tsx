import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { NumberField } from './NumberField';

// An edit form: the value arrives from the API as "2.500"; the user clears the field and types 4.
function Edit({ seen }: { seen: string[] }) {
  const [q, setQ] = useState('2.500');
  return (
    <NumberField
      name="qty"
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
      return <NumberField name="price" label="Prezzo" decimals={5} minDecimals={2} value={p} onChange={setP} data-testid="price" />;
    }
    render(<Price />);
    const input = screen.getByTestId('price') as HTMLInputElement;
    expect(input).toHaveValue('1.234,50');
    input.select();
    act(() => input.focus());
    expect(input).toHaveValue('1234,5');
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, '1234,5'.length]);
  });

  it('focus rewrites "2,50" to "2,5" and selects it (Chromium shows no selection in the focus that select() causes): "2,75" typed over it, not "2,52,75"', async () => {
    const seen: string[] = [];
    function Price() {
      const [p, setP] = useState('2.50000');
      return (
        <NumberField
          name="price"
          label="Prezzo"
          decimals={5}
          minDecimals={2}
          value={p}
          onChange={(v) => {
            seen.push(v);
            setP(v);
          }}
          data-testid="price"
        />
      );
    }
    render(<Price />);
    const input = screen.getByTestId('price') as HTMLInputElement;
    expect(input).toHaveValue('2,50');
    // As Playwright's fill in Chromium: the focus event sees no selection, and the select() after it comes before React renders.
    await act(async () => {
      input.setSelectionRange(0, 0);
      input.focus();
    });
    expect(input).toHaveValue('2,5');
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, 3]);
    await userEvent.keyboard('{Backspace}2,75');
    expect(input).toHaveValue('2,75');
    expect(seen[seen.length - 1]).toBe('2.75');
  });
});
