import type { FieldBinding } from './useZodForm';

/**
 * A nullable value (an optional day, notes) bound to a text or date field: null shows as an empty field, and a field
 * emptied gives null — the API's "none" — instead of ''. `{...optionalField(form.field('notes'))}`.
 */
export function optionalField<V extends string | null | undefined>(binding: FieldBinding<V>): FieldBinding<string> {
  return { ...binding, value: binding.value ?? '', onChange: (value: string) => binding.onChange((value || null) as V) };
}
