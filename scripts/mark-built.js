#!/usr/bin/env node
// After `npm run build` (lerna, every package) record that each dist is current, so `npm start` does not rebuild it.
const { packages, markBuilt } = require('./workspaces');
for (const p of packages) markBuilt(p.name);
