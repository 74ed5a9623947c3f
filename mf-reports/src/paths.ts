import table from '../../remotes.config.json';

export const NS = 'reports';
/**
 * The section's base path; every screen of this remote lives below it (SPEC §2). Read from the one table of remotes
 * (remotes.config.json, issue 24): links are built from it, never from a hard-coded path.
 */
const row = table.remotes.find((r) => r.name === NS);
if (!row) throw new Error(`remotes.config.json has no remote "${NS}"`);
export const BASE_PATH: string = row.path;
