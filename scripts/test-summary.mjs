// Prints the closing line of `npm test`: "N passed, N failed[, N skipped]" over the static checks, Vitest and
// Playwright, and exits 1 when anything failed (or a runner crashed without writing its report).
import fs from 'node:fs';
import path from 'node:path';

const [dir, vitestRc, playwrightRc] = process.argv.slice(2);
let passed = 0,
  failed = 0,
  skipped = 0;

// The static checks (type checks, lint, format, import rules; scripts/test.sh): "failed total".
const [checksFailed, checksRun] = fs
  .readFileSync(path.join(dir, 'checks-failed'), 'utf8')
  .trim()
  .split(' ')
  .map(Number);
passed += checksRun - checksFailed;
failed += checksFailed;

const read = (name) => {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8'));
  } catch {
    return null;
  }
};

const vitest = read('vitest.json');
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  skipped += vitest.numPendingTests + (vitest.numTodoTests ?? 0);
  // A suite that failed to load counts as a failure even when it had no test to report.
  failed += vitest.testResults.filter((r) => r.status === 'failed' && r.assertionResults.length === 0).length;
  // A runner that stopped with an error of its own (configuration, unhandled error) fails the run.
  if (vitestRc !== '0' && vitest.numFailedTests === 0) failed += 1;
} else if (vitestRc !== '0') failed += 1;

const playwright = read('playwright.json');
if (playwright?.stats) {
  passed += playwright.stats.expected + playwright.stats.flaky;
  failed += playwright.stats.unexpected;
  skipped += playwright.stats.skipped;
  if (playwright.errors?.length && playwright.stats.unexpected === 0) failed += playwright.errors.length;
} else if (playwrightRc !== '0') failed += 1;

if (failed === 0 && (vitestRc !== '0' || playwrightRc !== '0')) failed += 1;
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
