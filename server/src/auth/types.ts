import type { Role, SessionUser } from '@wms/shared-api';

/** The signed-in user attached to every authenticated request (`request.user`): the shape the browser stores too. */
export type AuthUser = SessionUser;

/** A users row as the auth code reads it. `password_hash` never leaves src/auth. */
export interface UserRow {
  id: number;
  username: string;
  name: string;
  role: Role;
  password_hash: string;
  is_active: boolean;
}

export function toAuthUser(row: Pick<UserRow, 'id' | 'username' | 'name' | 'role'>): AuthUser {
  return { id: row.id, username: row.username, name: row.name, role: row.role };
}
