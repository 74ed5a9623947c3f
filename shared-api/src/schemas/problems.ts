import type { z } from 'zod';
import type { FieldProblem } from '@wms/shared-api/core';

/**
 * Adds `problems` (a rule's field problems, their paths dotted and relative to `at`) to a zod refinement as issues with
 * their keys and parameters, so a schema reports a shared rule in the rule's own words (receipt lines, transfer arrivals).
 * Internal to the schemas: not part of the package's API.
 */
export function addProblems(ctx: z.RefinementCtx, at: ReadonlyArray<string | number>, problems: Record<string, FieldProblem>): void {
  for (const [path, p] of Object.entries(problems)) {
    ctx.addIssue({ code: 'custom', path: [...at, ...path.split('.')], message: p.key, params: p.params });
  }
}
