import { QUANTITY_DECIMALS } from '@wms/shared-api/core';
import { formatUnit } from '../format/number';
import { NumberField, type NumberFieldProps } from './NumberField';

export interface QuantityFieldProps extends Omit<NumberFieldProps, 'decimals' | 'suffix'> {
  /** The product's unit of measure ('kg', 'piece'…): its label is written after the input ("kg", "pz"). */
  unit: string | null | undefined;
}

/**
 * A quantity of a product: the NumberField of quantities (SPEC: at most 3 decimals) with the unit's label after it, as
 * every screen that takes a quantity shows it (a receipt line, a batch, a transfer line, a count).
 */
export function QuantityField({ unit, ...props }: QuantityFieldProps) {
  return <NumberField {...props} decimals={QUANTITY_DECIMALS} suffix={formatUnit(unit) || undefined} />;
}
