import type { MovementBody, MovementType, Product } from '@wms/shared-api';
import { formatDay } from '@wms/shared-api';

/** The form's fields, named as the shared movement schema names them (its problems land on them by path). */
export type Field =
  | 'movement_type'
  | 'movement_date'
  | 'product_id'
  | 'warehouse_id'
  | 'destination_warehouse_id'
  | 'batch_number'
  | 'production_date'
  | 'expiry_date'
  | 'quantity'
  | 'notes';
/** In the form's order: the first one with a problem gets the focus. */
export const FIELDS: Field[] = [
  'movement_type',
  'movement_date',
  'product_id',
  'warehouse_id',
  'destination_warehouse_id',
  'batch_number',
  'production_date',
  'expiry_date',
  'quantity',
  'notes',
];

export interface MovementFormValues {
  movement_type: MovementType;
  /** yyyy-MM-dd (date inputs); sent as dd/MM/yyyy. */
  movement_date: string;
  product: Product | null;
  warehouse_id: string;
  destination_warehouse_id: string;
  batch_number: string;
  production_date: string;
  expiry_date: string;
  /** As typed; sent as a number. */
  quantity: string;
  notes: string;
}

/** The body of POST / PUT /stock-movements for the form's values (SPEC §7): dates dd/MM/yyyy, quantity a number. */
export function movementBody(v: MovementFormValues): MovementBody {
  const p = v.product;
  const isLoad = v.movement_type === 'C';
  const day = (iso: string) => (iso ? formatDay(iso) : null);
  const quantity = v.quantity.trim();
  return {
    movement_type: v.movement_type,
    movement_date: v.movement_date ? formatDay(v.movement_date) : '',
    product_id: p?.id ?? null,
    warehouse_id: v.warehouse_id ? Number(v.warehouse_id) : null,
    destination_warehouse_id: v.movement_type === 'T' && v.destination_warehouse_id ? Number(v.destination_warehouse_id) : null,
    quantity: (quantity === '' ? null : Number(quantity)) as number,
    batch_number: p?.has_batch ? v.batch_number : null,
    production_date: isLoad && p?.has_production_date ? day(v.production_date) : null,
    expiry_date: isLoad && p?.has_expiry_date ? day(v.expiry_date) : null,
    notes: v.notes,
  };
}
