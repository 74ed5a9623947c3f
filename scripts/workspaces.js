// The build graph of the monorepo, shared by start.js and dev.js: each package, what it builds from, what it needs first.
const path = require('path');
const fs = require('fs');

const root = path.resolve(__dirname, '..');

/** The table of remotes (issue 24): name, section path, package folder, dev port, permission, team. */
const remotesTable = require('../remotes.config.json').remotes;

const packages = [
  { name: 'shared-api', deps: [] },
  { name: 'shared-ui', deps: ['shared-api'] },
  { name: 'server', deps: ['shared-api'] },
  { name: 'shell', deps: ['shared-api', 'shared-ui'] },
  ...remotesTable.map((r) => ({ name: r.package, deps: ['shared-api', 'shared-ui'] })),
];

const STAMP = '.build-stamp';
const INPUTS = [
  'src',
  'package.json',
  'tsconfig.json',
  'tsconfig.build.json',
  'tsconfig.esm.json',
  'webpack.config.js',
  'public',
  'styles.css',
];
const SHARED_INPUTS = ['webpack', 'tsconfig.base.json', 'remotes.config.json'];

function newestMtime(p) {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

function stampTime(name) {
  const stamp = path.join(root, name, 'dist', STAMP);
  return fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0;
}

/** Packages whose dist is missing or older than their sources (or than a package they build on). In build order. */
function stalePackages() {
  const stale = new Set();
  const sharedNewest = Math.max(...SHARED_INPUTS.map((p) => newestMtime(path.join(root, p))));
  for (const pkg of packages) {
    const built = stampTime(pkg.name);
    const inputs = Math.max(sharedNewest, ...INPUTS.map((p) => newestMtime(path.join(root, pkg.name, p))));
    const depNewer = pkg.deps.some((d) => stale.has(d) || stampTime(d) > built);
    if (!built || inputs > built || depNewer) stale.add(pkg.name);
  }
  return packages.filter((p) => stale.has(p.name));
}

function markBuilt(name) {
  const dist = path.join(root, name, 'dist');
  fs.mkdirSync(dist, { recursive: true });
  fs.writeFileSync(path.join(dist, STAMP), new Date().toISOString() + '\n');
}

module.exports = { root, packages, remotesTable, stalePackages, markBuilt };
