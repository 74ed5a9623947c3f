import { forwardRef, useState } from 'react';

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

/** Eye / crossed eye, drawn inline so no icon font or emoji font is needed. */
function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true" focusable="false">
      <path d="M1 12s4-7 11-7 11 7 11 7-4 7-11 7S1 12 1 12z" />
      <circle cx="12" cy="12" r="3" />
      {crossed ? <path d="M3 3l18 18" /> : null}
    </svg>
  );
}

/**
 * A password input with a show/hide toggle inside it. The toggle is a real button named "Mostra password" /
 * "Nascondi password" (aria-label, also the hover title) with aria-pressed.
 */
export const PasswordField = forwardRef<HTMLInputElement, PasswordFieldProps>(function PasswordField(
  { id, label, value, onChange, error, showLabel, hideLabel, autoComplete = 'current-password' },
  ref,
) {
  const [visible, setVisible] = useState(false);
  const toggleLabel = visible ? hideLabel : showLabel;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="input-with-toggle">
        <input
          ref={ref}
          id={id}
          name="password"
          type={visible ? 'text' : 'password'}
          autoComplete={autoComplete}
          data-testid="login-password"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <button
          type="button"
          className="input-toggle"
          aria-label={toggleLabel}
          title={toggleLabel}
          aria-pressed={visible}
          aria-controls={id}
          data-testid="password-toggle"
          onClick={() => setVisible((v) => !v)}
        >
          <EyeIcon crossed={visible} />
        </button>
      </div>
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
});
