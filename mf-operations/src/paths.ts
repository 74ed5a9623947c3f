import table from '../../remotes.config.json';

export const NS = 'operations';
/**
 * The section's base path; every screen of this remote lives below it (SPEC §2). Read from the one table of remotes
 * (remotes.config.json, issue 24): links are built from it, never from a hard-coded path.
 */
const row = table.remotes.find((r) => r.name === NS);
if (!row) throw new Error(`remotes.config.json has no remote "${NS}"`);
export const BASE_PATH: string = row.path;

/** Another section's base path, from the same table (a link into the registry: the customers' list). */
export function sectionPath(name: string): string {
  const other = table.remotes.find((r) => r.name === name);
  if (!other) throw new Error(`remotes.config.json has no remote "${name}"`);
  return other.path;
}
