// `npm test`: everything CI checks, in order, fail-fast, ending with one summary line.
// Plain Node with no dependencies, because it runs before `npm install`.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureInstalled, root, run, runNpm, section } from './lib/workspace.mjs';

const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(0)}s`;

ensureInstalled();

for (const script of ['lint', 'typecheck', 'format:check', 'build']) {
  section(`npm run ${script}  (${elapsed()})`);
  const failed = runNpm(['run', script]);
  if (failed !== 0) stop(`npm run ${script} failed`, failed);
}

section(`chromium  (${elapsed()})`);
process.env.CHROME_PATH = findOrInstallChromium();
console.log(`using ${process.env.CHROME_PATH}`);

section(`vitest: unit, integration, browser  (${elapsed()})`);
const reportDir = mkdtempSync(join(tmpdir(), 'gatehouse-test-'));
const reportFile = join(reportDir, 'vitest.json');
const code = run(join(root, 'node_modules/.bin/vitest'), [
  'run',
  '--pool=forks',
  '--maxWorkers=2',
  '--reporter=default',
  '--reporter=json',
  `--outputFile=${reportFile}`,
]);
const { line, failed, notices } = summarise(reportFile);
rmSync(reportDir, { recursive: true, force: true });
console.log(`\nfinished in ${elapsed()}`);
// Projects that could not run (server-pg and e2e-pg without PostgreSQL + Redis) say why, once each.
for (const notice of notices) console.log(notice);
// The last line is the summary, whatever happened above.
console.log(line);
process.exit(code !== 0 ? code : failed > 0 ? 1 : 0);

/** CHROME_PATH, else a known system path, else (root on Debian) apt-get, else stop with the fix. */
function findOrInstallChromium() {
  const candidates = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
  const configured = process.env.CHROME_PATH;
  if (configured) {
    if (existsSync(configured)) return configured;
    fail(`CHROME_PATH=${configured} does not exist; point it at a Chromium or Chrome binary.`);
  }
  const found = candidates.find((path) => existsSync(path));
  if (found) return found;
  if (existsSync('/etc/debian_version') && process.getuid?.() === 0) {
    console.log('no Chromium found; installing Debian’s chromium package');
    const failed = run('sh', ['-c', 'apt-get update && apt-get install -y chromium']);
    if (failed === 0 && existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  }
  fail(
    'Chromium not found: install it (Debian/Ubuntu: `sudo apt-get install chromium`) or set CHROME_PATH to a Chrome binary.',
  );
}

function fail(message) {
  console.error(message);
  stop('no Chromium', 1);
}

/** Fail-fast stop that still ends with the summary line CI reads (the step counts as one failure). */
function stop(reason, code) {
  console.error(`\n✗ ${reason} (exit code ${code}) after ${elapsed()}; the tests did not run`);
  console.log(`test: 0 passed, 1 failed (${reason})`);
  process.exit(code || 1);
}

/**
 * `test: N passed, N failed[, N skipped]` from vitest's JSON report, and the names of the notices that
 * stand in for a project that could not run (apps/server/src/test-support/stores-unavailable.notice.ts).
 */
function summarise(file) {
  if (!existsSync(file)) {
    return { line: 'test: 0 passed, 1 failed (vitest wrote no report)', failed: 1, notices: [] };
  }
  /** @type {{testResults: {name: string, status: string, assertionResults: {status: string, title: string}[]}[]}} */
  const report = JSON.parse(readFileSync(file, 'utf8'));
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  const notices = new Set();
  for (const testFile of report.testResults) {
    let failedHere = 0;
    for (const test of testFile.assertionResults) {
      if (test.status === 'passed') passed++;
      else if (test.status === 'failed') failedHere++;
      else skipped++; // pending, skipped, todo
      if (testFile.name.endsWith('.notice.ts')) notices.add(test.title);
    }
    // A file that failed to load (syntax error, failing hook) has no failed test of its own: count it once.
    if (testFile.status === 'failed' && failedHere === 0) failedHere = 1;
    failed += failedHere;
  }
  return {
    line: `test: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`,
    failed,
    notices: [...notices],
  };
}
