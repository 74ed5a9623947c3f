#!/usr/bin/env node
// `npm start`: build what is not built yet, then serve API, shell, remotes and remotes.json on one port.
const path = require('path');
const { buildStale } = require('./build-stale');
const { root } = require('./workspaces');

buildStale()
  .then(() => {
    process.chdir(root);
    require(path.join(root, 'server/dist/main.js'));
  })
  .catch((err) => {
    console.error(err.message);
    process.exit(1);
  });
