#!/usr/bin/env node
// Release, roll back and inspect ONE remote without touching the others or the shell (issue 24):
//   node scripts/remote-release.js publish <remote> [label] [--from <dir>]
//                                                            check its build (<package>/dist, or <dir>) against the shell
//                                                            in production, copy it to releases/<remote>/<label>/ and point
//                                                            remotes.json at it (label: version-gitsha-time by default)
//   node scripts/remote-release.js rollback <remote> <label>  point remotes.json back at a kept release ("dev" = <package>/dist),
//                                                            after the same check
//   node scripts/remote-release.js list <remote>             kept releases, and the one in use
//   node scripts/remote-release.js status                    each remote: release in use, build time, kit versions, compatibility
//   node scripts/remote-release.js canary <remote> <label> [--percent N] [--users a,b]
//                                                            try a kept release ("dev": the current build) on the named users
//                                                            and N % of the others, sticky per user (shell/src/federation/canary.js)
//   node scripts/remote-release.js canary <remote> off        end the canary: everyone keeps the release in use
//   node scripts/remote-release.js promote <remote>           the canary becomes the release in use for everyone
// Remotes come from remotes.config.json. The shell in production is shell/dist (SHELL_MANIFEST: another mf-manifest.json);
// REMOTES_FILE and RELEASES_DIR move remotes.json and releases/ (tests; the server reads REMOTES_FILE too).
// The check is the shell's own (shell/src/federation/compat.js): every shared module the remote's mf-manifest.json asks
// for must be provided by the shell in a version its requiredVersion accepts. remotes.json is replaced atomically (write
// + rename). The server reads it on every request; shells read it when a section loads or is retried.
const fs = require('fs');
const path = require('path');
const { execSync } = require('child_process');
const { remotesTable } = require('./workspaces');
const { incompatibilities, providedVersions } = require('../shell/src/federation/compat');
const { chooseManifest } = require('../shell/src/federation/canary');

const root = path.resolve(__dirname, '..');
const remotesFile = process.env.REMOTES_FILE || path.join(root, 'remotes.json');
const releasesDir = process.env.RELEASES_DIR || path.join(root, 'releases');
const shellManifestFile = process.env.SHELL_MANIFEST || path.join(root, 'shell', 'dist', 'mf-manifest.json');
const NAMES = remotesTable.map((r) => r.name);
const KIT = ['@wms/shared-ui', '@wms/shared-ui/router', '@wms/shared-api', '@wms/shared-api/core'];

function die(message) {
  console.error(message);
  process.exit(1);
}

const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));

function readRemotes() {
  return readJson(remotesFile);
}

/** Write + rename: a request never reads a half-written file, and two releases never interleave their writes. */
function writeAtomically(file, text) {
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
  fs.writeFileSync(tmp, text);
  fs.renameSync(tmp, file);
}

/** The manifest URL in use for everyone (a canary aside). */
function mainUrl(entry) {
  return chooseManifest(entry, '', null);
}

function writeEntry(name, entry) {
  const remotes = readRemotes();
  remotes[name] = entry;
  writeAtomically(remotesFile, JSON.stringify(remotes, null, 2) + '\n');
}

/** The release in use for everyone becomes `url`; a canary running keeps running. */
function pointAt(name, url) {
  const entry = readRemotes()[name];
  const canary = entry && typeof entry === 'object' ? entry.canary : undefined;
  writeEntry(name, canary ? { manifest: url, canary } : url);
  console.log(`remotes.json: ${name} → ${url}${canary ? ` (canary ${canary.manifest} kept)` : ''}`);
}

function shellProvides() {
  if (!fs.existsSync(shellManifestFile)) die(`${shellManifestFile} is missing: build the shell first (npm run build -w shell)`);
  return providedVersions(readJson(shellManifestFile));
}

function describe(problem) {
  return `${problem.package}: the remote needs ${problem.required}, the shell provides ${problem.provided} (it needs a${problem.needs === 'newer' ? ' newer' : 'n older'} portal)`;
}

/** Refuses (exit 1) a build whose manifest does not fit the shell in production. */
function assertCompatible(name, manifestFile, what) {
  const problems = incompatibilities(readJson(manifestFile), shellProvides());
  if (problems.length) {
    die(
      `refused: ${what} of "${name}" is incompatible with the shell in production (${path.relative(root, shellManifestFile)}):\n  ${problems.map(describe).join('\n  ')}`,
    );
  }
}

function defaultLabel(row) {
  const version = readJson(path.join(root, row.package, 'package.json')).version;
  let sha = 'nogit';
  try {
    sha = execSync('git rev-parse --short HEAD', { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {}
  const stamp = new Date().toISOString().replace(/[-:]/g, '').slice(0, 13);
  return `${version}-${sha}-${stamp}`;
}

const devManifest = (row) => path.join(root, row.package, 'dist', 'mf-manifest.json');
const devUrl = (name) => `/mf/${name}/mf-manifest.json`;
const releaseUrl = (name, label) => `/releases/${name}/${label}/mf-manifest.json`;

/** Where a remotes.json URL is on disk, and its label. */
function resolveInUse(row, url) {
  if (url === devUrl(row.name)) return { label: 'dev', manifest: devManifest(row), dir: path.dirname(devManifest(row)) };
  const m = /^\/releases\/([^/]+)\/([^/]+)\/mf-manifest\.json$/.exec(url || '');
  if (m && m[1] === row.name) {
    const dir = path.join(releasesDir, row.name, m[2]);
    return { label: m[2], manifest: path.join(dir, 'mf-manifest.json'), dir };
  }
  return { label: url ? `? ${url}` : '(not listed)', manifest: null, dir: null };
}

function buildTime(dir, manifestFile) {
  const info = path.join(dir, 'release.json');
  if (fs.existsSync(info)) return readJson(info).builtAt;
  return fs.statSync(manifestFile).mtime.toISOString();
}

function status() {
  const remotes = readRemotes();
  const provided = fs.existsSync(shellManifestFile) ? providedVersions(readJson(shellManifestFile)) : null;
  console.log(
    `shell in production: ${
      provided
        ? KIT.filter((k) => provided[k])
            .map((k) => `${k} ${provided[k]}`)
            .join(', ')
        : 'not built'
    }`,
  );
  let bad = 0;
  for (const row of remotesTable) {
    const entry = remotes[row.name];
    const inUse = resolveInUse(row, mainUrl(entry));
    console.log(`\n${row.name} (${row.path}, ${row.team})`);
    console.log(`  release:  ${inUse.label}`);
    const canary = entry && typeof entry === 'object' && entry.canary;
    if (canary) {
      const tried = resolveInUse(row, canary.manifest);
      const fits =
        provided && tried.manifest && fs.existsSync(tried.manifest) ? incompatibilities(readJson(tried.manifest), provided) : null;
      if (fits && fits.length) bad++;
      const who = [
        canary.users && canary.users.length ? `users ${canary.users.join(', ')}` : null,
        `${canary.percent || 0} % of the others`,
      ];
      console.log(
        `  canary:   ${tried.label} for ${who.filter(Boolean).join(' and ')}${fits ? (fits.length ? ' — does NOT fit' : ' — fits') : ''}`,
      );
    }
    if (!inUse.manifest || !fs.existsSync(inUse.manifest)) {
      console.log('  build:    missing');
      bad++;
      continue;
    }
    const manifest = readJson(inUse.manifest);
    console.log(
      `  built:    ${buildTime(inUse.dir, inUse.manifest)} (${manifest.metaData?.buildInfo?.buildName} ${manifest.metaData?.buildInfo?.buildVersion})`,
    );
    const kit = (manifest.shared || [])
      .filter((s) => KIT.includes(s.name))
      .map((s) => `${s.name} ${s.version} (needs ${s.requiredVersion})`);
    console.log(`  kit:      ${kit.join(', ') || 'none'}`);
    if (!provided) continue;
    const problems = incompatibilities(manifest, provided);
    if (problems.length) bad++;
    console.log(`  fits:     ${problems.length ? `NO\n    ${problems.map(describe).join('\n    ')}` : 'yes'}`);
  }
  return bad ? 1 : 0;
}

function main() {
  const args = process.argv.slice(2);
  const from = args.indexOf('--from');
  const fromDir = from >= 0 ? path.resolve(args[from + 1] || die('--from needs a folder')) : null;
  if (from >= 0) args.splice(from, 2);
  const option = (flag) => {
    const i = args.indexOf(flag);
    if (i < 0) return undefined;
    const value = args[i + 1];
    if (value === undefined) die(`${flag} needs a value`);
    args.splice(i, 2);
    return value;
  };
  const percentText = option('--percent');
  const usersText = option('--users');
  const [command, name, label] = args;
  if (command === 'status') process.exit(status());
  const row = remotesTable.find((r) => r.name === name);
  if (!row) die(`usage: remote-release.js publish|rollback|list|canary|promote <${NAMES.join('|')}> [label] | status`);

  if (command === 'publish') {
    const dist = fromDir || path.dirname(devManifest(row));
    const manifestFile = path.join(dist, 'mf-manifest.json');
    if (!fs.existsSync(manifestFile)) die(`${dist} has no build: run npm run build -w ${row.package}`);
    assertCompatible(name, manifestFile, `the build in ${path.relative(root, dist)}`);
    const target = path.join(releasesDir, name, label || defaultLabel(row));
    if (!/^[\w.+-]+$/.test(path.basename(target))) die(`a label is letters, digits and . + - _ only`);
    if (fs.existsSync(target)) die(`${target} exists already: releases are immutable`);
    // Copied into a temporary folder renamed into place: a half-copied release is never visible under its label.
    const partial = `${target}.${process.pid}.partial`;
    fs.cpSync(dist, partial, { recursive: true });
    const builtAt = fs.statSync(manifestFile).mtime.toISOString();
    fs.writeFileSync(
      path.join(partial, 'release.json'),
      JSON.stringify({ label: path.basename(target), builtAt, publishedAt: new Date().toISOString() }, null, 2) + '\n',
    );
    fs.renameSync(partial, target);
    pointAt(name, releaseUrl(name, path.basename(target)));
  } else if (command === 'rollback') {
    if (!label) die('rollback needs the label of a kept release (see list), or "dev" for the current build');
    if (label === 'dev') {
      if (!fs.existsSync(devManifest(row))) die(`${row.package}/dist has no build`);
      assertCompatible(name, devManifest(row), 'the current build');
      pointAt(name, devUrl(name));
    } else {
      const manifest = path.join(releasesDir, name, label, 'mf-manifest.json');
      if (!fs.existsSync(manifest)) die(`no release ${name}/${label}`);
      assertCompatible(name, manifest, `release ${label}`);
      pointAt(name, releaseUrl(name, label));
    }
  } else if (command === 'canary') {
    const current = readRemotes()[name];
    if (!label) die('canary needs the label of a kept release, "dev", or "off"');
    if (label === 'off') {
      writeEntry(name, mainUrl(current));
      console.log(`remotes.json: ${name} → ${mainUrl(current)} for everyone (canary ended)`);
      return;
    }
    const manifest = label === 'dev' ? devManifest(row) : path.join(releasesDir, name, label, 'mf-manifest.json');
    if (!fs.existsSync(manifest)) die(`no release ${name}/${label}`);
    assertCompatible(name, manifest, `release ${label}`);
    const percent = percentText === undefined ? 0 : Number(percentText);
    if (!Number.isInteger(percent) || percent < 0 || percent > 100) die('--percent is a whole number from 0 to 100');
    const users = usersText
      ? usersText
          .split(',')
          .map((u) => u.trim())
          .filter(Boolean)
      : [];
    if (!percent && !users.length) die('a canary needs --percent N and/or --users a,b');
    const canary = { manifest: label === 'dev' ? devUrl(name) : releaseUrl(name, label), percent, users };
    writeEntry(name, { manifest: mainUrl(current), canary });
    console.log(
      `remotes.json: ${name} canary ${canary.manifest} for ${users.length ? `${users.join(', ')} and ` : ''}${percent} % of users`,
    );
  } else if (command === 'promote') {
    const current = readRemotes()[name];
    const canary = current && typeof current === 'object' && current.canary;
    if (!canary) die(`${name} has no canary to promote`);
    const tried = resolveInUse(row, canary.manifest);
    if (!tried.manifest) die(`cannot find the canary's build (${canary.manifest})`);
    assertCompatible(name, tried.manifest, `canary ${tried.label}`);
    writeEntry(name, canary.manifest);
    console.log(`remotes.json: ${name} → ${canary.manifest} for everyone (canary promoted)`);
  } else if (command === 'list') {
    const dir = path.join(releasesDir, name);
    const kept = fs.existsSync(dir)
      ? fs
          .readdirSync(dir)
          .filter((d) => !d.endsWith('.partial'))
          .sort()
      : [];
    console.log(`in use: ${JSON.stringify(readRemotes()[name])}`);
    for (const k of kept) console.log(`  ${k}`);
  } else {
    die(`unknown command ${command}`);
  }
}

main();
