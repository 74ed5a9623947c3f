import { api } from '@wms/shared-api/core';
import type { Dashboard } from '@wms/shared-api';

/** GET /dashboard (issue 28): the cards and chart the signed-in role may see, in one call. */
export async function fetchDashboard(): Promise<Dashboard> {
  return (await api.get<Dashboard>('/dashboard')).data;
}
