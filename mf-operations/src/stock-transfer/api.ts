import { api, idempotent, type Transfer, type TransferBody, type TransferReceiveBody, type Warehouse } from '@wms/shared-api';

/** The transfer calls (issue 26), typed. Every state change carries one Idempotency-Key per user action (exactly once). */
export const TRANSFERS_PATH = '/transfers';

export async function fetchTransfer(id: number | string): Promise<Transfer> {
  return (await api.get<Transfer>(`${TRANSFERS_PATH}/${id}`)).data;
}

export async function saveTransfer(id: number | null, body: TransferBody, key: string): Promise<Transfer> {
  return id === null
    ? (await api.post<Transfer>(TRANSFERS_PATH, body, idempotent(key))).data
    : (await api.put<Transfer>(`${TRANSFERS_PATH}/${id}`, body, idempotent(key))).data;
}

export type TransferAction = 'ship' | 'receive' | 'cancel' | 'reverse';

export async function transferAction(
  id: number,
  action: TransferAction,
  body: { receive?: boolean } | TransferReceiveBody,
  key: string,
): Promise<Transfer> {
  return (await api.post<Transfer>(`${TRANSFERS_PATH}/${id}/${action}`, body, idempotent(key))).data;
}

/** A warehouse with its address, for the transport note; null when it cannot be read (deleted: the note shows the name). */
export async function fetchWarehouse(id: number): Promise<Warehouse | null> {
  try {
    return (await api.get<Warehouse>(`/warehouses/${id}`)).data;
  } catch {
    return null;
  }
}
