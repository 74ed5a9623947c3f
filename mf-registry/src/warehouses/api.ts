import { api, type Warehouse, type WarehouseFields } from '@wms/shared-api';

/** The warehouse calls of SPEC §7 (the list pages through usePagedList on WAREHOUSES_PATH). */
export const WAREHOUSES_PATH = '/warehouses';

export async function fetchWarehouse(id: string | number): Promise<Warehouse> {
  const { data } = await api.get<Warehouse>(`${WAREHOUSES_PATH}/${encodeURIComponent(String(id))}`);
  return data;
}

export async function saveWarehouse(id: number | null, w: WarehouseFields, userId?: number): Promise<Warehouse> {
  const { data } = id
    ? await api.put<Warehouse>(`${WAREHOUSES_PATH}/${id}`, { ...w, modified_by: userId ?? null })
    : await api.post<Warehouse>(WAREHOUSES_PATH, { ...w, created_by: userId ?? null });
  return data;
}

export async function deleteWarehouse(id: number, userId?: number): Promise<void> {
  await api.delete(`${WAREHOUSES_PATH}/${id}`, { data: { deleted_by: userId ?? 'system' } });
}
