/**
 * A short account of what an update changed, for the activity log: `{ description: "Vite M8 → Vite M8 zincata" }`.
 * Only the listed fields that really changed appear; values are compared as text so '10.50' (numeric) equals 10.5 only when
 * written the same way — good enough for a log, and never a secret (callers do not list password fields).
 */
export function describeChanges(before: object, after: object, fields: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  const was = before as Record<string, unknown>;
  const now = after as Record<string, unknown>;
  for (const field of fields) {
    if (!(field in now)) continue;
    const from = show(was[field]);
    const to = show(now[field]);
    if (from !== to) out[field] = `${from} → ${to}`;
  }
  return out;
}

function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (value instanceof Date) return value.toISOString();
  return String(value);
}
