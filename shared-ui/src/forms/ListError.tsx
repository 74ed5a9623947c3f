export interface ListErrorProps {
  /** The list's name in the form ('items', 'lines'): the test id is `error-<name>`, as a field's message. */
  name: string;
  /** The list's own message ("Aggiungi almeno un prodotto all'ordine"), from `form.error(name)`; nothing when none. */
  error?: string;
}

/** The message of a list of a form as a whole (no line, too many lines), above its lines and announced. */
export function ListError({ name, error }: ListErrorProps) {
  return error ? (
    <p className="field-error" role="alert" data-testid={`error-${name}`}>
      {error}
    </p>
  ) : null;
}
