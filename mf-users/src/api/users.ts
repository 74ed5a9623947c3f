import type { UserView } from '@wms/shared-api';
import { recordApi } from '@wms/shared-ui';

/** The users calls of SPEC §7, typed. Every failure is the API client's ApiError: callers word it (§8) with serverErrorText. */

/** SPEC §7 payload: username, password, name, role, is_active, created_by / modified_by (the server trusts only the session). */
export interface UserPayload {
  username: string;
  name: string;
  role: string;
  is_active: boolean;
  /** Absent on edit when left blank: the current password is kept. */
  password?: string;
}

export const users = recordApi<UserView, UserPayload>('/users');
export const USERS_PATH = users.path;
/** Staff lists are short: one call brings every live user (the server pages at 1000). */
export const USERS_QUERY = { limit: 1000 } as const;

/** What the user did, newest first, one page at a time (the total in X-Total-Count). */
export const activitiesPath = (id: string | number) => `${USERS_PATH}/${encodeURIComponent(String(id))}/activities`;
