// The rule of the API-report check (issue 24), as pure functions so a test can feed it fixtures.
//
// A checked-in report (`<package>/etc/<name>.api.md`) is API Extractor's report with one first line added:
//   <!-- api-report-version: 1.4.0 -->   the package.json version the report was made for.
// Comparing the API lines of the checked-in report (O, made for version R) with a fresh one (N):
// - no line differs                                → nothing to do;
// - lines only added (new exports, new members)    → "minor": the package's version must be at least R's next minor;
// - any line removed or changed (a removed export, a changed signature, a renamed member) → "major": at least R's next major.
// Lines are compared as a multiset, blank lines and `import` lines ignored (they follow the types used, not the API).
// The check passes when the package.json version covers the change; `npm run api:report` writes the fresh report with
// the version it was made for, after bumping package.json when the version does not cover the change yet.
const path = require('path');
// semver as pinned for the shell's compatibility check (shell/package.json), not the older copy hoisted to the root.
const semver = require(require.resolve('semver', { paths: [path.join(__dirname, '..', '..', 'shell')] }));

const HEADER = /^<!-- api-report-version: (\S+) -->\n/;

function withVersion(report, version) {
  return `<!-- api-report-version: ${version} -->\n${stripVersion(report)}`;
}

function recordedVersion(report) {
  const m = HEADER.exec(report);
  return m ? m[1] : null;
}

function stripVersion(report) {
  return report.replace(HEADER, '');
}

/** The API lines of a report: those of its ```ts block, trimmed at the end, without blank and import lines. */
function apiLines(report) {
  const text = stripVersion(report);
  const start = text.indexOf('```ts');
  const end = text.lastIndexOf('```');
  const body = start >= 0 && end > start ? text.slice(start + 5, end) : text;
  return body
    .split('\n')
    .map((l) => l.replace(/\s+$/, ''))
    .filter((l) => l !== '' && !/^import /.test(l) && !/^\/\/ \(No @packageDocumentation comment/.test(l));
}

function counts(lines) {
  const m = new Map();
  for (const l of lines) m.set(l, (m.get(l) || 0) + 1);
  return m;
}

/** What changed between two reports: 'none' | 'minor' | 'major', with the lines added and removed. */
function classify(oldReport, newReport) {
  const before = counts(apiLines(oldReport));
  const after = counts(apiLines(newReport));
  const added = [];
  const removed = [];
  for (const [line, n] of after) for (let i = before.get(line) || 0; i < n; i++) added.push(line);
  for (const [line, n] of before) for (let i = after.get(line) || 0; i < n; i++) removed.push(line);
  const change = removed.length ? 'major' : added.length ? 'minor' : 'none';
  return { change, added, removed };
}

/** The lowest version that covers `change` from `recorded` (null: no bump needed). */
function requiredVersion(recorded, change) {
  if (change === 'none') return null;
  return semver.inc(recorded, change);
}

/**
 * The check of one report: ok, or why not.
 * @param {{ checkedIn: string | null, fresh: string, version: string }} args version: the package.json version now
 */
function checkReport({ checkedIn, fresh, version }) {
  if (checkedIn == null) return { ok: false, change: 'new', reason: 'no checked-in report: run npm run api:report' };
  const recorded = recordedVersion(checkedIn);
  if (!recorded || !semver.valid(recorded)) return { ok: false, change: 'unknown', reason: 'the checked-in report records no version' };
  const { change, added, removed } = classify(checkedIn, fresh);
  const needed = requiredVersion(recorded, change);
  if (!needed) return { ok: true, change, added, removed, recorded };
  if (semver.valid(version) && semver.gte(version, needed)) return { ok: true, change, added, removed, recorded, needed, stale: true };
  return {
    ok: false,
    change,
    added,
    removed,
    recorded,
    needed,
    reason: `the API changed (${change === 'major' ? 'removed or changed lines: a major change' : 'added lines only: a minor change'}) since ${recorded} but the version is ${version}: it must be at least ${needed}`,
  };
}

/** Names of the declarations in some report lines (`export function Foo(` → Foo), for a CHANGELOG entry. */
function declarationNames(lines) {
  const names = new Set();
  for (const l of lines) {
    const m = /^export (?:declare )?(?:abstract )?(?:function|const|let|class|interface|type|enum|namespace) ([\w$]+)/.exec(l);
    if (m) names.add(m[1]);
  }
  return [...names];
}

module.exports = { withVersion, recordedVersion, stripVersion, apiLines, classify, requiredVersion, checkReport, declarationNames };
