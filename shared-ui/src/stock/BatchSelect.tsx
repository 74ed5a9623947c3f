import type { BatchChoice } from '@wms/shared-api';
import { SelectField, type BaseFieldProps } from '../forms/Field';
import { formatDate } from '../format/date';
import { formatQuantity } from '../format/number';

/**
 * One batch as the select shows it: the batch, its expiry day (dd/MM/yyyy, null without one), the quantity with its unit.
 * A type, not an interface: it is handed as is to `t(key, params)` as the message's parameters.
 */
export type BatchOptionText = {
  batch: string;
  expiry: string | null;
  quantity: string;
};

export interface BatchSelectProps extends Omit<BaseFieldProps<string>, 'onChange'> {
  onChange: (batch: string) => void;
  /** The batches to take from (shared-api `batchChoices`: FEFO, quantity available); null while unknown. */
  choices: readonly BatchChoice[] | null;
  /** The product's unit code ('kg', 'piece'): quantities are written with its label. */
  unit?: string | null;
  placeholder: string;
  /** An option's words in the screen's language ("L2 · scad. 31/01/2027 · disponibili 6 kg"). */
  optionText: (option: BatchOptionText) => string;
}

/**
 * The batch of goods that leave (an unload, a transfer, a transfer's line): a select of the batches in stock, in the
 * order given (FEFO), each with its expiry and what is available; disabled while there is none to choose.
 */
export function BatchSelect({ choices, unit, optionText, disabled, onChange, ...props }: BatchSelectProps) {
  return (
    <SelectField
      {...props}
      disabled={disabled || !choices?.length}
      onChange={(v) => onChange(v == null ? '' : String(v))}
      options={(choices ?? []).map((c) => ({
        value: c.batch,
        label: optionText({
          batch: c.batch,
          expiry: c.expiry_date ? formatDate(c.expiry_date) : null,
          quantity: formatQuantity(c.quantity, unit),
        }),
      }))}
    />
  );
}
