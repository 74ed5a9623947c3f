import type { ReactNode, RefObject } from 'react';
import type { Field } from './movement-values';

/** What every field of the form wires the same way: its ref (for the focus), its error text and the ARIA that names it. */
export interface FieldUi {
  /** The form's `useId`: every control's id starts with it. */
  id: string;
  ref: <T extends HTMLElement>(field: Field) => RefObject<T>;
  invalid: (field: Field) => true | undefined;
  /** The field's error (when it has one) and its hints, as `aria-describedby`. */
  describedBy: (field: Field, ...hints: (string | false | null | undefined)[]) => string | undefined;
  error: (field: Field) => ReactNode;
}

export function fieldUi(
  id: string,
  refs: Record<Field, RefObject<HTMLElement | null>>,
  message: (field: Field) => string | undefined,
): FieldUi {
  const errorId = (field: Field) => `${id}-${field}-error`;
  return {
    id,
    ref: <T extends HTMLElement>(field: Field) => refs[field] as RefObject<T>,
    invalid: (field) => (message(field) ? true : undefined),
    describedBy: (field, ...hints) => [message(field) ? errorId(field) : null, ...hints].filter(Boolean).join(' ') || undefined,
    error: (field) =>
      message(field) ? (
        <p className="field-error" id={errorId(field)} data-testid={`error-${field}`}>
          {message(field)}
        </p>
      ) : null,
  };
}
