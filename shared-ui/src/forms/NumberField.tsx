import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { editDecimal, formatDecimal, formatMessageParams, NUMBER_MARKS, readDecimal, type DecimalProblem } from '@wms/shared-api/core';
import { currentLanguage } from '../i18n/instance';
import { Field, type BaseFieldProps } from './Field';
import type { FormProblem } from './useZodForm';

export interface NumberFieldProps extends Omit<BaseFieldProps<string | number | null | undefined>, 'onChange' | 'onInputProblem'> {
  /** The exact decimal string ('2.5'), or '' when empty. Never called with text that could not be read. */
  onChange: (value: string) => void;
  /** Digits allowed after the mark: quantities 3, unit prices 4, prices 5 (the schema's scale). */
  decimals: number;
  /** Told when the typed text cannot be read exactly (the form then refuses to save), and null when it can again. */
  onInputProblem?: (problem: FormProblem | null) => void;
  /** Digits always shown after the mark once formatted (e.g. 2 for money). */
  minDecimals?: number;
  /** A unit or currency written after the input (e.g. "kg", "€"). */
  suffix?: string;
  placeholder?: string;
}

/**
 * A quantity, price or amount as Italian and French users write it, read by shared-api's `readDecimal` (README of the
 * kit, "The number field"): it "1.500" = 1500, "1.234,5", "2,5", "2.5"; fr "1 234,5" (space, U+00A0 or U+202F), "2,5".
 * On blur it shows the value as it read it, grouped, in the user's language ("1.234,5" / "1 234,5") — text this field
 * reads back as the same value. On focus it shows the editing form ("1234,5"). The numeric keypad's decimal key types
 * the language's mark (","), as spreadsheets do. Text that cannot be read exactly (misplaced groups, two marks, letters,
 * a French "1.500", too many decimals) keeps its own message under the field, saying how to write it, and is never
 * saved, rounded or guessed: the form's value stays the exact decimal string.
 */
export function NumberField({
  decimals,
  minDecimals = 0,
  suffix,
  placeholder,
  onChange,
  onInputProblem,
  error,
  ...props
}: NumberFieldProps) {
  const { t } = useTranslation('common');
  const lang = currentLanguage();
  const shown = (value: string) => formatDecimal(value, lang, { minDecimals });
  const [focused, setFocused] = useState(false);
  const [text, setText] = useState(() => shown(props.value == null ? '' : String(props.value)));
  const [problem, setProblem] = useState<FormProblem | null>(null);
  /** The value this field last handed to the form: another value arriving from outside replaces the text. */
  const emitted = useRef<string | null>(null);
  const incoming = props.value == null ? '' : String(props.value);
  useEffect(() => {
    if (incoming === emitted.current) return;
    emitted.current = null;
    setProblem(null);
    setText(focused ? editDecimal(incoming, lang) : shown(incoming));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [incoming, lang]);

  const report = (p: FormProblem | null) => {
    setProblem(p);
    onInputProblem?.(p);
  };

  const onType = (next: string) => {
    setText(next);
    const read = readDecimal(next, lang, decimals);
    if (read.ok) {
      if (problem) setProblem(null);
      onInputProblem?.(null);
      emitted.current = read.value;
      if (read.value !== incoming) onChange(read.value);
    } else {
      // Shown on blur (or on save); the form must not keep a value the text no longer says.
      onInputProblem?.(problemOf(read.problem, decimals));
    }
  };

  const onBlur = () => {
    setFocused(false);
    const read = readDecimal(text, lang, decimals);
    if (read.ok) {
      report(null);
      setText(shown(read.value));
    } else {
      report(problemOf(read.problem, decimals));
    }
  };

  /**
   * Focus rewrites the shown text into its editing form ("1.234,50" → "1234,5": read exactly as the blur wrote it),
   * written into the input inside the focus event (not on React's next render), and selects it all, as a keyboard focus
   * does: typing then replaces the value. Chromium reports no selection inside a focus event even when `select()`
   * (Playwright's fill) caused it, and writing the value puts the caret at the end: keeping the caret there had "2,75"
   * typed over "2,50" read "2,52,75".
   */
  const onFocus = (e: FocusEvent<HTMLInputElement>) => {
    setFocused(true);
    const el = e.currentTarget;
    const read = readDecimal(text, lang, decimals);
    if (!problem && read.ok) {
      const editing = editDecimal(read.value, lang);
      if (editing !== text) {
        el.value = editing;
        el.select();
        setText(editing);
      }
    }
  };

  /** The numeric keypad's decimal key (a "." on many layouts) types the language's decimal mark at the caret. */
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const mark = NUMBER_MARKS[lang].decimal;
    // With NumLock off the same key is Delete (key 'Delete'): only a typed character is replaced.
    if (e.code !== 'NumpadDecimal' || e.key.length !== 1 || e.key === mark || e.ctrlKey || e.metaKey || e.altKey) return;
    e.preventDefault();
    const el = e.currentTarget;
    const start = el.selectionStart ?? el.value.length;
    const end = el.selectionEnd ?? start;
    const next = el.value.slice(0, start) + mark + el.value.slice(end);
    // Written into the input now (React then renders the same text and keeps the caret after the mark).
    el.value = next;
    el.setSelectionRange(start + mark.length, start + mark.length);
    onType(next);
  };

  const shownError = error ?? (problem ? t(problem.key, formatMessageParams(lang, problem.params)) : undefined);

  return (
    <Field {...props} error={shownError} className={['field-number', props.className].filter(Boolean).join(' ')}>
      {(control) => (
        <span className="input-with-suffix">
          <input
            {...control}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            spellCheck={false}
            value={text}
            disabled={props.disabled}
            placeholder={placeholder}
            onChange={(e) => onType(e.target.value)}
            onBlur={onBlur}
            onFocus={onFocus}
            onKeyDown={onKeyDown}
            data-testid={props['data-testid']}
          />
          {suffix ? (
            <span className="input-suffix" aria-hidden="true">
              {suffix}
            </span>
          ) : null}
        </span>
      )}
    </Field>
  );
}

function problemOf(problem: DecimalProblem, decimals: number): FormProblem {
  return { key: `common:fields.${problem}`, params: { max: decimals } };
}
