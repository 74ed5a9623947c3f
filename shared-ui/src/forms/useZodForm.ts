import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { apiError, fieldProblems, formatMessageParams } from '@wms/shared-api/core';
import { focusLost, focusPageTitle } from '../components/focus';
import { currentLanguage } from '../i18n/instance';
import { toastError } from '../toasts/toasts';
import { failureText } from './failure-text';

/** A schema issue as handleSubmit's `summary` reads it: where, and the message key (the type its option spells out). */
type SchemaIssue = { path: readonly PropertyKey[]; message: string };

/** A problem as a translation key ("validation" namespace by default, or "ns:key") and its parameters. */
export interface FormProblem {
  key: string;
  params?: Record<string, string | number>;
}

/** What a field component needs from the form: `{...form.field('name')}`. */
export interface FieldBinding<V = unknown> {
  name: string;
  value: V;
  onChange: (value: V) => void;
  /** Called by NumberField / DateField when the text typed cannot be read exactly (null once it can). */
  onInputProblem: (problem: FormProblem | null) => void;
  error?: string;
  disabled?: boolean;
}

/**
 * Focuses the first control of `form`, in the order the form shows them, named by one of `names` (the first field in
 * error after a refused save). A list's own message ('items': nothing to receive, no line) names the list: its first
 * control that can be typed in ('items.2.quantity') is where to start. No popup opens. Every form of the portal uses it,
 * with or without `useZodForm`.
 */
export function focusField(form: HTMLFormElement | null, names: string | readonly string[] | undefined): void {
  if (!form || !names) return;
  const wanted = typeof names === 'string' ? [names] : names;
  if (wanted.length === 0) return;
  const named = (name: string) => wanted.some((w) => name === w || name.startsWith(`${w}.`));
  const el = Array.from(form.querySelectorAll<HTMLElement>('[name]')).find(
    (c) => named(c.getAttribute('name') ?? '') && !(c as HTMLInputElement).disabled,
  );
  if (!el) return;
  // Focused by the page, not by the user: left unchanged, it does not speak (useZodForm's field-left rule, below).
  if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) el.dataset.pageFocus = el.value;
  el.focus({ preventScroll: false });
}

/**
 * After "Aggiungi riga": the new row's first control has the focus (a keyboard user types the product at once, not
 * Shift+Tab back over the previous row). `from` is the button pressed (its form is searched), `list` the list's name
 * ('items'), `index` the new row's. Runs once the row is drawn.
 */
export function focusAddedRow(from: HTMLElement, list: string, index: number): void {
  const form = from.closest('form');
  setTimeout(() => focusField(form, `${list}.${index}`), 0);
}

const FOCUS_WATCH_MS = 1500;

/**
 * After an action or a refused save: the control that started it (a toggle, a row's button, Save) takes the focus back
 * when the page dropped it — the control was disabled while the call ran, which sends a keyboard user to the top of the
 * page. A control gone meanwhile (a revoked sale's Revoke, redrawn by the list's reload) hands it to the page's title.
 * Watched for a moment (the list's reload ends after the action), and only while the focus is lost: a focus the page
 * or the user placed is left alone.
 */
export function giveFocusBack(opener: Element | null): void {
  const until = Date.now() + FOCUS_WATCH_MS;
  const check = () => {
    if (focusLost()) {
      const back = opener instanceof HTMLElement && opener !== document.body && opener.isConnected ? opener : null;
      if (back && !(back as HTMLButtonElement).disabled) back.focus();
      else if (!back) focusPageTitle();
    }
    if (Date.now() < until) setTimeout(check, 50);
  };
  setTimeout(check, 0);
}

/**
 * The one form hook of the portal, on the entity's shared zod schema (the same rules and words as the server). Values
 * are what the inputs hold (numbers as exact decimal strings, days as ISO strings); `validate` parses them with the
 * schema. A field whose typed text cannot be read (NumberField, DateField) blocks the save with its own message. A
 * refused save shows every message inline and focuses the first field in error; a 400's `fields` show the same way.
 */
export function useZodForm<S extends z.ZodType<unknown, Record<string, unknown>>>(schema: S, initial: z.input<S>) {
  type Values = z.input<S>;
  const { t } = useTranslation('validation');
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Values>(initial);
  const [problems, setProblems] = useState<Record<string, FormProblem>>({});
  const [inputProblems, setInputProblems] = useState<Record<string, FormProblem>>({});
  /** Input problems are shown by their field on blur; the form shows them too once a save was refused because of them. */
  const [revealInput, setRevealInput] = useState(false);
  const [serverFields, setServerFields] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const valuesRef = useRef(values);
  valuesRef.current = values;
  // A field left speaks (issue 22: after the first save attempt or after leaving the field, never on open): from then on
  // its problem by the schema on the current values shows (`error`), and goes as soon as it is fixed.
  const [left, setLeft] = useState<ReadonlySet<string>>(() => new Set());
  /** The form's button a pointer is pressing now (its click has not landed yet); null after the click or a key. */
  const pressed = useRef<Element | null>(null);
  useEffect(() => {
    const form = formRef.current;
    const onPress = (e: PointerEvent) => {
      pressed.current = e.target instanceof Element ? e.target.closest('button') : null;
    };
    const onDone = () => {
      pressed.current = null;
    };
    const onLeave = (e: FocusEvent) => {
      const name = e.target instanceof Element ? e.target.getAttribute('name') : null;
      // Not when a pointer is pressing one of the form's buttons (Save, Annulla, Aggiungi riga): a message appearing now
      // would move that button from under the pointer before the click lands (Save checks everything anyway). Tab to
      // Save does show it.
      if (!name || (e.relatedTarget instanceof HTMLButtonElement && e.relatedTarget === pressed.current)) return;
      // Nor when the page put the focus there (the receipt's DDT number on open) and the user left it as it was: they
      // never touched it, so it is not theirs to have left.
      const target = e.target as HTMLElement & { value?: string };
      if (target.dataset.pageFocus !== undefined) {
        const untouched = target.value === target.dataset.pageFocus;
        delete target.dataset.pageFocus;
        if (untouched) return;
      }
      setLeft((l) => (l.has(name) ? l : new Set(l).add(name)));
    };
    // On whatever form element is there now (a form drawn once its record is loaded included).
    const listeners = [
      ['pointerdown', onPress],
      ['click', onDone],
      ['keydown', onDone],
      ['focusout', onLeave],
    ] as const;
    for (const [type, listener] of listeners) form?.addEventListener(type, listener as EventListener, true);
    return () => {
      for (const [type, listener] of listeners) form?.removeEventListener(type, listener as EventListener, true);
    };
  });
  /** Fields named by a refused save, focused once the form is enabled again. */
  const focusLater = useRef<string[] | null>(null);
  const focusBack = useRef<Element | null>(null);
  useEffect(() => {
    if (saving || !focusBack.current) return;
    giveFocusBack(focusBack.current);
    focusBack.current = null;
  });
  useEffect(() => {
    if (saving || !focusLater.current) return;
    const names = focusLater.current;
    focusLater.current = null;
    focusField(formRef.current, names);
  });

  const drop =
    <T>(field: string) =>
    (m: Record<string, T>) => {
      if (!(field in m)) return m;
      const { [field]: _gone, ...rest } = m;
      return rest;
    };

  const set = useCallback(<K extends keyof Values & string>(field: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setProblems(drop<FormProblem>(field));
    setServerFields(drop<string>(field));
    setFailure(null);
  }, []);

  const setInputProblem = useCallback((field: string, problem: FormProblem | null) => {
    setInputProblems((m) => (problem ? { ...m, [field]: problem } : drop<FormProblem>(field)(m)));
  }, []);

  const reset = useCallback((next: Values) => {
    setValues(next);
    setProblems({});
    setInputProblems({});
    setRevealInput(false);
    setServerFields({});
    setFailure(null);
    setLeft(new Set());
  }, []);

  /** The parsed values, or null after showing every problem and focusing the first field in error. */
  // validate's work, with the schema's issues of a refusal (handleSubmit's `summary` reads them: one parse per submit).
  const check = useCallback((): { data: z.output<S> | null; issues: ReadonlyArray<SchemaIssue> } => {
    const parsed = schema.safeParse(valuesRef.current);
    const found: Record<string, FormProblem> = parsed.success ? {} : fieldProblems(parsed.error);
    setProblems(found);
    if (Object.keys(inputProblems).length > 0) setRevealInput(true);
    const all = { ...found, ...inputProblems };
    if (parsed.success && Object.keys(inputProblems).length === 0) return { data: parsed.data, issues: [] };
    focusField(formRef.current, Object.keys(all));
    return { data: null, issues: parsed.success ? [] : parsed.error.issues };
  }, [schema, inputProblems]);
  const validate = useCallback((): z.output<S> | null => check().data, [check]);

  /** Shows the field texts of a refused save (400 `fields`) and focuses the first of them. */
  const showServerProblems = useCallback((err: unknown) => {
    const fields = apiError(err)?.fields ?? {};
    setServerFields(fields);
    focusLater.current = Object.keys(fields);
  }, []);

  // The problems of the fields left, on the current values (none parsed while no field was left).
  const liveProblems: Record<string, FormProblem> = useMemo(() => {
    if (left.size === 0) return {};
    const parsed = schema.safeParse(values);
    return parsed.success ? {} : fieldProblems(parsed.error);
  }, [left, schema, values]);

  const error = (field: string): string | undefined => {
    // A text its field cannot read keeps that field's own words (never "required" over "31/02 does not exist").
    const live = left.has(field) && !inputProblems[field] ? liveProblems[field] : undefined;
    const p = (revealInput ? inputProblems[field] : undefined) ?? problems[field] ?? live;
    // Numbers and days in the message are written as the reader writes them ("(2,5)"), as the server's messages are.
    return p ? t(p.key, formatMessageParams(currentLanguage(), p.params)) : serverFields[field];
  };

  /**
   * The form's onSubmit: validates, then runs `save` with the parsed values. A failure shows the server's field texts
   * under their fields and `failure` above the buttons — the server's 4xx sentence, else `fallbackKey` translated
   * (`validationKey` for a 400 without text): one place per failure, the form on screen says it. `toast: true` also
   * toasts it (a form whose box may be out of view). `summary` names, from the schema's issues, one line for the box when
   * the form itself refuses (a key of the validation catalogue, e.g. SPEC §8's "fill in every required field"), the
   * fields still saying each their own problem.
   */
  const handleSubmit =
    (
      save: (data: z.output<S>) => Promise<void>,
      fallbackKey: string,
      options: {
        validationKey?: string;
        toast?: boolean;
        summary?: (issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }>) => string | null;
      } = {},
    ) =>
    async (e?: FormEvent) => {
      e?.preventDefault();
      if (saving) return;
      const opener = document.activeElement;
      setFailure(null);
      const { data, issues } = check();
      if (data === null) {
        const key = options.summary?.(issues);
        if (key) setFailure(t(key));
        return;
      }
      setSaving(true);
      try {
        await save(data);
      } catch (err) {
        showServerProblems(err);
        // No field named: Save (disabled while saving) has the focus again, beside the failure it shows.
        if (!apiError(err)?.fields) focusBack.current = opener;
        const text = failureText(err, fallbackKey, options.validationKey);
        setFailure(text);
        if (options.toast === true) toastError(text);
      } finally {
        setSaving(false);
      }
    };

  /** Props for a field component bound to `name`. */
  const field = <K extends keyof Values & string>(name: K): FieldBinding<Values[K]> => ({
    name,
    value: values[name],
    onChange: (v: Values[K]) => set(name, v),
    onInputProblem: (p: FormProblem | null) => setInputProblem(name, p),
    error: error(name),
    disabled: saving,
  });

  return {
    formRef,
    values,
    set,
    reset,
    validate,
    error,
    field,
    setInputProblem,
    showServerProblems,
    handleSubmit,
    saving,
    failure,
    setFailure,
  };
}

export type ZodForm<S extends z.ZodType<unknown, Record<string, unknown>>> = ReturnType<typeof useZodForm<S>>;
