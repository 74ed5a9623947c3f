import type { Warehouse, WarehouseFields } from '@wms/shared-api';
import { recordApi } from '@wms/shared-ui';

/** The warehouse calls of SPEC §7 (the list pages through usePagedList on WAREHOUSES_PATH). */
export const warehouses = recordApi<Warehouse, WarehouseFields>('/warehouses');
export const WAREHOUSES_PATH = warehouses.path;
