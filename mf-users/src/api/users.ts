import { api } from '@wms/shared-api/core';
import type { UserView } from '@wms/shared-api';

/** The users calls of SPEC §7, typed. Every failure is the API client's ApiError: callers word it (§8) with serverErrorText. */

export const USERS_PATH = '/users';
/** Staff lists are short: one call brings every live user (the server pages at 1000). */
export const USERS_QUERY = { limit: 1000 } as const;

export async function fetchUser(id: string | number): Promise<UserView> {
  const { data } = await api.get<UserView>(`/users/${encodeURIComponent(String(id))}`);
  return data;
}

/** What the user did, newest first, one page at a time (the total in X-Total-Count). */
export const activitiesPath = (id: string | number) => `/users/${encodeURIComponent(String(id))}/activities`;

/** SPEC §7 payload: username, password, name, role, is_active, created_by / modified_by (the server trusts only the session). */
export interface UserPayload {
  username: string;
  name: string;
  role: string;
  is_active: boolean;
  /** Absent on edit when left blank: the current password is kept. */
  password?: string;
}

export async function createUser(payload: UserPayload, authorId?: number): Promise<UserView> {
  const { data } = await api.post<UserView>('/users', { ...payload, created_by: authorId ?? null });
  return data;
}

export async function updateUser(id: string | number, payload: UserPayload, authorId?: number): Promise<UserView> {
  const { data } = await api.put<UserView>(`/users/${encodeURIComponent(String(id))}`, { ...payload, modified_by: authorId ?? null });
  return data;
}

export async function deleteUser(id: number, authorId?: number): Promise<void> {
  await api.delete(`/users/${id}`, { data: { deleted_by: authorId ?? null } });
}
