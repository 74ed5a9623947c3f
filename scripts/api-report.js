#!/usr/bin/env node
// The kit's public API as checked-in reports (issue 24), made by API Extractor from the built .d.ts of each entry point.
//
//   npm run api:report   regenerate every report; where the API changed more than the package's version says, bump the
//                        version (added lines → next minor, removed or changed lines → next major; see api-report/compare.js),
//                        add a CHANGELOG entry naming the declarations, and on a major also the dependents' "^X.0.0" ranges.
//                        Then run `npm install` (the lockfile records workspace versions) and commit.
//   npm run api:report -- --no-bump   record the reports for the version package.json says, bumping nothing: only while
//                        that version has never been released (e.g. 1.0.0 on the day it is defined).
//   npm run api:check    CI: fails when a report differs from the checked-in one and the version was not bumped accordingly.
// Both need the packages built (npm run build -w shared-api -w shared-ui).
const fs = require('fs');
const path = require('path');
const { extractReport } = require('./api-report/extract');
const { checkReport, withVersion, declarationNames } = require('./api-report/compare');

const root = path.resolve(__dirname, '..');

/** Every versioned entry point of the kit. shared-api's root entry re-exports its core entry by package name: bundled. */
const ENTRIES = [
  { pkg: 'shared-api', entry: 'dist/index.d.ts', report: 'shared-api', bundledPackages: ['@wms/shared-api'] },
  { pkg: 'shared-ui', entry: 'dist/index.d.ts', report: 'shared-ui' },
  { pkg: 'shared-ui', entry: 'dist/router.d.ts', report: 'router' },
];

const reportFile = (e) => path.join(root, e.pkg, 'etc', `${e.report}.api.md`);
const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));

function fresh(e) {
  return extractReport({ packageDir: path.join(root, e.pkg), entry: e.entry, reportName: e.report, bundledPackages: e.bundledPackages });
}

function check() {
  let failed = 0;
  for (const e of ENTRIES) {
    const file = reportFile(e);
    const { version } = readJson(path.join(root, e.pkg, 'package.json'));
    const result = checkReport({ checkedIn: fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null, fresh: fresh(e), version });
    const where = path.relative(root, file);
    if (result.ok) {
      console.log(
        `ok   ${where}: ${result.change === 'none' ? 'unchanged' : `${result.change} change covered by ${version}${result.stale ? ' (run npm run api:report to record it)' : ''}`}`,
      );
    } else {
      failed++;
      console.log(`FAIL ${where}: ${result.reason}`);
      for (const l of (result.removed || []).slice(0, 15)) console.log(`  - ${l}`);
      for (const l of (result.added || []).slice(0, 15)) console.log(`  + ${l}`);
    }
  }
  if (failed)
    console.log(
      "\nThe kit's API changed without the matching version bump: run `npm run api:report` (bumps, CHANGELOG, reports), then `npm install`, and commit.",
    );
  return failed ? 1 : 0;
}

function today() {
  return new Date().toISOString().slice(0, 10);
}

function addChangelogEntry(pkg, version, added, removed) {
  const file = path.join(root, pkg, 'CHANGELOG.md');
  const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : `# Changelog of @wms/${pkg}\n`;
  const lines = [`## ${version} — ${today()}`, ''];
  const addedNames = declarationNames(added);
  const removedNames = declarationNames(removed);
  if (addedNames.length) lines.push(`- Added or extended: ${addedNames.map((n) => `\`${n}\``).join(', ')}.`);
  if (removedNames.length) lines.push(`- Removed or changed: ${removedNames.map((n) => `\`${n}\``).join(', ')}.`);
  if (!addedNames.length && !removedNames.length) lines.push('- Members of existing declarations changed (see the report diff in etc/).');
  const at = text.search(/^## /m);
  const entry = lines.join('\n') + '\n\n';
  fs.writeFileSync(file, at < 0 ? `${text.trimEnd()}\n\n${entry}` : text.slice(0, at) + entry + text.slice(at));
}

/** Every workspace whose package.json depends on `name`: its range becomes ^version (a major bump). */
function updateDependents(name, version) {
  for (const ws of readJson(path.join(root, 'package.json')).workspaces) {
    const file = path.join(root, ws, 'package.json');
    if (!fs.existsSync(file)) continue;
    const text = fs.readFileSync(file, 'utf8');
    const re = new RegExp(`("${name.replace('/', '\\/')}":\\s*")[^"]*(")`, 'g');
    const next = text.replace(re, `$1^${version}$2`);
    if (next !== text) {
      fs.writeFileSync(file, next);
      console.log(`     ${ws}/package.json: ${name} ^${version}`);
    }
  }
}

function report(noBump) {
  const semver = require(require.resolve('semver', { paths: [path.join(root, 'shell')] }));
  let bumped = false;
  for (const pkg of [...new Set(ENTRIES.map((e) => e.pkg))]) {
    const pkgFile = path.join(root, pkg, 'package.json');
    const pkgJson = readJson(pkgFile);
    const results = ENTRIES.filter((e) => e.pkg === pkg).map((e) => {
      const file = reportFile(e);
      const text = fresh(e);
      const checkedIn = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
      return { e, file, text, result: checkedIn == null ? null : checkReport({ checkedIn, fresh: text, version: pkgJson.version }) };
    });
    // --no-bump: record the API as it is for the version package.json says (only for a version never released yet).
    const needed = noBump ? [] : results.map((r) => r.result && !r.result.ok && r.result.needed).filter(Boolean);
    if (needed.length) {
      const version = needed.sort(semver.rcompare)[0];
      const added = results.flatMap((r) => r.result.added || []);
      const removed = results.flatMap((r) => r.result.removed || []);
      const major = semver.major(version) > semver.major(pkgJson.version);
      fs.writeFileSync(pkgFile, fs.readFileSync(pkgFile, 'utf8').replace(/("version":\s*")[^"]*(")/, `$1${version}$2`));
      pkgJson.version = version;
      addChangelogEntry(pkg, version, added, removed);
      console.log(`bump @wms/${pkg} → ${version} (${major ? 'major' : 'minor'}); CHANGELOG.md entry added`);
      if (major) updateDependents(pkgJson.name, version);
      bumped = true;
    }
    for (const r of results) {
      fs.mkdirSync(path.dirname(r.file), { recursive: true });
      fs.writeFileSync(r.file, withVersion(r.text, pkgJson.version));
      console.log(`wrote ${path.relative(root, r.file)} (${pkgJson.version})`);
    }
  }
  if (bumped)
    console.log('\nVersions changed: run `npm install` (the lockfile records them), then commit package.json, CHANGELOG.md and etc/.');
  return 0;
}

if (require.main === module) {
  try {
    process.exit(process.argv.includes('--check') ? check() : report(process.argv.includes('--no-bump')));
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(2);
  }
}

module.exports = { ENTRIES };
