import { forwardRef, useState, type InputHTMLAttributes } from 'react';

export interface PasswordInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  id: string;
  /** The toggle's name while the password is hidden ("Mostra password") and while it is shown ("Nascondi password"). */
  showLabel: string;
  hideLabel: string;
  toggleTestId?: string;
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
 * A password input with a show/hide toggle inside it — the sign-in's and the user form's, one component. The toggle is a
 * real button named by `showLabel` / `hideLabel` (aria-label, also the hover title), with aria-pressed and aria-controls.
 * Inside the kit's `Field` it takes the field's control props (id, name, aria-*).
 */
export const PasswordInput = forwardRef<HTMLInputElement, PasswordInputProps>(function PasswordInput(
  { showLabel, hideLabel, toggleTestId, ...input },
  ref,
) {
  const [visible, setVisible] = useState(false);
  const toggleLabel = visible ? hideLabel : showLabel;
  return (
    <div className="input-with-toggle">
      <input ref={ref} {...input} type={visible ? 'text' : 'password'} />
      <button
        type="button"
        className="input-toggle"
        aria-label={toggleLabel}
        title={toggleLabel}
        aria-pressed={visible}
        aria-controls={input.id}
        data-testid={toggleTestId}
        onClick={() => setVisible((v) => !v)}
      >
        <EyeIcon crossed={visible} />
      </button>
    </div>
  );
});
