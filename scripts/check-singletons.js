#!/usr/bin/env node
// The packages shared as Module Federation singletons must exist once in the lockfile: two copies mean two versions could
// be provided at run time (and two bundles built). Run by CI; exit 1 naming the duplicates. react-router is bundled inside
// the shared '@wms/shared-ui/router' entry (webpack/shared.js): one copy of it too.
const lock = require('../package-lock.json');
const SHARED = ['react', 'react-dom', 'react-router', 'i18next', 'react-i18next', 'react-toastify', 'zod'];
const bad = [];
for (const name of SHARED) {
  const copies = Object.entries(lock.packages)
    .filter(([path]) => path === `node_modules/${name}` || path.endsWith(`/node_modules/${name}`))
    .map(([path, info]) => `${path}@${info.version}`);
  if (copies.length !== 1) bad.push(`${name}: ${copies.length ? copies.join(', ') : 'missing'}`);
}
if (bad.length) {
  console.error(`shared packages must have exactly one copy in package-lock.json:\n  ${bad.join('\n  ')}`);
  process.exit(1);
}
console.log(`one copy each: ${SHARED.join(', ')}`);
