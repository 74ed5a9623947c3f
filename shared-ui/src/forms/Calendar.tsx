import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@wms/shared-api';
import { dateToDay, dayToDate, today } from './day';

export interface CalendarProps {
  /** The chosen ISO day, or '' (the calendar then opens on today's month). */
  value: string;
  onSelect: (day: string) => void;
  onClose: () => void;
  lang: Language;
  /** Labels the dialog (e.g. the field's label). */
  label: string;
}

const LOCALE: Record<Language, string> = { it: 'it-IT', fr: 'fr-FR' };

const addDays = (d: Date, n: number) => new Date(d.getFullYear(), d.getMonth(), d.getDate() + n);
const addMonths = (d: Date, n: number) => {
  const last = new Date(d.getFullYear(), d.getMonth() + n + 1, 0).getDate();
  return new Date(d.getFullYear(), d.getMonth() + n, Math.min(d.getDate(), last));
};
/** Monday = 0 … Sunday = 6 (Italian and French weeks start on Monday). */
const weekday = (d: Date) => (d.getDay() + 6) % 7;

/**
 * A month grid to pick a day, in Italian or French (names from Intl), weeks starting on Monday. Keyboard: arrows move by
 * day and week, Page Up / Page Down by month, Home / End to the week's ends, Enter or Space picks, Escape closes.
 */
export function Calendar({ value, onSelect, onClose, lang, label }: CalendarProps) {
  const { t } = useTranslation('common');
  const [focus, setFocus] = useState<Date>(() => dayToDate(value) ?? dayToDate(today())!);
  const grid = useRef<HTMLTableElement>(null);
  const locale = LOCALE[lang];

  const monthName = useMemo(() => new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' }), [locale]);
  const dayName = useMemo(
    () => new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }),
    [locale],
  );
  const shortWeekday = useMemo(() => new Intl.DateTimeFormat(locale, { weekday: 'short' }), [locale]);
  const longWeekday = useMemo(() => new Intl.DateTimeFormat(locale, { weekday: 'long' }), [locale]);

  const focusKey = dateToDay(focus);
  useEffect(() => {
    grid.current?.querySelector<HTMLButtonElement>(`[data-day="${focusKey}"]`)?.focus();
  }, [focusKey]);

  const first = new Date(focus.getFullYear(), focus.getMonth(), 1);
  const start = addDays(first, -weekday(first));
  const weeks: Date[][] = [];
  for (let w = 0; w < 6; w++) {
    const row = Array.from({ length: 7 }, (_, i) => addDays(start, w * 7 + i));
    if (w > 0 && row[0].getMonth() !== focus.getMonth()) break;
    weeks.push(row);
  }
  const monday = new Date(2024, 0, 1); // a Monday
  const heads = Array.from({ length: 7 }, (_, i) => addDays(monday, i));
  const todayKey = today();

  const onKeyDown = (e: KeyboardEvent) => {
    const moves: Record<string, () => Date> = {
      ArrowLeft: () => addDays(focus, -1),
      ArrowRight: () => addDays(focus, 1),
      ArrowUp: () => addDays(focus, -7),
      ArrowDown: () => addDays(focus, 7),
      PageUp: () => addMonths(focus, -1),
      PageDown: () => addMonths(focus, 1),
      Home: () => addDays(focus, -weekday(focus)),
      End: () => addDays(focus, 6 - weekday(focus)),
    };
    if (moves[e.key]) {
      e.preventDefault();
      setFocus(moves[e.key]());
    } else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      onClose();
    }
  };

  const caption = monthName.format(focus);
  return (
    // The WAI-ARIA date-picker dialog pattern: the dialog handles the grid's arrow keys for the day buttons inside it.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <div className="calendar" role="dialog" aria-modal="false" aria-label={label} onKeyDown={onKeyDown} data-testid="calendar">
      <div className="calendar-head">
        <button
          type="button"
          className="btn btn-icon"
          onClick={() => setFocus(addMonths(focus, -1))}
          aria-label={t('calendar.previousMonth')}
        >
          ‹
        </button>
        <span className="calendar-caption" aria-live="polite">
          {caption.charAt(0).toUpperCase() + caption.slice(1)}
        </span>
        <button type="button" className="btn btn-icon" onClick={() => setFocus(addMonths(focus, 1))} aria-label={t('calendar.nextMonth')}>
          ›
        </button>
      </div>
      <table ref={grid} className="calendar-grid" aria-label={caption}>
        <thead>
          <tr>
            {heads.map((d) => (
              <th key={d.getDay()} scope="col" abbr={longWeekday.format(d)}>
                {shortWeekday.format(d).replace('.', '')}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((row) => (
            <tr key={dateToDay(row[0])}>
              {row.map((d) => {
                const key = dateToDay(d);
                const outside = d.getMonth() !== focus.getMonth();
                const classes = [
                  'calendar-day',
                  outside ? 'is-outside' : '',
                  key === value ? 'is-selected' : '',
                  key === todayKey ? 'is-today' : '',
                ];
                return (
                  <td key={key}>
                    <button
                      type="button"
                      className={classes.filter(Boolean).join(' ')}
                      tabIndex={key === focusKey ? 0 : -1}
                      aria-label={dayName.format(d)}
                      aria-current={key === todayKey ? 'date' : undefined}
                      aria-pressed={key === value}
                      data-day={key}
                      onClick={() => onSelect(key)}
                    >
                      {d.getDate()}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <div className="calendar-foot">
        <button type="button" className="btn btn-link" onClick={() => onSelect(todayKey)}>
          {t('calendar.today')}
        </button>
        <button type="button" className="btn btn-link" onClick={onClose}>
          {t('actions.close')}
        </button>
      </div>
    </div>
  );
}
