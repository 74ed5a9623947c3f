/**
 * The strength estimate's dictionaries (megabytes) must never reach the browser: shared-api is a federation singleton
 * shipped whole, and the first page's budget is 180 KB. This walks the imports of the browser's entries ('@wms/shared-api'
 * and '@wms/shared-api/core') through shared-api's own files and fails if any reaches zxcvbn or the server-only entry.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const SRC = __dirname;
const IMPORT = /(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function resolveLocal(from: string, spec: string): string | null {
  if (spec === '@wms/shared-api/core') return path.join(SRC, 'core.ts');
  if (spec === '@wms/shared-api') return path.join(SRC, 'index.ts');
  if (spec === '@wms/shared-api/password-strength') return path.join(SRC, 'password-strength.ts');
  if (!spec.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) if (existsSync(candidate)) return candidate;
  return null;
}

/** Every shared-api file and every outside package reachable from `entry`. */
function reachable(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const todo = [entry];
  while (todo.length > 0) {
    const file = todo.pop() as string;
    if (files.has(file)) continue;
    files.add(file);
    for (const m of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const spec = m[1] ?? m[2];
      const local = resolveLocal(file, spec);
      if (local) todo.push(local);
      else packages.add(spec);
    }
  }
  return { files, packages };
}

it.each(['index.ts', 'core.ts'])('nothing reachable from %s imports zxcvbn or password-strength.ts', (entry) => {
  const { files, packages } = reachable(path.join(SRC, entry));
  expect(files.has(path.join(SRC, 'schemas/user.ts')) || entry === 'core.ts').toBe(true);
  expect([...files].map((f) => path.relative(SRC, f))).not.toContain('password-strength.ts');
  expect([...packages].filter((p) => p.startsWith('@zxcvbn-ts'))).toEqual([]);
});

it('the server-only entry does reach zxcvbn (the walk sees it)', () => {
  const { packages } = reachable(path.join(SRC, 'password-strength.ts'));
  expect(packages).toContain('@zxcvbn-ts/core');
});
