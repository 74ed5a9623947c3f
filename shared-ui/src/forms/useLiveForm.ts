import { useCallback, useRef, useState, type FocusEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { fieldProblems, formatMessageParams } from '@wms/shared-api/core';
import { currentLanguage } from '../i18n/instance';
import { focusField, type FormProblem } from './useZodForm';

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

  /** Props of a field named `name` (a path such as 'batches.0.quantity'): its message and its unreadable-text report. */
  const bind = (name: string) => ({ name, error: error(name), onInputProblem: (p: FormProblem | null) => setInputProblem(name, p) });

  return { formRef, values, setValues, error, bind, onBlur, forget, attempt, attempted };
}

export type LiveForm<S extends z.ZodType<unknown, Record<string, unknown>>> = ReturnType<typeof useLiveForm<S>>;
