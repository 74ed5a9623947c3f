import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { apiError, fieldProblems, type FieldProblem } from '@wms/shared-api';

/**
 * State of a registry form validated by the shared schema the server uses too: the same rules, the same words. Problems
 * are kept as keys (they follow a language switch); a 400's field texts from the server show under their fields as well.
 */
export function useSchemaForm<S extends z.ZodType<unknown, Record<string, unknown>>>(schema: S, initial: z.input<S>) {
  const { t } = useTranslation('validation');
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<z.input<S>>(initial);
  const [problems, setProblems] = useState<Record<string, FieldProblem>>({});
  const [serverFields, setServerFields] = useState<Record<string, string>>({});

  const set = useCallback(<K extends keyof z.input<S> & string>(field: K, value: z.input<S>[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setProblems(({ [field]: _gone, ...rest }) => rest);
    setServerFields(({ [field]: _gone, ...rest }) => rest);
  }, []);

  const reset = useCallback((next: z.input<S>) => {
    setValues(next);
    setProblems({});
    setServerFields({});
  }, []);

  /** The parsed values, or null after showing every problem and focusing the first field in error. */
  const validate = useCallback((): z.output<S> | null => {
    const parsed = schema.safeParse(values);
    if (parsed.success) {
      setProblems({});
      return parsed.data;
    }
    const found = fieldProblems(parsed.error);
    setProblems(found);
    const first = Object.keys(found)[0];
    formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
    return null;
  }, [schema, values]);

  /** Shows the field texts of a refused save (400 `fields`). */
  const showServerProblems = useCallback((err: unknown) => {
    setServerFields(apiError(err)?.fields ?? {});
  }, []);

  const error = (field: string): string | undefined => {
    const p = problems[field];
    return p ? t(p.key, p.params) : serverFields[field];
  };

  return { formRef, values, set, reset, validate, error, showServerProblems };
}
