#!/usr/bin/env node
// `prebuild` of each web app (shell and remotes, issue 24): `npm run build -w mf-operations` on a clean checkout builds the
// kit it needs first (shared-api, then shared-ui: their dist holds the modules and the types webpack reads), and nothing
// else. When their dist is there already (a full `npm run build`, where lerna builds them first) it does nothing.
const fs = require('fs');
const path = require('path');
const { execFileSync } = require('child_process');

const root = path.resolve(__dirname, '..');
const KIT = ['shared-api', 'shared-ui'];
const built = (pkg) =>
  ['index.js', 'index.d.ts', path.join('esm', 'index.js')].every((f) => fs.existsSync(path.join(root, pkg, 'dist', f)));

for (const pkg of KIT) {
  if (built(pkg)) continue;
  console.log(`build-kit: ${pkg}/dist is missing: building ${pkg}`);
  execFileSync('npm', ['run', 'build', '-w', pkg], { cwd: root, stdio: 'inherit' });
}
