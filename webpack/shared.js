// The packages every federated app shares as singletons (STACK.md "Module Federation traps").
// One copy of each must win at run time, or hooks, router context, i18n and the session break across remotes.
const path = require('path');

const root = path.resolve(__dirname, '..');

/** Installed version of a package, resolved from the app's folder (workspaces may nest their own copy). */
function installedVersion(pkg, fromDir) {
  const name = pkg.startsWith('@') ? pkg.split('/').slice(0, 2).join('/') : pkg.split('/')[0];
  const file = require.resolve(`${name}/package.json`, { paths: [fromDir, root] });
  return require(file).version;
}

const SINGLETONS = [
  'react',
  'react-dom',
  'i18next',
  'react-i18next',
  'react-toastify',
  '@wms/shared-api',
  '@wms/shared-ui',
  // The portal's router: a small ES module re-exporting the React Router APIs the apps use. react-router itself is not
  // shared (federation shares a module whole: 51 KB brotli); bundled inside this entry's shared chunk, it is tree-shaken
  // to those names (≈ 27 KB). Every app imports the router from here (ESLint refuses react-router in app sources), so
  // there is one copy and one Router context on the page.
  '@wms/shared-ui/router',
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
