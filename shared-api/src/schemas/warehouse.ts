import { z } from 'zod';
import { flag, MAX_LONG_TEXT, optionalText, requiredText } from './common';

/**
 * Warehouses (SPEC §3, §5): the body of POST / PUT /warehouses, for the form and the server. Only the name is required;
 * created_by / modified_by, if sent, are dropped (the server takes the author from the session).
 */
export const MAX_WAREHOUSE_NAME = 100;

export const warehouseSchema = z.object({
  name: requiredText(MAX_WAREHOUSE_NAME),
  description: optionalText(MAX_LONG_TEXT),
  is_active: flag(true),
});
export type WarehouseBody = z.input<typeof warehouseSchema>;
export type WarehouseFields = z.output<typeof warehouseSchema>;

export const warehouseViewSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  is_active: z.boolean(),
  created_by: z.string().nullable().describe('username'),
  modified_by: z.string().nullable().describe('username'),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Warehouse = z.infer<typeof warehouseViewSchema>;

/** Columns GET /warehouses sorts by; without `sort`, by name. */
export const WAREHOUSE_SORTS = ['name', 'description', 'is_active'] as const;

export function emptyWarehouse(): WarehouseBody {
  return { name: '', description: null, is_active: true };
}
