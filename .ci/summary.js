#!/usr/bin/env node
// Adds up Jest JSON reports, the smoke test's report and Playwright's JSON report into CI's closing line.
const fs = require('fs');
let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of process.argv.slice(2)) {
  if (!fs.existsSync(file)) {
    console.log(`missing report: ${file}`);
    failed += 1;
    continue;
  }
  const r = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (typeof r.numPassedTests === 'number') {
    // Jest; a suite that failed to run counts as a failure even if it has no test results.
    passed += r.numPassedTests;
    failed += r.numFailedTests + (r.numRuntimeErrorTestSuites || 0);
    skipped += r.numPendingTests + (r.numTodoTests || 0);
  } else if (r.stats && typeof r.stats.expected === 'number') {
    // Playwright
    passed += r.stats.expected + (r.stats.flaky || 0);
    failed += r.stats.unexpected + (r.errors ? r.errors.length : 0);
    skipped += r.stats.skipped;
  } else if (typeof r.passed === 'number') {
    passed += r.passed;
    failed += r.failed;
  }
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
