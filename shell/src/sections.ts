import type { Permission } from '@wms/shared-api';

/** The four remotes: container name, base path, and the permission guarding the section (SPEC §2, §6). */
export const SECTIONS = [
  { remote: 'registry', path: '/anagrafica', permission: 'registry', icon: '📇' },
  { remote: 'operations', path: '/operazioni', permission: 'operations', icon: '🚚' },
  { remote: 'reports', path: '/report', permission: 'reports', icon: '📊' },
  { remote: 'users', path: '/users', permission: 'users', icon: '👥' },
] as const satisfies readonly { remote: string; path: string; permission: Permission; icon: string }[];

export type Section = (typeof SECTIONS)[number];
export type RemoteName = Section['remote'];
export const REMOTE_NAMES: readonly RemoteName[] = SECTIONS.map((s) => s.remote);
