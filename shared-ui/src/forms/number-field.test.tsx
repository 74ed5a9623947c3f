import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { Language } from '@wms/shared-api/core';
import { switchLanguage } from '../testing';
import { NumberField } from './NumberField';
import type { FormProblem } from './useZodForm';

/** A field as a form binds it, recording every value handed to the form and the last input problem. */
function Harness({ decimals = 3, seen, problems }: { decimals?: number; seen: string[]; problems: (FormProblem | null)[] }) {
  const [value, setValue] = useState('');
  return (
    <NumberField
      name="qty"
      label="Q"
      decimals={decimals}
      value={value}
      onChange={(v) => {
        seen.push(v);
        setValue(v);
      }}
      onInputProblem={(p) => problems.push(p)}
      data-testid="qty"
    />
  );
}

/** Pastes `text` into an empty field (one change, as a user pasting or the browser autofilling), then leaves it. */
async function enter(text: string, decimals = 3) {
  const seen: string[] = [];
  const problems: (FormProblem | null)[] = [];
  render(<Harness decimals={decimals} seen={seen} problems={problems} />);
  const input = screen.getByTestId('qty') as HTMLInputElement;
  await userEvent.click(input);
  await userEvent.paste(text);
  await userEvent.tab();
  return { input, seen, problems };
}

const NNBSP = '\u202f';

// Issue 21's table: how Italian and French users write numbers, what the field reads and what it shows on blur.
const readable: Record<Language, [typed: string, value: string, shown: string][]> = {
  it: [
    ['1.500', '1500', '1.500'],
    ['12.345.678,9', '12345678.9', '12.345.678,9'],
    ['1.234,5', '1234.5', '1.234,5'],
    ['1234,5', '1234.5', '1.234,5'],
    ['2,5', '2.5', '2,5'],
    ['2.5', '2.5', '2,5'],
    ['1.50', '1.5', '1,5'],
    ['0,125', '0.125', '0,125'],
    ['2,500', '2.5', '2,5'],
    ['1.000.000', '1000000', '1.000.000'],
  ],
  fr: [
    ['1 234,5', '1234.5', `1${NNBSP}234,5`],
    ['1\u00a0234,5', '1234.5', `1${NNBSP}234,5`],
    [`1${NNBSP}234,5`, '1234.5', `1${NNBSP}234,5`],
    ['1234,5', '1234.5', `1${NNBSP}234,5`],
    ['2.5', '2.5', '2,5'],
    ['2,5', '2.5', '2,5'],
    ['1.50', '1.5', '1,5'],
    ['12 345 678,9', '12345678.9', `12${NNBSP}345${NNBSP}678,9`],
  ],
};

const refused: Record<Language, [typed: string, message: RegExp][]> = {
  it: [
    ['1.50.0', /Separatore delle migliaia fuori posto: scrivi ad esempio 1\.234,5 o 1234,5/],
    ['12.34,5', /Separatore delle migliaia fuori posto/],
    ['2,5,1', /Un solo separatore decimale/],
    ['1,5.3', /Un solo separatore decimale/],
    ['abc', /Numero non valido: scrivi ad esempio 1\.234,5/],
    ['2a', /Numero non valido/],
    ['2,1234', /Al massimo 3 decimali/],
  ],
  fr: [
    ['1.500', /Point ambigu \(1\.500\) : écrivez 1 500 pour mille cinq cents ou 1,5/],
    ['1.234,5', /Séparateur des milliers mal placé : écrivez par exemple 1 234,5 ou 1234,5/],
    ['1 23,5', /Séparateur des milliers mal placé/],
    ['2,5,1', /Un seul séparateur décimal/],
    ['abc', /Nombre non valide : écrivez par exemple 1 234,5/],
    ['2,1234', /3 décimales au maximum/],
  ],
};

describe.each(['it', 'fr'] as const)('NumberField in %s', (lang) => {
  beforeEach(() => switchLanguage(lang));

  it.each(readable[lang])('reads %j as %j and shows %j, which it reads back as the same value', async (typed, value, shown) => {
    const { input, seen, problems } = await enter(typed);
    expect(seen).toEqual([value]);
    expect(problems[problems.length - 1]).toBeNull();
    expect(input).toHaveValue(shown);
    expect(input).not.toHaveAttribute('aria-invalid', 'true');
    // Back in the field and out again: the text to edit, then the same text, and no other value handed over.
    await userEvent.click(input);
    await userEvent.tab();
    expect(input).toHaveValue(shown);
    expect(seen).toEqual([value]);
  });

  it.each(refused[lang])('refuses %j with a message saying how to write it; nothing is handed over', async (typed, message) => {
    const { input, seen, problems } = await enter(typed);
    expect(seen).toEqual([]);
    expect(problems[problems.length - 1]).not.toBeNull();
    expect(input).toHaveValue(typed);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('error-qty')).toHaveTextContent(message);
  });

  it('refuses more decimals than the field keeps: 2,12345 at 4 decimals, 2,123456 at 5', async () => {
    const four = await enter('2,12345', 4);
    expect(four.seen).toEqual([]);
    expect(screen.getByTestId('error-qty')).toHaveTextContent(lang === 'it' ? 'Al massimo 4 decimali' : '4 décimales au maximum');
  });

  it("the numeric keypad's decimal key types the decimal comma at the caret, replacing the selection", async () => {
    const user = userEvent.setup({ keyboardMap: [{ code: 'NumpadDecimal', key: '.' }] });
    const seen: string[] = [];
    render(<Harness seen={seen} problems={[]} />);
    const input = screen.getByTestId('qty') as HTMLInputElement;
    await user.click(input);
    await user.keyboard('12[NumpadDecimal]5');
    expect(input).toHaveValue('12,5');
    expect(seen[seen.length - 1]).toBe('12.5');
    // In the middle of the text, and over a selection.
    await user.clear(input);
    await user.keyboard('25{ArrowLeft}[NumpadDecimal]');
    expect(input).toHaveValue('2,5');
    expect([input.selectionStart, input.selectionEnd]).toEqual([2, 2]);
    expect(seen[seen.length - 1]).toBe('2.5');
    act(() => input.setSelectionRange(1, 3));
    await user.keyboard('[NumpadDecimal]75');
    expect(input).toHaveValue('2,75');
    expect(seen[seen.length - 1]).toBe('2.75');
    await user.tab();
    expect(input).toHaveValue('2,75');
    // NumLock off: the key is Delete, left to the browser.
    expect(fireEvent.keyDown(input, { code: 'NumpadDecimal', key: 'Delete' })).toBe(true);
    // A keyboard whose keypad already types the comma is left alone too.
    expect(fireEvent.keyDown(input, { code: 'NumpadDecimal', key: ',' })).toBe(true);
    expect(fireEvent.keyDown(input, { code: 'NumpadDecimal', key: '.' })).toBe(false);
  });

  it("the main keyboard's point stays a point (Italian thousands separator, or a decimal point where it can only be one)", async () => {
    const user = userEvent.setup();
    const seen: string[] = [];
    render(<Harness seen={seen} problems={[]} />);
    const input = screen.getByTestId('qty') as HTMLInputElement;
    await user.click(input);
    await user.keyboard('2.5');
    expect(input).toHaveValue('2.5');
    expect(seen[seen.length - 1]).toBe('2.5');
  });
});
