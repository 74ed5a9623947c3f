/** The section's base path; every screen of this remote lives below it (SPEC §2). */
export const BASE_PATH = '/anagrafica';
export const NS = 'registry';
