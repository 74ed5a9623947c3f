/**
 * PostgreSQL's unique_violation (23505), optionally on one named index. Uniqueness is decided by the index, not by a prior
 * SELECT, so two requests racing for the same value get one success and one clear 409.
 */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = err as { code?: string; constraint?: string } | null;
  return e?.code === '23505' && (constraint === undefined || e.constraint === constraint);
}
