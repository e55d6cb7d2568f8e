// npm test: everything CI checks — lint and format, the import rules, a production build, then two lanes side by side:
// type-check and the unit and integration tests in workerd (one Worker, so about one core, in a session of its own), and
// each page's JavaScript against its budget, the deploy dry run against the Workers limits and the browser tests against
// that build served locally (the rest). Every step runs even when an earlier one failed, so one run reports everything;
// a lane's output is printed whole when its step ends, so the two never interleave. The last line is `N passed, N failed`.
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { run } from './local-env.mjs';

const workDir = mkdtempSync(join(tmpdir(), 'fax-test-'));
const totals = { passed: 0, failed: 0 };
const steps = [];
// Each failed test's name, printed again under the summary: a lane's output can be long, and a
// reader of its tail alone (a CI page) should still learn which test failed.
const failedTests = [];

// Commands started in a session of their own (below), stopped with this run however it ends.
const ownSessions = new Set();
process.on('exit', () => {
  for (const pid of ownSessions) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
});
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
  ['SIGHUP', 129],
]) {
  process.on(signal, () => process.exit(code));
}

/**
 * Runs a command with its output kept in a file, printed whole once it ends (the lanes run at once).
 * `ownSession`: in a session of its own, which Linux schedules as a group beside this one (decision 055).
 */
async function runKept(name, command, args, { ownSession = false, ...options } = {}) {
  const file = join(workDir, `${name.replace(/[^a-z]+/gi, '-')}.log`);
  const fd = openSync(file, 'w');
  let session = 0;
  try {
    await run(command, args, {
      ...options,
      stdio: ['ignore', fd, fd],
      ...(ownSession
        ? {
            detached: true,
            onSpawn: (pid) => {
              session = pid;
              ownSessions.add(pid);
            },
          }
        : {}),
    });
  } finally {
    ownSessions.delete(session);
    closeSync(fd);
    process.stdout.write(`\n── ${name} ──\n${readFileSync(file, 'utf8')}`);
  }
}

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
  for (const [, name] of tap.matchAll(/^\s*not ok \d+ - (.*)$/gm)) failedTests.push(name);
  count(ok, Number(/^# pass (\d+)/m.exec(tap)?.[1] ?? 0), Number(/^# fail (\d+)/m.exec(tap)?.[1] ?? 0));
}

const lintOk = await step('lint and format (Biome)', () => run('npm', ['run', '--silent', 'lint']));
count(lintOk, lintOk ? 1 : 0, 0);

const importsOk = await step('import rules (dependency-cruiser)', () => run('npm', ['run', '--silent', 'lint:imports']));
count(importsOk, importsOk ? 1 : 0, 0);

const architectureTap = join(workDir, 'architecture.tap');
const architectureOk = await step(
  "house rules: forbidden imports fail, R2 only through storage/, the store's migrations current, /v1's OpenAPI document valid",
  () =>
    run('npx', [
      'node',
      '--test',
      '--test-reporter=tap',
      `--test-reporter-destination=${architectureTap}`,
      'tests/architecture/import-rules.test.mjs',
      'tests/architecture/r2-door.test.mjs',
      'tests/architecture/store-migrations.test.mjs',
      'tests/architecture/openapi-v1.test.mjs',
    ]),
);
countTap(architectureOk, architectureTap);

const buildOk = await step('build', () => run('npx', ['astro', 'build']));
count(buildOk, 0, 0);

// The Worker's tests use one core (one workerd, decision in vitest.config.ts); the browser tests the other.
async function workerLane() {
  const typecheckOk = await step('typecheck', () => runKept('typecheck', 'npm', ['run', '--silent', 'typecheck']));
  count(typecheckOk, typecheckOk ? 1 : 0, 0);

  const vitestReport = join(workDir, 'vitest.json');
  const vitestOk = await step('unit and integration tests (workerd)', () =>
    // In a session of its own: beside Chromium's many busy threads these tests, one core's 170 s
    // alone, took 850–980 s; as a scheduling group of their own they get their share (decision 055).
    runKept(
      'unit and integration tests',
      'npx',
      ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`],
      { ownSession: true },
    ),
  );
  if (existsSync(vitestReport)) {
    const report = JSON.parse(readFileSync(vitestReport, 'utf8'));
    for (const file of report.testResults) {
      for (const test of file.assertionResults) {
        if (test.status === 'failed') failedTests.push(`${file.name.replace(`${process.cwd()}/`, '')} › ${test.fullName}`);
      }
    }
    count(vitestOk, report.numPassedTests, report.numFailedTests);
  } else {
    count(vitestOk, 0, 0);
  }
}

async function browserLane() {
  // Bytes, not time: each page's JavaScript in the build against its budget (tests/bench/page-budgets.mjs).
  const budgetsReport = join(workDir, 'js-budgets.json');
  const budgetsOk = buildOk
    ? await step('JavaScript budgets per page (dist/)', () =>
        runKept('JavaScript budgets', 'npx', ['node', 'tests/bench/js-budgets.mjs', `--report=${budgetsReport}`]),
      )
    : false;
  if (existsSync(budgetsReport)) {
    const report = JSON.parse(readFileSync(budgetsReport, 'utf8'));
    count(budgetsOk, report.within, report.over);
  } else {
    count(budgetsOk, 0, 0);
  }

  // The Worker as it would deploy (wrangler deploy --dry-run of this build): its size, raw and gzip,
  // and its start-up, against the Workers limits (scripts/check-production.mjs, docs/deploy.md). In a
  // session of its own: its start-up is sampled CPU, and a sample counts the time a crowded core
  // kept it waiting (beside two busy loops it read 799 ms of the 1,000 ms limit, alone ~300).
  const limitsOk = buildOk
    ? await step('the Worker within the platform limits (deploy dry run)', () =>
        runKept('deploy dry run', 'npx', ['node', 'scripts/check-production.mjs', '--limits-only', '--skip-build', '--out', 'dist'], {
          ownSession: true,
        }),
      )
    : false;
  count(limitsOk, limitsOk ? 1 : 0, 0);

  const tapFile = join(workDir, 'e2e.tap');
  const e2eOk = buildOk
    ? await step('browser tests (Chromium)', () =>
        runKept('browser tests', 'npx', ['node', 'tests/e2e/run.mjs'], { env: { E2E_SKIP_BUILD: '1', E2E_TAP_FILE: tapFile } }),
      )
    : false;
  countTap(e2eOk, tapFile);
}

const started = Date.now();
await Promise.all([workerLane(), browserLane()]);

console.log('\nSummary');
for (const s of steps) console.log(`  ${s.ok ? '✓' : '✗'} ${s.name} (${s.seconds} s)`);
for (const name of failedTests) console.log(`    ✗ ${name}`);
console.log(`  both lanes together: ${((Date.now() - started) / 1000).toFixed(1)} s`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed === 0 && steps.every((s) => s.ok) ? 0 : 1);
