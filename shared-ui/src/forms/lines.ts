import type { FieldBinding, FormProblem } from './useZodForm';

/** What `lineField` reads of a `useZodForm` form (any schema). */
export interface LineFieldSource {
  error: (field: string) => string | undefined;
  setInputProblem: (field: string, problem: FormProblem | null) => void;
  saving: boolean;
}

/**
 * The binding of a field inside a list of a `useZodForm` form ('items.2.quantity'), as `form.field(name)` is for a
 * top-level one: its name (the schema path, so a refused save focuses it and tests find `error-items.2.quantity`), its
 * message, its unreadable-text report and the saving state. The value and onChange stay the caller's (`patchAt`).
 */
export function lineField(form: LineFieldSource, name: string): Omit<FieldBinding, 'value' | 'onChange'> {
  return {
    name,
    error: form.error(name),
    onInputProblem: (problem) => form.setInputProblem(name, problem),
    disabled: form.saving,
  };
}

/** A copy of `list` with the row at `index` changed by `patch` (the other rows kept as they are). */
export function patchAt<T>(list: readonly T[], index: number, patch: Partial<T>): T[] {
  return list.map((row, i) => (i === index ? { ...row, ...patch } : row));
}
