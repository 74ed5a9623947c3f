import { BASE_PATH } from '../paths';

export const WAREHOUSES_URL = `${BASE_PATH}/magazzini`;
export const NEW_WAREHOUSE_URL = `${WAREHOUSES_URL}/nuovo`;
export const warehouseUrl = (id: number) => `${WAREHOUSES_URL}/${id}`;
