#!/usr/bin/env node
// The packages shared as Module Federation singletons must exist once in the lockfile: two copies mean two versions could
// be provided at run time (and two bundles built). Run by CI; exit 1 naming the duplicates. react-router is bundled inside
// the shared '@wms/shared-ui/router' entry (webpack/shared.js): one copy of it too. A development tool's private copy
// (dev-only, nested under that tool, e.g. lighthouse → chromium-bidi's zod 3) is out of every app's reach: not counted.
const lock = require('../package-lock.json');
const SHARED = ['react', 'react-dom', 'react-router', 'i18next', 'react-i18next', 'react-toastify', 'zod'];
const bad = [];
const toolCopies = [];
for (const name of SHARED) {
  const copies = Object.entries(lock.packages).filter(
    ([path]) => path === `node_modules/${name}` || path.endsWith(`/node_modules/${name}`),
  );
  const tool = ([path, info]) => info.dev === true && /node_modules\/.+\/node_modules\//.test(path);
  toolCopies.push(...copies.filter(tool).map(([path, info]) => `${path}@${info.version}`));
  const reachable = copies.filter((c) => !tool(c)).map(([path, info]) => `${path}@${info.version}`);
  if (reachable.length !== 1) bad.push(`${name}: ${reachable.length ? reachable.join(', ') : 'missing'}`);
}
if (bad.length) {
  console.error(`shared packages must have exactly one copy in package-lock.json:\n  ${bad.join('\n  ')}`);
  process.exit(1);
}
console.log(`one copy each: ${SHARED.join(', ')}${toolCopies.length ? ` (dev tools' own: ${toolCopies.join(', ')})` : ''}`);
