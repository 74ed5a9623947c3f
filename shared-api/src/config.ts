/**
 * Runtime configuration. The API base is read when the client is created, not baked in at build time, so one build serves
 * any deployment: a page may set `window.__WMS_CONFIG__ = { apiBase: 'https://…/api' }` before the shell loads.
 */
export const DEFAULT_TIMEOUT_MS = 15_000;
/** Selectable per call for slow saves (SPEC §7: saving a purchase order). */
export const LONG_TIMEOUT_MS = 30_000;

interface RuntimeConfig {
  apiBase?: string;
}

export function apiBase(): string {
  const cfg = (globalThis as { __WMS_CONFIG__?: RuntimeConfig }).__WMS_CONFIG__;
  return cfg?.apiBase ?? '/api';
}
