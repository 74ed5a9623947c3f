import { render, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'zod';
import { requiredText } from '@wms/shared-api';
import { switchLanguage } from '../testing';
import { DateField } from './DateField';
import { TextField } from './Field';
import { FormActions } from './FormActions';
import { NumberField } from './NumberField';
import { useIdempotencyKey } from './useIdempotencyKey';
import { focusField, useZodForm } from './useZodForm';

type Summary = NonNullable<Parameters<ReturnType<typeof useZodForm>['handleSubmit']>[2]>['summary'];

// A form on a shared-style schema: quantities as exact decimal strings, days as ISO strings.
const schema = z.object({
  name: requiredText(),
  quantity: z.string().regex(/^\d+(\.\d+)?$/, { error: 'required' }),
  day: z.string().min(1, { error: 'required' }),
});

function TestForm({ onSave, summary }: { onSave: (v: z.output<typeof schema>) => Promise<void>; summary?: Summary }) {
  const form = useZodForm(schema, { name: '', quantity: '', day: '' });
  return (
    <form ref={form.formRef} noValidate onSubmit={form.handleSubmit(onSave, 'common:form.saveFailed', { summary })}>
      <TextField label="Nome" required {...form.field('name')} />
      <NumberField label="Quantità" decimals={3} required {...form.field('quantity')} data-testid="qty" />
      <DateField label="Data" required {...form.field('day')} data-testid="day" />
      <FormActions saving={form.saving} onCancel={() => undefined} failure={form.failure} saveTestId="save" />
    </form>
  );
}

beforeEach(() => switchLanguage('it'));

describe('useZodForm: the summary line of a form that refuses itself', () => {
  it("shows the summary's words above the buttons (each field keeps its own), and none once the form is valid", async () => {
    const onSave = jest.fn().mockResolvedValue(undefined);
    const summary = jest.fn((issues: Parameters<NonNullable<Summary>>[0]) =>
      issues.some((i) => i.path[0] === 'day') ? 'requiredFields' : null,
    );
    render(<TestForm onSave={onSave} summary={summary} />);
    await userEvent.click(screen.getByTestId('save'));
    expect(screen.getByRole('alert')).toHaveTextContent('Compila tutti i campi obbligatori (date e fornitore)');
    expect(screen.getByTestId('error-day')).toHaveTextContent('Campo obbligatorio');
    expect(summary.mock.calls[0][0].map((i) => i.path.join('.'))).toEqual(['name', 'quantity', 'day']);
    await userEvent.type(screen.getByTestId('day'), '05/03/2026');
    await userEvent.click(screen.getByTestId('save'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument(); // name and quantity still missing: no summary for them
    await userEvent.type(screen.getByLabelText(/Nome/), 'Vite');
    await userEvent.type(screen.getByTestId('qty'), '2');
    await userEvent.click(screen.getByTestId('save'));
    expect(onSave).toHaveBeenCalledTimes(1);
  });
});

describe('NumberField', () => {
  it('saves "2,5" as the exact decimal string "2.5" and shows it formatted on blur', async () => {
    const onSave = jest.fn().mockResolvedValue(undefined);
    render(<TestForm onSave={onSave} />);
    await userEvent.type(screen.getByLabelText(/Nome/), 'Vite');
    await userEvent.type(screen.getByTestId('qty'), '1234,5');
    await userEvent.tab();
    expect(screen.getByTestId('qty')).toHaveValue('1.234,5');
    await userEvent.type(screen.getByTestId('day'), '05/03/2026');
    await userEvent.click(screen.getByTestId('save'));
    expect(onSave).toHaveBeenCalledWith({ name: 'Vite', quantity: '1234.5', day: '2026-03-05' });
  });

  it('in French groups with a narrow space and still reads the comma', async () => {
    await switchLanguage('fr');
    const onSave = jest.fn().mockResolvedValue(undefined);
    render(<TestForm onSave={onSave} />);
    await userEvent.type(screen.getByTestId('qty'), '1234,5');
    await userEvent.tab();
    expect(screen.getByTestId('qty')).toHaveValue('1\u202f234,5');
    // Back in the field: the text to edit, without grouping.
    await userEvent.click(screen.getByTestId('qty'));
    expect(screen.getByTestId('qty')).toHaveValue('1234,5');
  });

  it.each([
    ['2,5,1', 'Un solo separatore decimale'],
    ['abc', 'Numero non valido'],
    ['2,1234', 'Al massimo 3 decimali'],
  ])('%j gets an inline message and is never saved', async (typed, message) => {
    const onSave = jest.fn().mockResolvedValue(undefined);
    render(<TestForm onSave={onSave} />);
    await userEvent.type(screen.getByLabelText(/Nome/), 'Vite');
    await userEvent.type(screen.getByTestId('day'), '05/03/2026');
    await userEvent.type(screen.getByTestId('qty'), typed);
    await userEvent.tab();
    expect(screen.getByTestId('error-quantity')).toHaveTextContent(message);
    expect(screen.getByTestId('qty')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('qty')).toHaveValue(typed);
    await userEvent.click(screen.getByTestId('save'));
    expect(onSave).not.toHaveBeenCalled();
    expect(screen.getByTestId('qty')).toHaveFocus();
  });

  it('refuses a save pressed with Enter while the unreadable text is still being typed', async () => {
    const onSave = jest.fn().mockResolvedValue(undefined);
    render(<TestForm onSave={onSave} />);
    await userEvent.type(screen.getByLabelText(/Nome/), 'Vite');
    await userEvent.type(screen.getByTestId('day'), '05/03/2026');
    await userEvent.type(screen.getByTestId('qty'), '2,5,1{Enter}');
    expect(onSave).not.toHaveBeenCalled();
    expect(screen.getByTestId('error-quantity')).toHaveTextContent('Un solo separatore decimale');
  });
});

describe('DateField', () => {
  it('31/02/2026 says that day does not exist, the form is not saved and focus goes to the date; "domani" is no date', async () => {
    const onSave = jest.fn().mockResolvedValue(undefined);
    render(<TestForm onSave={onSave} />);
    await userEvent.type(screen.getByLabelText(/Nome/), 'Vite');
    await userEvent.type(screen.getByTestId('qty'), '2');
    await userEvent.type(screen.getByTestId('day'), '31/02/2026');
    await userEvent.tab();
    expect(screen.getByTestId('error-day')).toHaveTextContent('Il giorno 31/02/2026 non esiste: controlla giorno e mese');
    await userEvent.click(screen.getByTestId('save'));
    expect(onSave).not.toHaveBeenCalled();
    expect(screen.getByTestId('day')).toHaveFocus();
    await userEvent.clear(screen.getByTestId('day'));
    await userEvent.type(screen.getByTestId('day'), 'domani');
    await userEvent.tab();
    expect(screen.getByTestId('error-day')).toHaveTextContent('Data non valida: usa il formato gg/mm/aaaa');
  });

  it('picks a day from an Italian calendar and shows it as dd/MM/yyyy', async () => {
    const onChange = jest.fn();
    render(<DateField name="day" label="Data" value="2026-03-05" onChange={onChange} data-testid="day" />);
    await userEvent.click(screen.getByRole('button', { name: 'Apri il calendario: Data' }));
    const dialog = screen.getByRole('dialog', { name: 'Data' });
    expect(dialog).toHaveTextContent('Marzo 2026');
    expect(screen.getByRole('button', { name: 'giovedì 5 marzo 2026' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}{Enter}');
    expect(onChange).toHaveBeenCalledWith('2026-03-06');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByTestId('day')).toHaveValue('06/03/2026');
    expect(screen.getByTestId('day')).toHaveFocus();
  });

  it('speaks French in a French session', async () => {
    await switchLanguage('fr');
    render(<DateField name="day" label="Date" value="2026-03-05" onChange={() => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'Ouvrir le calendrier : Date' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('Mars 2026');
    await userEvent.keyboard('{PageDown}');
    expect(screen.getByRole('dialog')).toHaveTextContent('Avril 2026');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('useZodForm', () => {
  it('an empty save marks every required field, focuses the first, and wires label, aria-required and the message', async () => {
    const onSave = jest.fn();
    render(<TestForm onSave={onSave} />);
    await userEvent.click(screen.getByTestId('save'));
    const name = screen.getByLabelText(/Nome/);
    expect(name).toHaveFocus();
    expect(name).toHaveAttribute('aria-required', 'true');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Campo obbligatorio');
    expect(screen.getByTestId('error-quantity')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('a field speaks once left (never on open), and its message goes as soon as it is fixed', async () => {
    render(<TestForm onSave={jest.fn()} />);
    expect(screen.queryByTestId('error-name')).toBeNull();
    await userEvent.click(screen.getByLabelText(/Nome/));
    expect(screen.queryByTestId('error-name')).toBeNull();
    await userEvent.tab();
    expect(screen.getByTestId('error-name')).toHaveTextContent('Campo obbligatorio');
    expect(screen.queryByTestId('error-quantity')).toBeNull(); // not left yet
    await userEvent.type(screen.getByLabelText(/Nome/), 'V');
    expect(screen.queryByTestId('error-name')).toBeNull();
  });

  it('a field left by Tab for one of the form’s buttons speaks at once (only a pointer pressing a button keeps it quiet until the click)', async () => {
    render(<TestForm onSave={jest.fn()} />);
    await userEvent.click(screen.getByTestId('day'));
    await userEvent.tab(); // to the calendar button, one of the form's buttons
    expect(screen.getByTestId('error-day')).toHaveTextContent('Campo obbligatorio');
  });

  it('a field the page focused on open, left as it was, does not speak; left again by the user, or changed, it does', async () => {
    const { container } = render(<TestForm onSave={jest.fn()} />);
    focusField(container.querySelector('form'), 'name');
    expect(screen.getByLabelText(/Nome/)).toHaveFocus();
    await userEvent.tab();
    expect(screen.queryByTestId('error-name')).toBeNull(); // the user never touched it
    await userEvent.click(screen.getByLabelText(/Nome/));
    await userEvent.tab();
    expect(screen.getByTestId('error-name')).toHaveTextContent('Campo obbligatorio');
    // Focused by the page after a change: left with a new value, it speaks at once.
    focusField(container.querySelector('form'), 'quantity');
    await userEvent.type(screen.getByTestId('qty'), 'x');
    await userEvent.tab();
    expect(screen.getByTestId('error-quantity')).toBeInTheDocument();
  });

  it('a refused save shows the server message above the buttons and its field texts under the fields', async () => {
    const err = Object.assign(new Error('400'), {
      isApiError: true,
      response: { status: 400, data: { error: 'Dati non validi', code: 'VALIDATION', fields: { name: 'Nome già usato' } } },
    });
    render(<TestForm onSave={() => Promise.reject(err)} />);
    await userEvent.type(screen.getByLabelText(/Nome/), 'Vite');
    await userEvent.type(screen.getByTestId('qty'), '2');
    await userEvent.type(screen.getByTestId('day'), '05/03/2026');
    await userEvent.click(screen.getByTestId('save'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Dati non validi');
    expect(screen.getByTestId('error-name')).toHaveTextContent('Nome già usato');
    expect(screen.getByLabelText(/Nome/)).toHaveFocus();
  });

  it('a refusal that names no field gives the focus back to Save (a browser drops it while Save is disabled)', async () => {
    const err = Object.assign(new Error('409'), {
      isApiError: true,
      response: { status: 409, data: { error: 'Quantità eccessiva', code: 'OVER_RECEIPT' } },
    });
    const onSave = () => {
      (document.activeElement as HTMLElement).blur();
      return Promise.reject(err);
    };
    render(<TestForm onSave={onSave} />);
    await userEvent.type(screen.getByLabelText(/Nome/), 'Vite');
    await userEvent.type(screen.getByTestId('qty'), '2');
    await userEvent.type(screen.getByTestId('day'), '05/03/2026');
    await userEvent.click(screen.getByTestId('save'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Quantità eccessiva');
    await waitFor(() => expect(screen.getByTestId('save')).toHaveFocus());
  });
});

describe('useZodForm message parameters', () => {
  // A rule with a decimal parameter, as the sale's maximum or a price's minimum: the form writes it as the server does.
  const minimum = z.object({
    quantity: z.string().refine((v) => v === '' || parseInt(v, 10) >= 3, { error: 'belowMinimum', params: { min: '2.5' } }),
    total: z.string().max(1000, { error: 'tooLarge' }),
  });

  function MinimumForm() {
    const form = useZodForm(minimum, { quantity: '1', total: 'x'.repeat(1001) });
    return (
      <form ref={form.formRef} noValidate onSubmit={form.handleSubmit(async () => undefined, 'common:form.saveFailed')}>
        <NumberField label="Quantità" decimals={3} {...form.field('quantity')} data-testid="qty" />
        <TextField label="Totale" {...form.field('total')} />
        <FormActions saving={form.saving} onCancel={() => undefined} failure={form.failure} saveTestId="save" />
      </form>
    );
  }

  it.each([
    ['it', 'Il valore deve essere almeno 2,5', 'Valore troppo grande (massimo 1.000)'],
    ['fr', 'La valeur doit être au moins 2,5', 'Valeur trop grande (maximum 1\u202f000)'],
  ] as const)('in %s says %j like the server, never "2.5"', async (lang, quantity, total) => {
    await switchLanguage(lang);
    render(<MinimumForm />);
    await userEvent.click(screen.getByTestId('save'));
    expect(screen.getByTestId('error-quantity')).toHaveTextContent(quantity);
    expect(screen.getByTestId('error-total').textContent).toContain(total); // exact: U+202F in French
  });
});

describe('focusField', () => {
  function Lines() {
    return (
      <form data-testid="form">
        <input name="document_number" aria-label="DDT" />
        <input name="items.0.quantity" aria-label="locked" disabled />
        <input name="items.1.quantity" aria-label="first open" />
        <input name="items.2.quantity" aria-label="second open" />
      </form>
    );
  }

  it("a list's own message focuses the list's first control that can be typed in (a locked line is skipped)", () => {
    render(<Lines />);
    focusField(screen.getByTestId('form') as HTMLFormElement, ['items']);
    expect(screen.getByLabelText('first open')).toHaveFocus();
  });

  it('the first named control in the order the form shows them wins', () => {
    render(<Lines />);
    focusField(screen.getByTestId('form') as HTMLFormElement, ['items', 'document_number']);
    expect(screen.getByLabelText('DDT')).toHaveFocus();
    focusField(screen.getByTestId('form') as HTMLFormElement, 'items.2.quantity');
    expect(screen.getByLabelText('second open')).toHaveFocus();
  });
});

describe('useIdempotencyKey', () => {
  it('keeps one key for every try of an action and makes a new one after done()', () => {
    const { result } = renderHook(() => useIdempotencyKey());
    const first = result.current.key();
    expect(first).toMatch(/.{8,}/);
    expect(result.current.key()).toBe(first); // a retry, a double click, a save again after a refusal
    result.current.done();
    const next = result.current.key();
    expect(next).not.toBe(first);
    expect(result.current.key()).toBe(next);
  });
});
