#!/usr/bin/env node
// The API's OpenAPI document, linted (issue 29): builds the server in-process on an empty embedded database (PGlite in
// memory), writes what GET /api/openapi.json answers to .ci/out/openapi.json (or the path given), and runs Redocly's
// `lint` on it with redocly.yaml (the recommended ruleset). Exit 1 on any error OR warning, each printed with its rule and
// place. Needs no build: the server and shared-api are read from their TypeScript sources (tsx, and the workspace
// mapping the Jest preset uses).
//
//   npm run lint:openapi                    # CI runs it after the typecheck
//   node scripts/openapi-lint.js /tmp/api.json
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const Module = require('node:module');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const out = path.resolve(process.argv[2] ?? path.join(root, '.ci/out/openapi.json'));

/** '@wms/shared-api' and friends from source, as in Jest (jest/preset.js workspaceSources). */
function mapWorkspaceSources() {
  const { workspaceSources } = require('../jest/preset');
  const rules = Object.entries(workspaceSources).map(([pattern, file]) => [new RegExp(pattern), file]);
  const resolve = Module._resolveFilename;
  Module._resolveFilename = function (request, ...rest) {
    const hit = rules.find(([re]) => re.test(request));
    return resolve.call(this, hit ? hit[1] : request, ...rest);
  };
}

async function writeDocument() {
  require('tsx/cjs/api').register();
  mapWorkspaceSources();
  const { openDb } = require('../server/src/db');
  const { buildApp } = require('../server/src/app');
  const db = await openDb({ inMemory: true });
  try {
    const app = await buildApp({ db });
    const res = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    await app.close();
    if (res.statusCode !== 200) throw new Error(`GET /api/openapi.json answered ${res.statusCode}: ${res.body}`);
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, JSON.stringify(res.json(), null, 2) + '\n');
  } finally {
    await db.close();
  }
}

function lint() {
  const cli = path.join(path.dirname(require.resolve('@redocly/cli/package.json')), 'bin/cli.js');
  const run = spawnSync(process.execPath, [cli, 'lint', out, '--format', 'json', '--max-problems', '10000'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  let report;
  try {
    report = JSON.parse(run.stdout);
  } catch {
    process.stderr.write(run.stdout + run.stderr);
    throw new Error(`redocly lint gave no JSON report (exit ${run.status})`);
  }
  const { errors, warnings, ignored } = report.totals;
  for (const p of report.problems) {
    const where = p.location?.[0]?.pointer ?? '';
    console.log(`${p.severity} ${p.ruleId}: ${p.message} ${where}`);
  }
  const rel = path.relative(root, out);
  console.log(`OpenAPI lint of ${rel}: ${errors} errors, ${warnings} warnings (${ignored} ignored by .redocly.lint-ignore.yaml)`);
  return errors + warnings === 0 && run.status === 0;
}

writeDocument()
  .then(() => process.exit(lint() ? 0 : 1))
  .catch((err) => {
    console.error(err);
    process.exit(1);
  });
