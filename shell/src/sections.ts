import { PERMISSIONS, type Permission } from '@wms/shared-api/core';
import table from '../../remotes.config.json';

/** A section served by a remote: one row of the table of remotes (remotes.config.json, issue 24). */
export interface Section {
  /** Container name; its files are under /mf/<remote>/ and it exposes `./App`. */
  remote: string;
  /** The section's base path (SPEC §2): the remote renders its relative routes below it. */
  path: string;
  /** The permission guarding the section (SPEC §6, shared-api permissions.ts). */
  permission: Permission;
  /** Who releases it: named in the message shown when its release does not fit this portal. */
  team: string;
}

function isPermission(value: string): value is Permission {
  return Object.prototype.hasOwnProperty.call(PERMISSIONS, value);
}

/** The four remotes, in menu order, from the one table of remotes shared with webpack, the server and the scripts. */
export const SECTIONS: readonly Section[] = table.remotes.map((r) => {
  if (!isPermission(r.permission)) throw new Error(`remotes.config.json: "${r.name}" names an unknown permission "${r.permission}"`);
  return { remote: r.name, path: r.path, permission: r.permission, team: r.team };
});

export type RemoteName = string;
export const REMOTE_NAMES: readonly RemoteName[] = SECTIONS.map((s) => s.remote);

/** The section a remote serves (undefined for a name not in the table). */
export function sectionOf(remote: RemoteName): Section | undefined {
  return SECTIONS.find((s) => s.remote === remote);
}
