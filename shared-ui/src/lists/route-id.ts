import { ApiError } from '@wms/shared-api/core';

/**
 * The record a route's `:id` names, read inside a loader: its number. Text that is no record id ("abc", "12abc", "0")
 * names no record: it fails as the server's 404 for an id it does not hold, so `Loaded` shows its NotFound and
 * `useRecordLoad` leaves as for any missing record — never an empty "new" form, nor a Retry that cannot work.
 */
export function routeRecordId(param: string | undefined): number {
  if (param !== undefined && /^[1-9]\d{0,14}$/.test(param)) return parseInt(param, 10);
  throw new ApiError('No such record', 'ERR_BAD_REQUEST', { method: 'GET', url: param ?? '' }, { status: 404, data: null, headers: {} });
}
