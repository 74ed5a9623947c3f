#!/usr/bin/env node
// `npm run dev`: every part in watch mode — the libraries (tsc --watch), the server (tsx watch, port 8080) and the
// shell (3000) and the remotes of remotes.config.json (3001-3004), each on its own webpack dev server. Open http://localhost:3000.
const concurrently = require('concurrently');
const { buildStale } = require('./build-stale');
const { root, remotesTable } = require('./workspaces');

const apps = [
  ['api', 'shared-api'],
  ['ui', 'shared-ui'],
  ['server', 'server'],
  ['shell', 'shell'],
  ...remotesTable.map((r) => [r.name, r.package]),
];

buildStale()
  .then(() => {
    const { result } = concurrently(
      apps.map(([name, ws]) => ({ name, command: `npm run dev -w ${ws}`, cwd: root })),
      { prefix: 'name', killOthersOn: ['failure'] },
    );
    return result;
  })
  .catch((err) => {
    if (err instanceof Error) console.error(err.message);
    process.exit(1);
  });
