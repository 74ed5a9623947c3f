// `npm test` runs every workspace's tests in one Jest run (one summary, one JSON report for CI).
module.exports = {
  // Global, not per project: Jest ignores a project's testTimeout when run through `projects`. Server tests start
  // real databases (a fresh PGlite or PostgreSQL schema per file) and UI tests render whole screens; on a loaded
  // 2-core machine either can pass 5 s, and a fresh PGlite with every migration took over 60 s at load 27.
  testTimeout: 120000,
  projects: [
    '<rootDir>/shared-api',
    '<rootDir>/shared-ui',
    '<rootDir>/shell',
    '<rootDir>/mf-registry',
    '<rootDir>/mf-operations',
    '<rootDir>/mf-reports',
    '<rootDir>/mf-users',
    '<rootDir>/server',
    '<rootDir>/scripts',
  ],
};
