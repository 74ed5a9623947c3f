import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The one field wiring of the portal: a label naming the control, a required marker (and `aria-required`), an optional
 * hint, and the message under the control, announced with it (`aria-invalid`, `aria-describedby`). `name` is the schema
 * field: the form focuses the first one in error by it, and tests find the message as `error-<name>`.
 */
export interface FieldProps {
  name: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
  /** Renders the control with the ids and ARIA attributes it must carry. */
  children: (control: ControlProps) => ReactNode;
}

export interface ControlProps {
  id: string;
  name: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
  'aria-required'?: true;
}

/** A stable id for a field's control (`useId` + the field name, readable in tests and URLs of labels). */
export function useFieldId(name: string): string {
  return `f${useId()}--${name}`.replace(/[^a-zA-Z0-9_-]/g, '');
}

export function Field({ name, label, error, hint, required, className, children }: FieldProps) {
  const { t } = useTranslation('common');
  const id = useFieldId(name);
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const control: ControlProps = {
    id,
    name,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': [errorId, hintId].filter(Boolean).join(' ') || undefined,
    'aria-required': required ? true : undefined,
  };
  return (
    <div className={['field', error ? 'has-error' : '', className ?? ''].filter(Boolean).join(' ')}>
      <label htmlFor={id}>
        {label}
        {required ? (
          <span className="required-mark" aria-hidden="true" title={t('form.required')}>
            {' *'}
          </span>
        ) : null}
      </label>
      {children(control)}
      {hint ? (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field-error" id={errorId} data-testid={`error-${name}`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Props every kit field shares (a `form.field(name)` binding spreads into them). */
export interface BaseFieldProps<V> {
  name: string;
  label: ReactNode;
  value: V;
  /** Method syntax on purpose: a binding of a narrower value type (`form.field('name')`) fits. */
  onChange(value: V): void;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  className?: string;
  'data-testid'?: string;
  /** Unused by plain fields; NumberField and DateField report unreadable text through it. */
  onInputProblem?: unknown;
}

export function TextField({
  type = 'text',
  multiline,
  autoFocus,
  maxLength,
  placeholder,
  autoComplete,
  suggestions,
  code,
  onInputProblem: _unused,
  ...props
}: BaseFieldProps<string | null | undefined> & {
  type?: 'text' | 'email' | 'tel' | 'password';
  multiline?: boolean;
  autoFocus?: boolean;
  maxLength?: number;
  placeholder?: string;
  autoComplete?: string;
  /** Values offered while typing (a datalist), any other text still accepted. */
  suggestions?: readonly string[];
  /** A code or batch number: monospaced, never wrapped or spell-checked. */
  code?: boolean;
}) {
  return (
    <Field {...props}>
      {(control) => {
        const common = {
          ...control,
          value: props.value ?? '',
          disabled: props.disabled,
          autoFocus,
          maxLength,
          placeholder,
          autoComplete,
          'data-testid': props['data-testid'],
          ...(code ? { className: 'code', spellCheck: false } : {}),
        };
        if (multiline) return <textarea {...common} rows={3} onChange={(e) => props.onChange(e.target.value)} />;
        const listId = suggestions?.length ? `${control.id}-suggestions` : undefined;
        return (
          <>
            <input {...common} type={type} list={listId} onChange={(e) => props.onChange(e.target.value)} />
            {listId ? (
              <datalist id={listId}>
                {suggestions!.map((v) => (
                  <option key={v} value={v} />
                ))}
              </datalist>
            ) : null}
          </>
        );
      }}
    </Field>
  );
}

export interface Option {
  value: string;
  label: string;
  disabled?: boolean;
}

export function SelectField({
  options,
  placeholder,
  onInputProblem: _unused,
  ...props
}: BaseFieldProps<string | number | null | undefined> & { options: Option[]; placeholder?: string }) {
  return (
    <Field {...props}>
      {(control) => (
        <select
          {...control}
          value={props.value == null ? '' : String(props.value)}
          disabled={props.disabled}
          onChange={(e) => props.onChange(e.target.value)}
          data-testid={props['data-testid']}
        >
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((o) => (
            <option key={o.value} value={o.value} disabled={o.disabled}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

export function CheckboxField({
  name,
  label,
  value,
  onChange,
  disabled,
  hint,
  'data-testid': testId,
}: BaseFieldProps<boolean | null | undefined>) {
  const id = useFieldId(name);
  return (
    <div className="field field-checkbox">
      <input
        id={id}
        type="checkbox"
        name={name}
        checked={value === true}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
        aria-describedby={hint ? `${id}-hint` : undefined}
        data-testid={testId}
      />
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}
