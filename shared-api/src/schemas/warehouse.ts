import { z } from 'zod';
import { flag, MAX_LONG_TEXT, optionalText, requiredText } from './common';

/**
 * Warehouses (SPEC §3, §5): the body of POST / PUT /warehouses, for the form and the server. Only the name is required;
 * created_by / modified_by, if sent, are dropped (the server takes the author from the session).
 */
export const MAX_WAREHOUSE_NAME = 100;

/**
 * A warehouse's address (issue 26: a transport note names the sending and the receiving site). Optional: warehouses
 * saved before had none. The same lengths as a supplier's address fields.
 */
export const warehouseAddressSchema = z.object({
  address: optionalText(),
  city: optionalText(100),
  province: optionalText(100),
  zip_code: optionalText(20),
  country: optionalText(100),
});
export const WAREHOUSE_ADDRESS_FIELDS = ['address', 'city', 'province', 'zip_code', 'country'] as const;

export const warehouseSchema = z
  .object({
    name: requiredText(MAX_WAREHOUSE_NAME),
    description: optionalText(MAX_LONG_TEXT),
    is_active: flag(true),
  })
  .extend(warehouseAddressSchema.shape);
export type WarehouseBody = z.input<typeof warehouseSchema>;
export type WarehouseFields = z.output<typeof warehouseSchema>;

export const warehouseViewSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  is_active: z.boolean(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  province: z.string().nullable(),
  zip_code: z.string().nullable(),
  country: z.string().nullable(),
  created_by: z.string().nullable().describe('username'),
  modified_by: z.string().nullable().describe('username'),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Warehouse = z.infer<typeof warehouseViewSchema>;

/** Columns GET /warehouses sorts by; without `sort`, by name. */
export const WAREHOUSE_SORTS = ['name', 'description', 'is_active'] as const;

export function emptyWarehouse(): WarehouseBody {
  return { name: '', description: null, is_active: true, address: null, city: null, province: null, zip_code: null, country: null };
}
