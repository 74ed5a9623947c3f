import { api } from '@wms/shared-api/core';
import type { ActivityView, UserView } from '@wms/shared-api';

/** The users calls of SPEC §7, typed. Every failure is the axios error: callers word it (§8) with serverErrorText. */

/** Staff lists are short: one call brings every live user (the server pages at 1000). */
export async function fetchUsers(): Promise<UserView[]> {
  const { data } = await api.get<UserView[]>('/users', { params: { limit: 1000 } });
  return Array.isArray(data) ? data : [];
}

export async function fetchUser(id: string | number): Promise<UserView> {
  const { data } = await api.get<UserView>(`/users/${encodeURIComponent(String(id))}`);
  return data;
}

export interface ActivityPage {
  rows: ActivityView[];
  total: number;
}

/** One page of what the user did, newest first; the total comes from X-Total-Count. */
export async function fetchActivities(id: string | number, page: number, pageSize: number): Promise<ActivityPage> {
  const res = await api.get<ActivityView[]>(`/users/${encodeURIComponent(String(id))}/activities`, {
    params: { limit: pageSize, offset: (page - 1) * pageSize },
  });
  const rows = Array.isArray(res.data) ? res.data : [];
  const header = Number(res.headers['x-total-count']);
  return { rows, total: Number.isFinite(header) ? header : rows.length };
}

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
