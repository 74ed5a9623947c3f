import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { z } from 'zod';
import { validationMessage } from '@wms/shared-api/core';
import { FormDialog } from '../components/FormDialog';
import { switchLanguage } from '../testing';
import { DateField } from './DateField';
import { TextField } from './Field';
import { lineField } from './lines';
import { NumberField } from './NumberField';
import { useLiveForm } from './useLiveForm';

/** Issue 22: a form checked as it is typed (the receipt's batch dialog), in the kit's dialog. */
const schema = z
  .object({ rows: z.array(z.object({ name: z.string().min(1, { error: 'required' }), day: z.string(), quantity: z.string() })) })
  .superRefine((v, ctx) => {
    const sum = v.rows.reduce((s, r) => s + Number(r.quantity || 0), 0);
    if (sum !== 10) ctx.addIssue({ code: 'custom', path: ['rows'], message: 'tooShort', params: { min: 10 } });
  });
const required = () => validationMessage('it', 'required');

function RowsDialog({ onSave }: { onSave: (rows: unknown) => void }) {
  const form = useLiveForm(schema, { rows: [{ name: '', day: '', quantity: '10' }] });
  const [open, setOpen] = useState(true);
  if (!open) return <p>closed</p>;
  return (
    <FormDialog
      title="Righe"
      onCancel={() => setOpen(false)}
      onSubmit={() => {
        if (form.attempt()) onSave(form.values.rows);
      }}
      confirmTestId="rows-save"
      formRef={form.formRef}
      onBlur={form.onBlur}
      intro={<p>intro</p>}
    >
      {form.values.rows.map((r, j) => (
        <fieldset key={j} data-testid={`row-${j}`}>
          <TextField {...form.field(`rows.${j}.name`)} label={`Nome ${j}`} data-testid={`name-${j}`} />
          <DateField {...form.field(`rows.${j}.day`)} label={`Giorno ${j}`} data-testid={`day-${j}`} />
          <NumberField
            {...form.field(`rows.${j}.quantity`)}
            label={`Quantità ${j}`}
            decimals={3}
            value={r.quantity}
            onChange={(v) => form.patchRow('rows', j, { quantity: v })}
            data-testid={`quantity-${j}`}
          />
          <button type="button" onClick={() => form.removeRow('rows', j)}>{`Rimuovi ${j}`}</button>
        </fieldset>
      ))}
      <button type="button" onClick={() => form.addRow('rows', { name: '', day: '', quantity: '' })}>
        Aggiungi
      </button>
      <p data-testid="total">{form.error('rows') ?? 'ok'}</p>
    </FormDialog>
  );
}

beforeEach(() => switchLanguage('it'));

describe('useLiveForm in a FormDialog', () => {
  it('says nothing on open; a field speaks once left; Confirm shows every message and focuses the first field', async () => {
    const onSave = jest.fn();
    render(<RowsDialog onSave={onSave} />);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(document.querySelector('.field-error')).toBeNull();
    // The footer in the house order: the action, then Cancel.
    expect(Array.from(document.querySelectorAll('.dialog-actions button'), (b) => b.textContent)).toEqual(['Conferma', 'Annulla']);
    fireEvent.blur(screen.getByTestId('name-0'));
    expect(await screen.findByTestId('error-rows.0.name')).toHaveTextContent(required());
    await userEvent.click(screen.getByText('Aggiungi'));
    // The new row's first field takes the focus; a list's message shows once one of its fields was left.
    await waitFor(() => expect(screen.getByTestId('name-1')).toHaveFocus());
    expect(screen.getByTestId('total')).toHaveTextContent('ok');
    fireEvent.change(screen.getByTestId('quantity-0').querySelector('input') ?? screen.getByTestId('quantity-0'), {
      target: { value: '4' },
    });
    fireEvent.blur(screen.getByTestId('quantity-0'));
    expect(screen.getByTestId('total')).not.toHaveTextContent('ok');
    await userEvent.click(screen.getByTestId('rows-save'));
    expect(onSave).not.toHaveBeenCalled();
    expect(screen.getByTestId('error-rows.1.name')).toHaveTextContent(required());
    expect(screen.getByTestId('name-0')).toHaveFocus();
  });

  it('an unreadable day keeps the field’s own words and blocks Confirm; removing its row forgets it', async () => {
    const onSave = jest.fn();
    render(<RowsDialog onSave={onSave} />);
    fireEvent.change(screen.getByTestId('name-0'), { target: { value: 'A' } });
    await userEvent.click(screen.getByText('Aggiungi'));
    fireEvent.change(screen.getByTestId('name-1'), { target: { value: 'B' } });
    fireEvent.change(screen.getByTestId('day-1'), { target: { value: '31/02/2027' } });
    fireEvent.blur(screen.getByTestId('day-1'));
    expect(await screen.findByTestId('error-rows.1.day')).toHaveTextContent('Il giorno 31/02/2027 non esiste');
    await userEvent.click(screen.getByTestId('rows-save'));
    expect(onSave).not.toHaveBeenCalled();
    expect(screen.getByTestId('day-1')).toHaveFocus();
    await userEvent.click(screen.getByText('Rimuovi 1'));
    await userEvent.click(screen.getByTestId('rows-save'));
    expect(onSave).toHaveBeenCalledWith([{ name: 'A', day: '', quantity: '10' }]);
  });

  it('Cancel leaves without saving; Enter in a field confirms and never submits the page’s form', async () => {
    const onSave = jest.fn();
    const pageSubmit = jest.fn((e: { preventDefault: () => void }) => e.preventDefault());
    render(
      <form onSubmit={pageSubmit}>
        <RowsDialog onSave={onSave} />
      </form>,
    );
    fireEvent.change(screen.getByTestId('name-0'), { target: { value: 'A' } });
    // (Enter in a field submits the dialog's form in a browser; jsdom needs the submit itself.)
    fireEvent.submit(screen.getByTestId('name-0').closest('form') as HTMLFormElement);
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(pageSubmit).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Annulla' }));
    expect(screen.getByText('closed')).toBeInTheDocument();
  });
});

describe('lineField', () => {
  it('binds a field of a form’s list by its path: name, message, unreadable text, saving', () => {
    const setInputProblem = jest.fn();
    const binding = lineField(
      { error: (f) => (f === 'items.2.quantity' ? 'No' : undefined), setInputProblem, saving: true },
      'items.2.quantity',
    );
    expect(binding).toMatchObject({ name: 'items.2.quantity', error: 'No', disabled: true });
    binding.onInputProblem({ key: 'common:fields.invalidDate' });
    expect(setInputProblem).toHaveBeenCalledWith('items.2.quantity', { key: 'common:fields.invalidDate' });
  });
});
