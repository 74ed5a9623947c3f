import { useId, type ReactNode } from 'react';

/**
 * Labelled form controls of the registry screens: the label names the control, an error is announced with it
 * (aria-invalid, aria-describedby), and `name` is the schema field (the form focuses the first one in error by it).
 */
interface Base {
  name: string;
  label: string;
  error?: string;
  required?: boolean;
  disabled?: boolean;
}

function Field({ id, name, label, error, required, children }: Base & { id: string; children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {children}
      {error ? (
        <p className="field-error" id={`${id}-error`} data-testid={`error-${name}`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

const aria = (id: string, error?: string, required?: boolean) => ({
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? `${id}-error` : undefined,
  'aria-required': required || undefined,
});

export function TextField(props: Base & { value: string | null | undefined; onChange: (value: string) => void; type?: 'text' | 'email' | 'tel'; multiline?: boolean; autoFocus?: boolean }) {
  const id = `${useId()}--${props.name}`;
  const common = {
    id,
    name: props.name,
    value: props.value ?? '',
    disabled: props.disabled,
    autoFocus: props.autoFocus,
    ...aria(id, props.error, props.required),
  };
  return (
    <Field {...props} id={id}>
      {props.multiline ? (
        <textarea {...common} rows={3} onChange={(e) => props.onChange(e.target.value)} />
      ) : (
        <input {...common} type={props.type ?? 'text'} onChange={(e) => props.onChange(e.target.value)} />
      )}
    </Field>
  );
}

export interface Option {
  value: string;
  label: string;
}

export function SelectField(props: Base & { value: string; onChange: (value: string) => void; options: Option[]; placeholder?: string }) {
  const id = `${useId()}--${props.name}`;
  return (
    <Field {...props} id={id}>
      <select id={id} name={props.name} value={props.value} disabled={props.disabled} onChange={(e) => props.onChange(e.target.value)} {...aria(id, props.error, props.required)}>
        {props.placeholder !== undefined ? <option value="">{props.placeholder}</option> : null}
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

export function CheckboxField({ name, label, checked, onChange, disabled }: Omit<Base, 'error' | 'required'> & { checked: boolean; onChange: (checked: boolean) => void }) {
  const id = `${useId()}--${name}`;
  return (
    <div className="field field-checkbox">
      <input id={id} type="checkbox" name={name} checked={checked} disabled={disabled} onChange={(e) => onChange(e.target.checked)} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}
