import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../i18n/instance';
import { Calendar } from './Calendar';
import { displayDay, parseDayInput, writtenAsDay } from './day';
import { Field, type BaseFieldProps } from './Field';
import type { FormProblem } from './useZodForm';

/** Why a typed text is no day: a day that does not exist (31/02/2027) says so, anything else is not a date at all. */
function dayProblem(text: string): FormProblem {
  return writtenAsDay(text) ? { key: 'common:fields.noSuchDay', params: { day: text.trim() } } : { key: 'common:fields.invalidDate' };
}

export interface DateFieldProps extends Omit<BaseFieldProps<string | null | undefined>, 'onChange' | 'onInputProblem'> {
  /** The ISO day ('2026-03-05'), or '' when empty. Never called with a day that does not exist. */
  onChange: (value: string) => void;
  /** Told when the typed text is not a real day (the form then refuses to save), and null when it is again. */
  onInputProblem?: (problem: FormProblem | null) => void;
}

/**
 * A day as dd/MM/yyyy whatever the browser's locale: typed (5/3/2026, 05.03.2026 and 05032026 are read too) or picked from
 * a calendar in the user's language. A day that does not exist (31/02/2026) gets a message and is never saved or moved.
 */
export function DateField({ onChange, onInputProblem, error, ...props }: DateFieldProps) {
  const { t } = useTranslation('common');
  const lang = currentLanguage();
  const [text, setText] = useState(() => displayDay(props.value));
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [open, setOpen] = useState(false);
  const emitted = useRef<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const box = useRef<HTMLSpanElement>(null);

  const incoming = props.value ?? '';
  useEffect(() => {
    if (incoming === emitted.current) return;
    emitted.current = null;
    setProblem(null);
    setText(displayDay(incoming));
  }, [incoming]);

  // A click outside closes the calendar.
  useEffect(() => {
    if (!open) return undefined;
    const onDown = (e: MouseEvent) => {
      if (box.current && !box.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  const emit = (value: string) => {
    emitted.current = value;
    if (value !== incoming) onChange(value);
  };

  const onType = (next: string) => {
    setText(next);
    const parsed = parseDayInput(next);
    if (parsed.ok) {
      if (problem) setProblem(null);
      onInputProblem?.(null);
      emit(parsed.value);
    } else {
      onInputProblem?.(dayProblem(next));
    }
  };

  const onBlur = () => {
    const parsed = parseDayInput(text);
    if (parsed.ok) {
      setProblem(null);
      onInputProblem?.(null);
      setText(displayDay(parsed.value));
    } else {
      const p = dayProblem(text);
      setProblem(p);
      onInputProblem?.(p);
    }
  };

  const pick = (day: string) => {
    setText(displayDay(day));
    setProblem(null);
    onInputProblem?.(null);
    emit(day);
    setOpen(false);
    input.current?.focus();
  };

  const shownError = error ?? (problem ? t(problem.key, problem.params) : undefined);
  const label = typeof props.label === 'string' ? props.label : t('calendar.choose');

  return (
    <Field {...props} error={shownError} className={['field-date', props.className].filter(Boolean).join(' ')}>
      {(control) => (
        <span className="date-input" ref={box}>
          <input
            {...control}
            ref={input}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            spellCheck={false}
            placeholder={t('fields.datePlaceholder')}
            maxLength={10}
            value={text}
            disabled={props.disabled}
            onChange={(e) => onType(e.target.value)}
            onBlur={onBlur}
            onKeyDown={(e) => {
              if (e.key === 'ArrowDown' && e.altKey) {
                e.preventDefault();
                setOpen(true);
              }
            }}
            data-testid={props['data-testid']}
          />
          <button
            type="button"
            className="btn btn-icon date-input-button"
            aria-label={t('calendar.open', { field: label })}
            aria-expanded={open}
            aria-haspopup="dialog"
            disabled={props.disabled}
            onClick={() => setOpen((o) => !o)}
            data-testid={props['data-testid'] ? `${props['data-testid']}-calendar` : undefined}
          >
            <svg aria-hidden="true" focusable="false" width="16" height="16" viewBox="0 0 16 16">
              <path fill="currentColor" d="M4 0h1v2h6V0h1v2h3v14H1V2h3V0Zm10 6H2v9h12V6ZM2 3v2h12V3H2Z" />
            </svg>
          </button>
          {open ? (
            <Calendar
              value={incoming}
              lang={lang}
              label={label}
              onSelect={pick}
              onClose={() => {
                setOpen(false);
                input.current?.focus();
              }}
            />
          ) : null}
        </span>
      )}
    </Field>
  );
}
