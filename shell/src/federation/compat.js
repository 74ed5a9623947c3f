// The compatibility check between the shell and a remote (issue 24), ONE function used by the shell in the browser
// (shell/src/federation/remotes.ts, before registerRemotes) and by Node (scripts/remote-release.js publish and status).
// Plain CommonJS so both can load it as it is; types in compat.d.ts beside it.
//
// A remote's mf-manifest.json lists, for each shared module, the `requiredVersion` it was built with (webpack/shared.js:
// `^<the kit version it was built against>`). Where the shell provides that module (or, for a subpath such as
// `@wms/shared-api/core`, its package), the version it provides must satisfy that range (npm's semver rules): a remote built
// against shared-ui 2.x asks `^2.0.0` and does not run on a shell providing 1.4.0. A package the shell provides nothing of
// is no problem (the remote loads its own copy).
const satisfies = require('semver/functions/satisfies');
const validRange = require('semver/ranges/valid');
const ltr = require('semver/ranges/ltr');

/** `@scope/name/sub` → `@scope/name`, `name/sub` → `name`. */
function packageOf(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/**
 * What a remote's manifest asks that the shell does not provide, one problem per shared module:
 * `{ package, required, provided, needs }` — needs: 'newer' (the remote needs a newer portal) or 'older'. Empty: compatible.
 * @param {{ shared?: { name: string; requiredVersion?: string | false }[] }} manifest the remote's mf-manifest.json
 * @param {Record<string, string>} provided shared module (or package) name → the version the shell provides
 */
function incompatibilities(manifest, provided) {
  const problems = [];
  const seen = new Set();
  // A package's version is also known from a subpath the shell provides (it provides `@wms/shared-api/core`, not the root).
  const byPackage = {};
  for (const [key, version] of Object.entries(provided)) if (!byPackage[packageOf(key)]) byPackage[packageOf(key)] = version;
  for (const shared of (manifest && Array.isArray(manifest.shared) && manifest.shared) || []) {
    const name = shared && shared.name;
    const required = shared && shared.requiredVersion;
    if (typeof name !== 'string' || typeof required !== 'string' || seen.has(name)) continue;
    seen.add(name);
    const version = provided[name] ?? byPackage[packageOf(name)];
    if (!version) continue;
    if (!validRange(required)) {
      problems.push({ package: name, required, provided: version, needs: 'newer' });
    } else if (!satisfies(version, required, { includePrerelease: true })) {
      problems.push({ package: name, required, provided: version, needs: ltr(version, required) ? 'newer' : 'older' });
    }
  }
  return problems;
}

/** The versions a build provides, from its own mf-manifest.json (Node: the shell's dist, or a release's manifest). */
function providedVersions(manifest) {
  const out = {};
  for (const shared of (manifest && manifest.shared) || []) if (shared && shared.name && shared.version) out[shared.name] = shared.version;
  return out;
}

module.exports = { incompatibilities, providedVersions, packageOf };
