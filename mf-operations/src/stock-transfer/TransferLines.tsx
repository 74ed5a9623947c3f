import { useTranslation } from 'react-i18next';
import type { Product } from '@wms/shared-api';
import {
  displayDay,
  formatQuantity,
  formatUnit,
  NumberField,
  ProductPicker,
  QUANTITY_DECIMALS,
  SelectField,
  type FormProblem,
} from '@wms/shared-ui';
import { NS } from '../paths';
import { availableOf, type BatchChoice } from '../movements/stock';

/** A line as the form keeps it: the body fields, the product's flags and the batches on hand at the source (FEFO). */
export interface TransferLineState {
  key: string;
  product_id: number | '';
  batch_number: string;
  quantity: string;
  hasBatch: boolean;
  unit: string | null;
  /** Batches in stock at the source warehouse, earliest expiry first; null while unknown (no product or source yet). */
  choices: BatchChoice[] | null;
}

interface Props {
  lines: TransferLineState[];
  fromChosen: boolean;
  disabled: boolean;
  error: (field: string) => string | undefined;
  onInputProblem: (field: string, problem: FormProblem | null) => void;
  onChange: (index: number, change: Partial<TransferLineState>) => void;
  onProduct: (index: number, product: Product | null) => void;
  onAdd: () => void;
  onRemove: (index: number) => void;
}

/**
 * The lines of a transfer: product, batch (offered in FEFO order with expiry and quantity available at the source), and
 * quantity with the unit; the server checks availability again under the ledger's locks when it ships.
 */
export function TransferLines({ lines, fromChosen, disabled, error, onInputProblem, onChange, onProduct, onAdd, onRemove }: Props) {
  const { t } = useTranslation(NS);
  const f = (k: string, o?: Record<string, unknown>) => t(`stockTransfer.fields.${k}`, o);
  return (
    <fieldset className="order-lines" data-testid="transfer-lines">
      <legend>{t('stockTransfer.lines.title')}</legend>
      {error('lines') ? (
        <p className="field-error" role="alert" data-testid="error-lines">
          {error('lines')}
        </p>
      ) : null}
      {lines.map((l, i) => {
        const available = l.choices ? availableOf(l.choices, l.hasBatch ? l.batch_number : '') : null;
        const hint = !fromChosen
          ? f('chooseFromFirst')
          : l.choices && l.choices.length === 0
            ? f('noStock')
            : available !== null && (!l.hasBatch || l.batch_number)
              ? f('available', { available: formatQuantity(available, l.unit) })
              : undefined;
        return (
          <div
            className="order-line"
            key={l.key}
            data-testid={`transfer-line-${i}`}
            aria-label={t('stockTransfer.lines.line', { n: i + 1 })}
          >
            <ProductPicker
              name={`lines.${i}.product_id`}
              label={f('product')}
              required
              value={l.product_id}
              disabled={disabled}
              error={error(`lines.${i}.product_id`)}
              onChange={(_id, row) => onProduct(i, row)}
              data-testid={`product-${i}`}
            />
            {l.hasBatch ? (
              <SelectField
                name={`lines.${i}.batch_number`}
                label={f('batch')}
                required
                value={l.batch_number}
                disabled={disabled || !l.choices}
                error={error(`lines.${i}.batch_number`)}
                placeholder={f('chooseBatch')}
                options={(l.choices ?? []).map((c) => ({
                  value: c.batch,
                  label: c.expiry_date
                    ? f('batchOption', { batch: c.batch, expiry: displayDay(c.expiry_date), available: formatQuantity(c.quantity, l.unit) })
                    : f('batchOptionNoExpiry', { batch: c.batch, available: formatQuantity(c.quantity, l.unit) }),
                }))}
                onChange={(v) => onChange(i, { batch_number: String(v ?? '') })}
                data-testid={`batch-${i}`}
              />
            ) : null}
            <NumberField
              name={`lines.${i}.quantity`}
              label={f('quantity')}
              required
              decimals={QUANTITY_DECIMALS}
              value={l.quantity}
              disabled={disabled}
              error={error(`lines.${i}.quantity`)}
              hint={hint}
              onInputProblem={(p) => onInputProblem(`lines.${i}.quantity`, p)}
              onChange={(v) => onChange(i, { quantity: v })}
              suffix={formatUnit(l.unit) || undefined}
              data-testid={`quantity-${i}`}
            />
            <button
              type="button"
              className="btn btn-small"
              onClick={() => onRemove(i)}
              disabled={disabled}
              aria-label={t('stockTransfer.lines.remove', { n: i + 1 })}
              data-testid={`remove-line-${i}`}
            >
              ✕
            </button>
          </div>
        );
      })}
      <button type="button" className="btn" onClick={onAdd} disabled={disabled} data-testid="add-line">
        {t('stockTransfer.lines.add')}
      </button>
    </fieldset>
  );
}
