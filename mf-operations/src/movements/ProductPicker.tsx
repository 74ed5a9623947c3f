import { forwardRef, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Product } from '@wms/shared-api';
import { NS } from '../paths';
import { searchProducts } from './api';

/** The server is asked this long after the last key, and for this many products at most (there can be 100 000). */
export const PRODUCT_SEARCH_DEBOUNCE_MS = 250;
export const PRODUCT_SEARCH_LIMIT = 20;

export function productLabel(p: Pick<Product, 'code' | 'description'>): string {
  return p.description ? `${p.code} — ${p.description}` : p.code;
}

export interface ProductPickerProps {
  id: string;
  value: Product | null;
  /** Text shown while no product is chosen (e.g. the code of a movement whose product could not be read). */
  initialText?: string;
  onChange: (product: Product | null) => void;
  invalid?: boolean;
  describedBy?: string;
  disabled?: boolean;
}

type Results =
  | { state: 'idle' }
  | { state: 'searching' }
  | { state: 'failed' }
  | { state: 'ready'; rows: Product[]; total: number };

/**
 * A searchable product select (ARIA combobox): typing asks GET /products?q=… for one short page of active products,
 * debounced; arrows move, Enter picks, Escape closes. Changing the text drops the chosen product until another is picked.
 */
export const ProductPicker = forwardRef<HTMLInputElement, ProductPickerProps>(function ProductPicker(
  { id, value, initialText, onChange, invalid, describedBy, disabled },
  ref,
) {
  const { t } = useTranslation(NS);
  const listId = useId();
  const [text, setText] = useState(value ? productLabel(value) : (initialText ?? ''));
  const [open, setOpen] = useState(false);
  const [results, setResults] = useState<Results>({ state: 'idle' });
  const [active, setActive] = useState(-1);
  const [term, setTerm] = useState<string | null>(null);
  const blurTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  // A product chosen from outside (the edit form's loaded product) shows as the text.
  useEffect(() => {
    if (value) setText(productLabel(value));
  }, [value]);

  // Debounced search: `term` is what to look for (null: nothing asked); a newer term aborts the older request.
  useEffect(() => {
    if (term === null) return undefined;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setResults({ state: 'searching' });
      searchProducts(term, PRODUCT_SEARCH_LIMIT, controller.signal).then(
        (page) => {
          if (controller.signal.aborted) return;
          setResults({ state: 'ready', rows: page.rows, total: page.total });
          setActive(page.rows.length > 0 ? 0 : -1);
        },
        () => {
          if (!controller.signal.aborted) setResults({ state: 'failed' });
        },
      );
    }, PRODUCT_SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [term]);

  useEffect(() => () => clearTimeout(blurTimer.current), []);

  const rows = results.state === 'ready' ? results.rows : [];

  const pick = (p: Product) => {
    onChange(p);
    setText(productLabel(p));
    setOpen(false);
    setTerm(null);
  };

  const onType = (next: string) => {
    setText(next);
    setOpen(true);
    setTerm(next);
    if (value) onChange(null);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      if (!open) {
        setOpen(true);
        if (term === null) setTerm(value ? '' : text);
        return;
      }
      setActive((i) => Math.min(rows.length - 1, i + 1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((i) => Math.max(0, i - 1));
    } else if (e.key === 'Enter') {
      if (open && active >= 0 && rows[active]) {
        e.preventDefault();
        pick(rows[active]);
      }
    } else if (e.key === 'Escape') {
      if (open) {
        e.preventDefault();
        setOpen(false);
      }
    }
  };

  const showList = open && results.state !== 'idle';
  const more = results.state === 'ready' ? results.total - results.rows.length : 0;

  return (
    <div className="combobox">
      <input
        ref={ref}
        id={id}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={showList && active >= 0 && rows[active] ? `${listId}-${rows[active].id}` : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        autoComplete="off"
        spellCheck={false}
        placeholder={t('movements.form.productPlaceholder')}
        value={text}
        disabled={disabled}
        onChange={(e) => onType(e.target.value)}
        onKeyDown={onKeyDown}
        onFocus={() => {
          clearTimeout(blurTimer.current);
          if (!value) {
            setOpen(true);
            setTerm(text);
          }
        }}
        // Closing waits a moment so a click on an option lands first.
        onBlur={() => {
          blurTimer.current = setTimeout(() => setOpen(false), 150);
        }}
        data-testid="movement-product"
      />
      {showList ? (
        <div className="combobox-popup">
          {rows.length > 0 ? (
            <ul id={listId} role="listbox" className="combobox-list" aria-label={t('movements.form.product')}>
              {rows.map((p, i) => (
                <li
                  key={p.id}
                  id={`${listId}-${p.id}`}
                  role="option"
                  aria-selected={i === active}
                  className={i === active ? 'combobox-option is-active' : 'combobox-option'}
                  onMouseDown={(e) => e.preventDefault()}
                  onMouseEnter={() => setActive(i)}
                  onClick={() => pick(p)}
                  data-testid={`product-option-${p.code}`}
                >
                  <span className="combobox-code">{p.code}</span>
                  {p.description ? <span className="combobox-description">{p.description}</span> : null}
                </li>
              ))}
            </ul>
          ) : null}
          <p className="combobox-note" role="status">
            {results.state === 'searching'
              ? t('movements.form.productSearching')
              : results.state === 'failed'
                ? t('movements.form.productSearchFailed')
                : results.state === 'ready' && rows.length === 0
                  ? t('movements.form.productNone')
                  : more > 0
                    ? t('movements.form.productMore', { count: more })
                    : ''}
          </p>
        </div>
      ) : null}
    </div>
  );
});
