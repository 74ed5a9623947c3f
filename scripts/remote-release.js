#!/usr/bin/env node
// Release or roll back ONE remote without touching the others or the shell:
//   node scripts/remote-release.js publish registry [label]   copy mf-registry/dist to releases/registry/<label>/ and point
//                                                              remotes.json at it (label: version-gitsha-time by default)
//   node scripts/remote-release.js rollback registry <label>   point remotes.json back at a kept release ("dev" = mf-*/dist)
//   node scripts/remote-release.js list registry               kept releases, and the one in use
// The server reads remotes.json on every request and shells fetch it at start-up, so the change is live on the next page load.
const fs = require('fs');
const path = require('path');
const { execSync } = require('child_process');

const root = path.resolve(__dirname, '..');
const remotesFile = process.env.REMOTES_FILE || path.join(root, 'remotes.json');
const releasesDir = path.join(root, 'releases');
const REMOTES = ['registry', 'operations', 'reports', 'users'];

function die(message) {
  console.error(message);
  process.exit(1);
}

function readRemotes() {
  return JSON.parse(fs.readFileSync(remotesFile, 'utf8'));
}

function pointAt(name, url) {
  const remotes = readRemotes();
  remotes[name] = url;
  // Write then rename: a request never reads a half-written file.
  const tmp = `${remotesFile}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(remotes, null, 2) + '\n');
  fs.renameSync(tmp, remotesFile);
  console.log(`remotes.json: ${name} → ${url}`);
}

function defaultLabel(name) {
  const version = require(path.join(root, `mf-${name}`, 'package.json')).version;
  let sha = 'nogit';
  try {
    sha = execSync('git rev-parse --short HEAD', { cwd: root }).toString().trim();
  } catch {}
  const stamp = new Date().toISOString().replace(/[-:]/g, '').slice(0, 13);
  return `${version}-${sha}-${stamp}`;
}

const [command, name, label] = process.argv.slice(2);
if (!REMOTES.includes(name)) die(`usage: remote-release.js publish|rollback|list <${REMOTES.join('|')}> [label]`);

if (command === 'publish') {
  const dist = path.join(root, `mf-${name}`, 'dist');
  if (!fs.existsSync(path.join(dist, 'mf-manifest.json'))) die(`${dist} has no build: run npm run build -w mf-${name}`);
  const target = path.join(releasesDir, name, label || defaultLabel(name));
  if (fs.existsSync(target)) die(`${target} exists already: releases are immutable`);
  fs.cpSync(dist, target, { recursive: true });
  pointAt(name, `/releases/${name}/${path.basename(target)}/mf-manifest.json`);
} else if (command === 'rollback') {
  if (!label) die('rollback needs the label of a kept release (see list), or "dev" for the current build');
  if (label === 'dev') pointAt(name, `/mf/${name}/mf-manifest.json`);
  else if (!fs.existsSync(path.join(releasesDir, name, label, 'mf-manifest.json'))) die(`no release ${name}/${label}`);
  else pointAt(name, `/releases/${name}/${label}/mf-manifest.json`);
} else if (command === 'list') {
  const dir = path.join(releasesDir, name);
  const kept = fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
  console.log(`in use: ${readRemotes()[name]}`);
  for (const k of kept) console.log(`  ${k}`);
} else {
  die(`unknown command ${command}`);
}
