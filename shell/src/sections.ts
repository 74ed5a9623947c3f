import type { Permission } from '@wms/shared-api';

/** The four remotes: container name, base path, and the permission guarding the section (SPEC §2, §6). */
export const SECTIONS = [
  { remote: 'registry', path: '/anagrafica', permission: 'registry' },
  { remote: 'operations', path: '/operazioni', permission: 'operations' },
  { remote: 'reports', path: '/report', permission: 'reports' },
  { remote: 'users', path: '/users', permission: 'users' },
] as const satisfies readonly { remote: string; path: string; permission: Permission }[];

export type Section = (typeof SECTIONS)[number];
export type RemoteName = Section['remote'];
export const REMOTE_NAMES: readonly RemoteName[] = SECTIONS.map((s) => s.remote);
