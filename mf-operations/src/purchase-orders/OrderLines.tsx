import { useTranslation } from 'react-i18next';
import {
  decimalText,
  isReceivedQuantity,
  lineTotal,
  offersPriceFromToday,
  totalsByCurrency,
  type PurchaseOrderItemBody,
  type PurchaseOrderItem,
  type Currency,
  type Product,
} from '@wms/shared-api';
import {
  CheckboxField,
  displayDay,
  focusAddedRow,
  formatQuantity,
  formatUnit,
  formatUnitPrice,
  NumberField,
  ProductPicker,
  QUANTITY_DECIMALS,
  totalsText,
  UNIT_PRICE_DECIMALS,
  type FormList,
  lineField,
  ListError,
  type FormProblem,
  type LineFieldSource,
} from '@wms/shared-ui';
import { NS } from '../paths';

/** A line as the form keeps it: the body fields plus what the screen shows beside them. */
export interface LineState extends PurchaseOrderItemBody {
  key: string;
  /** The product's code (names the line in messages). */
  code?: string;
  currency?: Currency;
  /** The product's unit of measure ('piece'), shown by its label ('pz'). */
  unit?: string | null;
  /** Where the unit price came from: the price in force (its start day), none found, typed by hand, or being looked up. */
  source?: { kind: 'price'; from: string } | { kind: 'none' } | { kind: 'manual' } | { kind: 'looking' };
  /** The price in force on the order date the line found ('2.50000'), null when none; undefined when not looked up. */
  inForce?: string | null;
  /** Save the typed unit price as the supplier's price from today, with the order (offered by offersPriceFromToday). */
  saveAsPrice?: boolean;
  received?: string;
  /** The quantity or unit price field holds text that cannot be read (its message says so): no total is guessed. */
  unreadable?: { quantity?: boolean; unit_price?: boolean };
}

let keys = 0;
const newLine = (): LineState => ({ key: `n${++keys}`, id: null, product_id: '', quantity: '', unit_price: '' });

export function lineOf(i: PurchaseOrderItem): LineState {
  return {
    key: `l${i.id}`,
    id: i.id,
    code: i.product_code,
    product_id: i.product_id,
    quantity: i.quantity,
    unit_price: i.unit_price,
    currency: i.currency,
    unit: i.unit_of_measure,
    received: i.received_quantity,
    source: i.price_source === 'manual' ? { kind: 'manual' } : undefined,
  };
}

/** True when a line has received goods (exact: '0.000' is none), by the receipt's own rule. */
export const hasReceived = (l: Pick<LineState, 'received'>): boolean => isReceivedQuantity(l.received ?? '');

/** Exact line total for display while typing (the server computes the saved one the same way). */
function previewTotal(l: LineState): string | null {
  if (l.unreadable?.quantity || l.unreadable?.unit_price) return null;
  const q = decimalText(l.quantity as string);
  const p = decimalText(l.unit_price as string);
  return q && p ? lineTotal(q, p) : null;
}

interface Props {
  lines: FormList<LineState>;
  supplierId: number | null;
  /** The order's form: the lines' messages, their unreadable text, the saving state. */
  form: LineFieldSource;
  onProduct: (index: number, product: Product | null) => void;
}

/** The item lines of an order: product (the supplier's active ones), quantity, unit price, exact total, and the price's origin. */
export function OrderLines({ lines, supplierId, form, onProduct }: Props) {
  const { t } = useTranslation(NS);
  const f = (k: string, params?: Record<string, unknown>) => t(`purchaseOrders.fields.${k}`, params);
  const { error, saving: disabled } = form;
  /** A line's number field: its name, value and message, and text it cannot read marked (no total is guessed from it). */
  const numberProps = (i: number, l: LineState, name: 'quantity' | 'unit_price') => {
    const bound = lineField(form, `items.${i}.${name}`);
    const onInputProblem = (p: FormProblem | null) => {
      bound.onInputProblem(p);
      if (!!p !== !!l.unreadable?.[name]) lines.patch(i, { unreadable: { ...l.unreadable, [name]: !!p } });
    };
    return { ...bound, required: true, value: l[name] as string, onInputProblem };
  };
  const totals = totalsByCurrency(
    lines.rows.flatMap((l) => {
      const total = previewTotal(l);
      return total ? [{ currency: l.currency ?? 'EUR', total }] : [];
    }),
  );
  return (
    <fieldset className="form-lines" data-testid="order-lines">
      <legend>{f('items')}</legend>
      <ListError name="items" error={error('items')} />
      {lines.rows.map((l, i) => {
        const total = previewTotal(l);
        const source = l.source;
        return (
          <div className="form-line" key={l.key} data-testid={`line-${i}`}>
            <ProductPicker
              {...lineField(form, `items.${i}.product_id`)}
              label={f('product')}
              required
              supplierId={supplierId}
              value={l.product_id as number | string}
              disabled={disabled || supplierId === null || hasReceived(l)}
              hint={supplierId === null ? f('chooseSupplierFirst') : hasReceived(l) ? f('receivedLocked') : undefined}
              onChange={(id, row) => onProduct(i, id && row ? row : null)}
            />
            <NumberField
              {...numberProps(i, l, 'quantity')}
              label={f('quantity')}
              decimals={QUANTITY_DECIMALS}
              onChange={(v) => lines.patch(i, { quantity: v })}
              suffix={formatUnit(l.unit) || undefined}
              data-testid={`quantity-${i}`}
            />
            <NumberField
              {...numberProps(i, l, 'unit_price')}
              label={f('unit_price')}
              decimals={UNIT_PRICE_DECIMALS}
              onChange={(v) => lines.patch(i, { unit_price: v, source: { kind: 'manual' } })}
              hint={
                source ? (
                  <span data-testid={`price-source-${i}`}>
                    {source.kind === 'price'
                      ? t('purchaseOrders.source.price', { from: displayDay(source.from) })
                      : t(`purchaseOrders.source.${source.kind}`)}
                  </span>
                ) : undefined
              }
              data-testid={`unit-price-${i}`}
            />
            {offersPriceFromToday(l) ? (
              <CheckboxField
                name={`items.${i}.save_as_price`}
                label={f('saveAsPrice')}
                value={l.saveAsPrice === true}
                disabled={disabled}
                onChange={(on) => lines.patch(i, { saveAsPrice: on === true })}
                data-testid={`line-save-price-${i}`}
              />
            ) : null}
            <div className="form-line-foot">
              <p className="order-line-total" data-testid={`line-total-${i}`}>
                {t('labelled', { label: f('total') })} <strong>{total ? formatUnitPrice(total, l.currency) : '—'}</strong>
                {hasReceived(l) ? ` · ${t('labelled', { label: f('received') })} ${formatQuantity(l.received, l.unit)}` : ''}
              </p>
              <button
                type="button"
                className="btn btn-small"
                onClick={() => lines.removeAt(i)}
                disabled={disabled || hasReceived(l)}
                aria-label={f('removeItemNamed', { n: i + 1, code: l.code ?? '' }).trim()}
                data-testid={`remove-line-${i}`}
              >
                {f('removeItem')}
              </button>
            </div>
          </div>
        );
      })}
      <button
        type="button"
        className="btn"
        onClick={(e) => (lines.add(newLine()), focusAddedRow(e.currentTarget, 'items', lines.rows.length))}
        disabled={disabled || supplierId === null}
        data-testid="add-line"
      >
        {f('addItem')}
      </button>
      <p className="order-total" data-testid="order-total">
        {t('labelled', { label: f('orderTotal') })} <strong>{totalsText(totals)}</strong>
      </p>
    </fieldset>
  );
}
