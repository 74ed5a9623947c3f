import { useCallback, useEffect, useRef, useState, type FocusEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { fieldProblems, formatMessageParams } from '@wms/shared-api/core';
import { currentLanguage } from '../i18n/instance';
import { patchAt } from './lines';
import { focusField, type FieldBinding, type FormProblem } from './useZodForm';

/** The row type of a list field's value. */
type RowOf<A> = A extends ReadonlyArray<infer R> ? R : never;

/**
 * A form checked as it is typed, for the small forms whose messages must follow every keystroke once shown — a dialog's
 * rows whose sum must match (the receipt's batches) — on the entity's shared zod schema, with the house rule (issue 22):
 * a field's message shows once the field was left or after a first attempt, never when the form opens. A list's own
 * message ('batches', a sum) shows once one of its fields was left. Text a NumberField / DateField cannot read keeps the
 * field's own message and blocks `attempt`. Pages keep `useZodForm` (messages as of the last save, plus the server's).
 */
export function useLiveForm<S extends z.ZodType<unknown, Record<string, unknown>>>(schema: S, initial: z.input<S>) {
  const { t } = useTranslation('validation');
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<z.input<S>>(initial);
  const [left, setLeft] = useState<ReadonlySet<string>>(() => new Set());
  const [attempted, setAttempted] = useState(false);
  const [inputProblems, setInputProblems] = useState<Record<string, FormProblem>>({});
  const parsed = schema.safeParse(values);
  const problems: Record<string, FormProblem> = parsed.success ? {} : fieldProblems(parsed.error);
  const words = (p: FormProblem) => t(p.key, formatMessageParams(currentLanguage(), p.params));
  const seen = (name: string) => attempted || left.has(name) || [...left].some((l) => l.startsWith(`${name}.`));

  /** The message of `name` as it should show now (undefined while the field has not spoken yet). */
  const error = (name: string): string | undefined => {
    // An unreadable text: the field says so itself on blur; after an attempt the form says it too.
    if (inputProblems[name]) return attempted ? words(inputProblems[name]) : undefined;
    return problems[name] && seen(name) ? words(problems[name]) : undefined;
  };

  const setInputProblem = useCallback((name: string, problem: FormProblem | null) => {
    setInputProblems((m) => {
      if (problem) return { ...m, [name]: problem };
      const { [name]: _gone, ...rest } = m;
      return rest;
    });
  }, []);

  /** The form's onBlur: a field left speaks from then on. */
  const onBlur = (e: FocusEvent<HTMLFormElement>) => {
    const name = e.target.getAttribute('name');
    if (name && !left.has(name)) setLeft(new Set(left).add(name));
  };

  /** Forgets what fields matching `test` said (their rows were removed): their unreadable text and their having been left. */
  const forget = (test: (name: string) => boolean) => {
    setInputProblems((m) => Object.fromEntries(Object.entries(m).filter(([name]) => !test(name))));
    setLeft((l) => new Set([...l].filter((name) => !test(name))));
  };

  /**
   * The parsed values, or null after showing every message and focusing the first field in error in the form's order (a
   * list's message focuses the list's first field).
   */
  const attempt = (): z.output<S> | null => {
    setAttempted(true);
    const names = [...Object.keys(problems), ...Object.keys(inputProblems)];
    if (parsed.success && names.length === 0) return parsed.data;
    const controls = Array.from(formRef.current?.querySelectorAll('[name]') ?? [], (c) => c.getAttribute('name') ?? '');
    focusField(
      formRef.current,
      names.map((n) => (controls.includes(n) ? n : (controls.find((c) => c.startsWith(`${n}.`)) ?? n))),
    );
    return null;
  };

  /**
   * Props of the field at `path` ('batches.0.quantity'), as useZodForm's `field(name)` for a top-level one: its name, its
   * value and onChange there, its message and its unreadable-text report. `V` is the value's type (text by default).
   */
  const field = <V = string>(path: string): FieldBinding<V> => {
    const keys = path.split('.');
    return {
      name: path,
      value: keys.reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], values) as V,
      onChange: (value: V) => setValues((v) => setAt(v, keys, value)),
      error: error(path),
      onInputProblem: (p: FormProblem | null) => setInputProblem(path, p),
    };
  };

  /** A list field's rows ('batches'): change one, add one (its first field then takes the focus), remove one. */
  type Values = z.input<S>;
  type ListName = { [K in keyof Values & string]: Values[K] extends ReadonlyArray<unknown> ? K : never }[keyof Values & string];
  const rowsOf = (v: Values, list: ListName) => v[list] as ReadonlyArray<RowOf<Values[typeof list]>>;
  const focusRow = useRef<string | null>(null);
  useEffect(() => {
    if (focusRow.current === null) return;
    formRef.current?.querySelector<HTMLElement>(`[name^="${focusRow.current}"]`)?.focus();
    focusRow.current = null;
  });
  const patchRow = <L extends ListName>(list: L, index: number, patch: Partial<RowOf<Values[L]>>) =>
    setValues((v) => ({ ...v, [list]: patchAt(rowsOf(v, list), index, patch) }));
  const addRow = <L extends ListName>(list: L, row: RowOf<Values[L]>) => {
    focusRow.current = `${list}.${rowsOf(values, list).length}.`;
    setValues((v) => ({ ...v, [list]: [...rowsOf(v, list), row] }));
  };
  /** Rows after the removed one show their new values afresh: what the fields of those rows said is forgotten. */
  const removeRow = (list: ListName, index: number) => {
    setValues((v) => ({ ...v, [list]: rowsOf(v, list).filter((_, k) => k !== index) }));
    forget((name) => name.startsWith(`${list}.`) && parseInt(name.slice(list.length + 1), 10) >= index);
  };

  return { formRef, values, setValues, error, field, onBlur, forget, attempt, attempted, patchRow, addRow, removeRow };
}

/** A copy of `target` with the value at `keys` (object keys, array indexes) replaced. */
function setAt<T>(target: T, keys: readonly string[], value: unknown): T {
  if (keys.length === 0) return value as T;
  const [key, ...rest] = keys;
  if (Array.isArray(target)) return target.map((item: unknown, i) => (String(i) === key ? setAt(item, rest, value) : item)) as T;
  const record = target as Record<string, unknown>;
  return { ...record, [key]: setAt(record[key], rest, value) } as T;
}

export type LiveForm<S extends z.ZodType<unknown, Record<string, unknown>>> = ReturnType<typeof useLiveForm<S>>;
