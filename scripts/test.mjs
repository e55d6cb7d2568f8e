// npm test: everything CI checks, in order — lint and format, the import rules, type-check, unit and integration tests in workerd,
// a production build, each page's JavaScript against its budget, and browser tests against that build served locally. Every step runs even
// when an earlier one failed, so one run reports everything; the last line is `N passed, N failed`.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { run } from './local-env.mjs';

const workDir = mkdtempSync(join(tmpdir(), 'fax-test-'));
const totals = { passed: 0, failed: 0 };
const steps = [];

async function step(name, fn) {
  const started = Date.now();
  let ok = true;
  try {
    await fn();
  } catch (err) {
    ok = false;
    console.error(`\n✗ ${name}: ${err.message}`);
  }
  steps.push({ name, ok, seconds: ((Date.now() - started) / 1000).toFixed(1) });
  return ok;
}

/** Adds a runner's own counts; a runner that failed without counting anything counts as one failure. */
function count(ok, passed, failed) {
  totals.passed += passed;
  totals.failed += failed;
  if (!ok && failed === 0) totals.failed += 1;
}

/** Counts a node:test TAP report's `# pass N` / `# fail N` lines. */
function countTap(ok, file) {
  if (!existsSync(file)) return count(ok, 0, 0);
  const tap = readFileSync(file, 'utf8');
  count(ok, Number(/^# pass (\d+)/m.exec(tap)?.[1] ?? 0), Number(/^# fail (\d+)/m.exec(tap)?.[1] ?? 0));
}

const lintOk = await step('lint and format (Biome)', () => run('npm', ['run', '--silent', 'lint']));
count(lintOk, lintOk ? 1 : 0, 0);

const importsOk = await step('import rules (dependency-cruiser)', () => run('npm', ['run', '--silent', 'lint:imports']));
count(importsOk, importsOk ? 1 : 0, 0);

const architectureTap = join(workDir, 'architecture.tap');
const architectureOk = await step("house rules: forbidden imports fail, R2 only through storage/, the store's migrations current", () =>
  run('npx', [
    'node',
    '--test',
    '--test-reporter=tap',
    `--test-reporter-destination=${architectureTap}`,
    'tests/architecture/import-rules.test.mjs',
    'tests/architecture/r2-door.test.mjs',
    'tests/architecture/store-migrations.test.mjs',
  ]),
);
countTap(architectureOk, architectureTap);

const typecheckOk = await step('typecheck', () => run('npm', ['run', '--silent', 'typecheck']));
count(typecheckOk, typecheckOk ? 1 : 0, 0);

const vitestReport = join(workDir, 'vitest.json');
const vitestOk = await step('unit and integration tests (workerd)', () =>
  run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`]),
);
if (existsSync(vitestReport)) {
  const report = JSON.parse(readFileSync(vitestReport, 'utf8'));
  count(vitestOk, report.numPassedTests, report.numFailedTests);
} else {
  count(vitestOk, 0, 0);
}

const buildOk = await step('build', () => run('npx', ['astro', 'build']));
count(buildOk, 0, 0);

// Bytes, not time: each page's JavaScript in the build against its budget (tests/bench/page-budgets.mjs).
const budgetsReport = join(workDir, 'js-budgets.json');
const budgetsOk = buildOk
  ? await step('JavaScript budgets per page (dist/)', () => run('npx', ['node', 'tests/bench/js-budgets.mjs', `--report=${budgetsReport}`]))
  : false;
if (existsSync(budgetsReport)) {
  const report = JSON.parse(readFileSync(budgetsReport, 'utf8'));
  count(budgetsOk, report.within, report.over);
} else {
  count(budgetsOk, 0, 0);
}

const tapFile = join(workDir, 'e2e.tap');
const e2eOk = buildOk
  ? await step('browser tests (Chromium)', () =>
      run('npx', ['node', 'tests/e2e/run.mjs'], { env: { E2E_SKIP_BUILD: '1', E2E_TAP_FILE: tapFile } }),
    )
  : false;
countTap(e2eOk, tapFile);

console.log('\nSummary');
for (const s of steps) console.log(`  ${s.ok ? '✓' : '✗'} ${s.name} (${s.seconds} s)`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed === 0 && steps.every((s) => s.ok) ? 0 : 1);
