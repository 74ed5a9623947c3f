// One Jest setup for every workspace: each package's jest.config.js calls `uiProject` or `nodeProject`.
// Tests import workspace packages from source, so `npm test` needs no build first.
const path = require('path');
const root = path.resolve(__dirname, '..');

const workspaceSources = {
  '^@wms/shared-api$': path.join(root, 'shared-api/src/index.ts'),
  '^@wms/shared-api/core$': path.join(root, 'shared-api/src/core.ts'),
  '^@wms/shared-api/password-strength$': path.join(root, 'shared-api/src/password-strength.ts'),
  '^@wms/shared-ui$': path.join(root, 'shared-ui/src/index.ts'),
  '^@wms/shared-ui/router$': path.join(root, 'shared-ui/src/router.ts'),
};

const tsTransform = {
  '^.+\\.tsx?$': ['ts-jest', { tsconfig: path.join(root, 'tsconfig.jest.json'), diagnostics: { warnOnly: false } }],
  // msw 2's ESM-only dependencies
  '^.+\\.m?js$': ['ts-jest', { tsconfig: path.join(root, 'tsconfig.jest.json'), diagnostics: false }],
};

// ESM-only packages (msw 2's dependencies; the CSV library's browser build, which the inventory sheet imports).
const esmOnly = ['rettime', 'until-async', '@open-draft/deferred-promise', '@open-draft/until', 'csv-parse', 'csv-stringify'].join('|');

function uiProject(dir, extra = {}) {
  return {
    displayName: path.basename(dir),
    rootDir: dir,
    testEnvironment: 'jest-fixed-jsdom',
    testEnvironmentOptions: { customExportConditions: [''] },
    setupFiles: [path.join(__dirname, 'polyfills.js')],
    setupFilesAfterEnv: [path.join(__dirname, 'setup-ui.js')],
    transform: tsTransform,
    transformIgnorePatterns: [`/node_modules/(?!(${esmOnly})/)`],
    moduleNameMapper: { ...workspaceSources, '\\.(css|svg|png)$': path.join(__dirname, 'file-stub.js') },
    testMatch: ['<rootDir>/src/**/*.test.ts?(x)'],
    ...extra,
  };
}

function nodeProject(dir, extra = {}) {
  return {
    displayName: path.basename(dir),
    rootDir: dir,
    testEnvironment: 'node',
    transform: tsTransform,
    moduleNameMapper: workspaceSources,
    testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/test/**/*.test.ts'],
    ...extra,
  };
}

module.exports = { uiProject, nodeProject, root, workspaceSources };
