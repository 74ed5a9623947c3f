// Tests of the repository's Node scripts (the API-report check of issue 24): plain CommonJS, no transform.
module.exports = {
  displayName: 'scripts',
  testEnvironment: 'node',
  rootDir: __dirname,
  testMatch: ['<rootDir>/**/*.test.js'],
  transform: {},
};
