import { useEffect, useRef, useState, type FocusEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../i18n/instance';
import { editDecimal, formatDecimal, parseDecimal } from './decimal';
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
 * A quantity, price or amount as Italian and French users type it: "2,5" (a point is accepted too), no thousands
 * separators while typing, formatted in the user's language on blur ("1.234,5" / "1 234,5"). Text that cannot be read
 * exactly ("2,5,1", letters, too many decimals) keeps its own message under the field and is never saved, rounded or
 * guessed: the form's value stays the exact decimal string.
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
  const [focused, setFocused] = useState(false);
  const [text, setText] = useState(() => formatDecimal(props.value ?? '', lang, minDecimals));
  const [problem, setProblem] = useState<FormProblem | null>(null);
  /** The value this field last handed to the form: another value arriving from outside replaces the text. */
  const emitted = useRef<string | null>(null);
  const incoming = props.value == null ? '' : String(props.value);
  useEffect(() => {
    if (incoming === emitted.current) return;
    emitted.current = null;
    setProblem(null);
    setText(focused ? editDecimal(incoming, lang) : formatDecimal(incoming, lang, minDecimals));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [incoming, lang]);

  const report = (p: FormProblem | null) => {
    setProblem(p);
    onInputProblem?.(p);
  };

  const onType = (next: string) => {
    setText(next);
    const parsed = parseDecimal(next, decimals);
    if (parsed.ok) {
      if (problem) setProblem(null);
      onInputProblem?.(null);
      emitted.current = parsed.value;
      if (parsed.value !== incoming) onChange(parsed.value);
    } else {
      // Shown on blur (or on save); the form must not keep a value the text no longer says.
      onInputProblem?.(problemOf(parsed.problem, decimals));
    }
  };

  const onBlur = () => {
    setFocused(false);
    const parsed = parseDecimal(text, decimals);
    if (parsed.ok) {
      report(null);
      setText(formatDecimal(parsed.value, lang, minDecimals));
    } else {
      report(problemOf(parsed.problem, decimals));
    }
  };

  /**
   * Focus rewrites the shown text into its editing form ("1.234,50" → "1234,5"), written into the input inside the focus
   * event (not on React's next render), and selects it all, as a keyboard focus does: typing then replaces the value.
   * Chromium reports no selection inside a focus event even when `select()` (Playwright's fill) caused it, and writing
   * the value puts the caret at the end: keeping the caret there had "2,75" typed over "2,50000" read "2,52,75".
   */
  const onFocus = (e: FocusEvent<HTMLInputElement>) => {
    setFocused(true);
    const el = e.currentTarget;
    const parsed = parseDecimal(text.split(lang === 'fr' ? /[\u202f\u00a0 ]/ : '.').join(''), decimals);
    if (!problem && parsed.ok) {
      const editing = editDecimal(parsed.value, lang);
      if (editing !== text) {
        el.value = editing;
        el.select();
        setText(editing);
      }
    }
  };

  const shownError = error ?? (problem ? t(problem.key, problem.params) : undefined);

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

function problemOf(problem: 'invalidNumber' | 'tooManyDecimals', decimals: number): FormProblem {
  return { key: `common:fields.${problem}`, params: { max: decimals } };
}
