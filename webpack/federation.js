// Module Federation settings shared by the shell (host) and the four remotes.
const path = require('path');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { sharedConfig } = require('./shared');

/**
 * Remote container names; each exposes exactly one module, `./App`. Read from the one table of remotes
 * (remotes.config.json at the repository root), as the shell, the server and the scripts read it.
 */
const TABLE = require('../remotes.config.json').remotes;
const REMOTES = Object.fromEntries(TABLE.map((r) => [r.name, { basePath: r.path, devPort: r.devPort, package: r.package }]));

const common = (appDir) => ({
  shared: sharedConfig(appDir),
  // 'version-first' fetches every remote entry at start-up, so one dead remote would blank the shell.
  shareStrategy: 'loaded-first',
  // mf-manifest.json: what /remotes.json points at.
  manifest: { fileName: 'mf-manifest.json' },
  // The type plugin tries to download remote types over HTTP; these machines are offline.
  dts: false,
});

/**
 * The host: no remotes at build time; they are registered at run time from /remotes.json. In production it provides the
 * federation runtime (global `_FEDERATION_RUNTIME_CORE`) to the remotes, which are built without their own copy
 * (`externalRuntime`): one runtime per page instead of one per remoteEntry (≈ 28 → 9 KB gzip each). `optimization.target:
 * 'web'` leaves the runtime's Node loading code out (34.4 → 32.2 KB brotli); `disableSnapshot` is not used: the snapshot
 * plugin is what reads the remotes' mf-manifest.json that /remotes.json points at.
 */
function hostFederation(appDir, { production = false } = {}) {
  return new ModuleFederationPlugin({
    name: 'shell',
    remotes: {},
    runtimePlugins: [path.join(__dirname, 'runtime', 'remote-errors.js')],
    ...common(appDir),
    ...(production ? { experiments: { provideExternalRuntime: true, optimization: { target: 'web' } } } : {}),
  });
}

/**
 * A remote: container `name`, one exposed module `./App`. In production its remoteEntry uses the host's federation runtime
 * (see hostFederation); in development it keeps its own, so its standalone page works without the shell.
 */
function remoteFederation(appDir, name, { production = false } = {}) {
  if (!REMOTES[name]) throw new Error(`Unknown remote "${name}"; known: ${Object.keys(REMOTES).join(', ')}`);
  return new ModuleFederationPlugin({
    name,
    filename: 'remoteEntry.js',
    exposes: { './App': './src/App.tsx' },
    ...common(appDir),
    ...(production ? { experiments: { externalRuntime: true } } : {}),
  });
}

module.exports = { hostFederation, remoteFederation, REMOTES };
