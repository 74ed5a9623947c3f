const path = require('path');
const { nodeProject } = require('../jest/preset');
const base = nodeProject(__dirname);

// Time limits are set once in the root jest.config.js (Jest ignores a project's own testTimeout under `projects`).
module.exports = {
  ...base,
  // PGlite's CJS build uses dynamic import() of Node built-ins, which Jest's vm cannot run: rewrite those (see the file).
  // light-my-request (fastify's inject) requires the ESM-only cookie 2: Node 20.19+ loads it natively, Jest needs it compiled.
  transform: {
    '@electric-sql/pglite/dist/.+\\.cjs$': path.join(__dirname, 'test/support/pglite-cjs-transform.js'),
    ...base.transform,
  },
  transformIgnorePatterns: ['/node_modules/(?!(@electric-sql/pglite|light-my-request|cookie)/)'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  // PGlite runs: build one migrated database once, every test file starts from a copy (test/support/pglite-template.ts).
  globalSetup: path.join(__dirname, 'test/support/pglite-template.ts'),
};
