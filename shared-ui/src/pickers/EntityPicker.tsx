import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../format/number';
import { Field, type ControlProps } from '../forms/Field';
import type { Page } from '../lists/fetch-page';
import { WedgeBurst } from '../scan/wedge';
import { GS } from '@wms/shared-api/core';

/** The server is asked this long after the last key, for this many rows at most (there can be 100 000 products). */
export const PICKER_DEBOUNCE_MS = 250;
export const PICKER_LIMIT = 20;

export interface PickerRow {
  id: number;
}

export interface EntityPickerProps<T extends PickerRow> {
  name: string;
  label: ReactNode;
  /** The chosen id ('' / null: none). */
  value: number | string | null | undefined;
  /** The id chosen (null when the text no longer names one) and its row. */
  onChange: (id: number | null, row: T | null) => void;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  /** The chosen row when the caller has it already (else it is read by id). */
  selected?: T | null;
  /** Text shown while no row is chosen (e.g. the code of a product that could not be read). */
  initialText?: string;
  'data-testid'?: string;
  /** One page of rows matching `q`. */
  search: (q: string, limit: number, signal: AbortSignal) => Promise<Page<T>>;
  /** The row of an id (to show a value chosen earlier). */
  load: (id: number) => Promise<T>;
  /** The text of a chosen row in the input. */
  text: (row: T) => string;
  /** How a row shows in the list (default: its text). */
  renderOption?: (row: T) => ReactNode;
  /** Test id of an option (default `option-<id>`). */
  optionTestId?: (row: T) => string;
  placeholder?: string;
  /**
   * A scanner's burst typed into the box (keys < 50 ms apart, or a GS1 separator, then Enter — issue 27): resolves the
   * scanned text to a row, which is picked; null leaves the box as it is (the search says what it found).
   */
  scan?: (text: string) => Promise<T | null>;
}

type Results<T> = { state: 'idle' } | { state: 'searching' } | { state: 'failed' } | { state: 'ready'; rows: T[]; total: number };

/**
 * A searchable select (ARIA 1.2 combobox) over a server list: typing asks for one short page, debounced, and a newer
 * search aborts the older one; arrows move, Enter picks, Escape closes. It never opens by itself on focus (so the focus a
 * refused save gives it leaves the field's message visible): typing or Alt/Arrow Down opens it. Changing the text drops
 * the chosen row until another is picked.
 */
export function EntityPicker<T extends PickerRow>(props: EntityPickerProps<T>) {
  const { name, label, error, hint, required } = props;
  return (
    <Field name={name} label={label} error={error} hint={hint} required={required} className="field-picker">
      {(control) => <Combobox {...props} control={control} />}
    </Field>
  );
}

function Combobox<T extends PickerRow>({
  control,
  value,
  onChange,
  disabled,
  selected,
  initialText,
  search,
  load,
  text: textOf,
  renderOption,
  optionTestId,
  placeholder,
  label,
  'data-testid': testId,
  scan,
}: EntityPickerProps<T> & { control: ControlProps }) {
  const { t } = useTranslation('common');
  const listId = `${useId()}-list`.replace(/[^a-zA-Z0-9_-]/g, '');
  const id = toId(value);
  const [row, setRow] = useState<T | null>(selected && selected.id === id ? selected : null);
  const [text, setText] = useState(row ? textOf(row) : (initialText ?? ''));
  const [open, setOpen] = useState(false);
  const [results, setResults] = useState<Results<T>>({ state: 'idle' });
  const [active, setActive] = useState(-1);
  const [term, setTerm] = useState<string | null>(null);
  const blurTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const burst = useRef(new WedgeBurst());

  // A value set from outside (an edit form's loaded row, a reset) shows as its text; an unknown id is read.
  useEffect(() => {
    if (id === null) {
      if (row) {
        setRow(null);
        setText('');
      }
      return undefined;
    }
    if (row?.id === id) return undefined;
    if (selected && selected.id === id) {
      setRow(selected);
      setText(textOf(selected));
      return undefined;
    }
    let current = true;
    load(id).then(
      (r) => {
        if (!current) return;
        setRow(r);
        setText(textOf(r));
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, selected]);

  useEffect(() => {
    if (term === null) return undefined;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setResults({ state: 'searching' });
      search(term.trim(), PICKER_LIMIT, controller.signal).then(
        (page) => {
          if (controller.signal.aborted) return;
          setResults({ state: 'ready', rows: page.rows, total: page.total });
          setActive(page.rows.length > 0 ? 0 : -1);
        },
        () => {
          if (!controller.signal.aborted) setResults({ state: 'failed' });
        },
      );
    }, PICKER_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [term]);

  useEffect(() => () => clearTimeout(blurTimer.current), []);

  const rows = results.state === 'ready' ? results.rows : [];

  const pick = (r: T) => {
    setRow(r);
    setText(textOf(r));
    setOpen(false);
    setTerm(null);
    onChange(r.id, r);
  };

  const onType = (next: string) => {
    setText(next);
    setOpen(true);
    setTerm(next);
    if (row || id !== null) {
      setRow(null);
      onChange(null, null);
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      if (!open) {
        setOpen(true);
        setTerm(row ? '' : text);
        return;
      }
      setActive((i) => Math.min(rows.length - 1, i + 1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((i) => Math.max(0, i - 1));
    } else if (e.key === 'Enter' && scan && (burst.current.isScan(e.timeStamp) || text.includes(GS))) {
      // A scan, not a choice in the list: resolve what was scanned.
      e.preventDefault();
      burst.current.reset();
      const scanned = text;
      scan(scanned).then(
        (r) => r && pick(r),
        () => undefined,
      );
    } else if (e.key === 'Enter') {
      // Enter picks the highlighted row. It never saves the form while the list is open ("Nessun risultato" included) or
      // while a typed text has chosen nothing: the user is choosing, not saving.
      if (open && active >= 0 && rows[active]) {
        e.preventDefault();
        pick(rows[active]);
      } else if (open || (text.trim() !== '' && !row)) e.preventDefault();
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      setOpen(false);
    } else if (e.key.length === 1) {
      burst.current.key(e.timeStamp);
    }
  };

  const showList = open && results.state !== 'idle';
  const more = results.state === 'ready' ? results.total - results.rows.length : 0;
  const optionId = (r: T) => `${listId}-${r.id}`;

  return (
    <div className="combobox">
      <input
        {...control}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={showList && active >= 0 && rows[active] ? optionId(rows[active]) : undefined}
        autoComplete="off"
        spellCheck={false}
        placeholder={placeholder ?? t('picker.placeholder')}
        value={text}
        disabled={disabled}
        onChange={(e) => onType(e.target.value)}
        onKeyDown={onKeyDown}
        onFocus={() => clearTimeout(blurTimer.current)}
        // Closing waits a moment so a click on an option lands first.
        onBlur={() => {
          blurTimer.current = setTimeout(() => setOpen(false), 150);
        }}
        data-testid={testId}
      />
      <div className="combobox-popup" hidden={!showList}>
        <ul id={listId} role="listbox" className="combobox-list" aria-label={typeof label === 'string' ? label : undefined}>
          {rows.map((r, i) => (
            // The combobox pattern: keys are handled on the input (aria-activedescendant), a click picks with the mouse.
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events
            <li
              key={r.id}
              id={optionId(r)}
              role="option"
              aria-selected={i === active}
              className={i === active ? 'combobox-option is-active' : 'combobox-option'}
              onMouseDown={(e) => e.preventDefault()}
              onMouseEnter={() => setActive(i)}
              onClick={() => pick(r)}
              data-testid={optionTestId ? optionTestId(r) : `option-${r.id}`}
            >
              {renderOption ? renderOption(r) : textOf(r)}
            </li>
          ))}
        </ul>
        <p className="combobox-note" role="status">
          {results.state === 'searching'
            ? t('picker.searching')
            : results.state === 'failed'
              ? t('picker.failed')
              : results.state === 'ready' && rows.length === 0
                ? t('picker.none')
                : more > 0
                  ? t('picker.more', { more: formatCount(more) })
                  : ''}
        </p>
      </div>
    </div>
  );
}

/** An entity id from a picker's value (a number, or the digits of a select's option); null when empty or not an id. */
export function toId(value: string | number | null | undefined): number | null {
  if (typeof value === 'number') return Number.isInteger(value) ? value : null;
  return value && /^\d+$/.test(value) ? parseInt(value, 10) : null;
}
