import { forwardRef } from 'react';
import { PasswordInput } from '../forms/PasswordInput';

export interface PasswordFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  showLabel: string;
  hideLabel: string;
  autoComplete?: string;
}

/** The sign-in's password: label, the kit's PasswordInput (show/hide toggle inside), its error. */
export const PasswordField = forwardRef<HTMLInputElement, PasswordFieldProps>(function PasswordField(
  { id, label, value, onChange, error, showLabel, hideLabel, autoComplete = 'current-password' },
  ref,
) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <PasswordInput
        ref={ref}
        id={id}
        name="password"
        autoComplete={autoComplete}
        data-testid="login-password"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        showLabel={showLabel}
        hideLabel={hideLabel}
        toggleTestId="password-toggle"
      />
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
});
