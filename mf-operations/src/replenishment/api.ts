import { api, idempotent, type ReplenishmentLine, type ReplenishmentOrdersBody, type ReplenishmentOrdersResult } from '@wms/shared-api';

/** The replenishment calls (issue 28). Failures are the API client's ApiError: callers word them with failureText. */
export const REPLENISHMENT_PATH = '/replenishment';

export async function fetchProposal(warehouseId: number | null, signal?: AbortSignal): Promise<ReplenishmentLine[]> {
  const params = warehouseId ? { warehouse_id: warehouseId } : {};
  return (await api.get<ReplenishmentLine[]>(REPLENISHMENT_PATH, { params, signal })).data;
}

/** One key per action: a double click or a retried request orders once (server/src/http/idempotency.ts). */
export async function createDraftOrders(body: ReplenishmentOrdersBody, key: string): Promise<ReplenishmentOrdersResult> {
  return (await api.post<ReplenishmentOrdersResult>(`${REPLENISHMENT_PATH}/orders`, body, idempotent(key))).data;
}
