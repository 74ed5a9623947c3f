#!/usr/bin/env node
// Builds only the packages whose sources changed since their last build (libraries first, then the apps, two at a time).
const { spawn } = require('child_process');
const { root, stalePackages, markBuilt } = require('./workspaces');

function run(name) {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const child = spawn('npm', ['run', 'build', '-w', name], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('exit', (code) => {
      if (code === 0) {
        markBuilt(name);
        console.log(`  built ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
        resolve();
      } else {
        process.stderr.write(output);
        reject(new Error(`build of ${name} failed`));
      }
    });
  });
}

async function buildStale() {
  const stale = stalePackages();
  if (stale.length === 0) return;
  console.log(`Building ${stale.map((p) => p.name).join(', ')} …`);
  const done = new Set();
  const pending = [...stale];
  const staleNames = new Set(stale.map((p) => p.name));
  const running = new Map();
  // A package starts once every stale package it builds on is done; at most two builds at once (2-core machines).
  while (pending.length || running.size) {
    const ready = pending.filter((p) => p.deps.every((d) => !staleNames.has(d) || done.has(d)));
    while (ready.length && running.size < 2) {
      const pkg = ready.shift();
      pending.splice(pending.indexOf(pkg), 1);
      running.set(
        pkg.name,
        run(pkg.name).then(() => pkg.name),
      );
    }
    const finished = await Promise.race(running.values());
    running.delete(finished);
    done.add(finished);
  }
}

module.exports = { buildStale };

if (require.main === module) {
  buildStale().catch((err) => {
    console.error(err.message);
    process.exit(1);
  });
}
