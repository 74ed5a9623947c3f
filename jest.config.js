// `npm test` runs every workspace's tests in one Jest run (one summary, one JSON report for CI).
module.exports = {
  projects: [
    '<rootDir>/shared-api',
    '<rootDir>/shared-ui',
    '<rootDir>/shell',
    '<rootDir>/mf-registry',
    '<rootDir>/mf-operations',
    '<rootDir>/mf-reports',
    '<rootDir>/mf-users',
    '<rootDir>/server',
  ],
};
