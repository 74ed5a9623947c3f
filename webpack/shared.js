// The packages every federated app shares as singletons (STACK.md "Module Federation traps").
// One copy of each must win at run time, or hooks, router context, i18n and the session break across remotes.
const path = require('path');

const root = path.resolve(__dirname, '..');

/** Installed version of a package, resolved from the app's folder (workspaces may nest their own copy). */
function installedVersion(pkg, fromDir) {
  const file = require.resolve(`${pkg}/package.json`, { paths: [fromDir, root] });
  return require(file).version;
}

const SINGLETONS = [
  'react',
  'react-dom',
  'react-router',
  'react-router-dom',
  'i18next',
  'react-i18next',
  'react-toastify',
  '@wms/shared-api',
  '@wms/shared-ui',
];

// Subpath imports (react/jsx-runtime, react-dom/client, @wms/shared-api/core) are not covered by the bare key: share them
// by prefix. '@wms/shared-api/core' is the zod-free entry of the first page; the root entry re-exports it by that same
// specifier, so the host and every remote keep one client, one session and one validation-message registry.
const PREFIXES = { 'react/': 'react', 'react-dom/': 'react-dom', '@wms/shared-api/': '@wms/shared-api' };

/** The `shared` option of ModuleFederationPlugin for an app living in `appDir`. */
function sharedConfig(appDir) {
  const shared = {};
  for (const pkg of SINGLETONS) {
    shared[pkg] = { singleton: true, requiredVersion: `^${installedVersion(pkg, appDir)}` };
  }
  for (const [prefix, pkg] of Object.entries(PREFIXES)) {
    shared[prefix] = { singleton: true, requiredVersion: `^${installedVersion(pkg, appDir)}` };
  }
  return shared;
}

module.exports = { sharedConfig, SINGLETONS };
