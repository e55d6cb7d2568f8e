// The browser end-to-end run: starts the whole product (scripts/start.mjs → wrangler dev) on its own
// port with fresh local state, waits until it answers, runs tests/e2e/*.test.ts with `node --test`
// against it, and stops every process of the server again, whatever happens.
//
//   E2E_PORT             port for the server under test (default 8791)
//   E2E_SKIP_BUILD=1     serve the last `astro build` as it is (the caller has just built)
//   E2E_TAP_FILE         where the TAP report goes (default tests/e2e/.results.tap)
//   E2E_START_TIMEOUT_MS how long the server may take to answer (default 90000)
//   CHROMIUM_PATH        the Chromium to drive (default /usr/bin/chromium-headless-shell when it is
//                        installed, else /usr/bin/chromium)
//
// Names given as arguments run only the test files whose name contains one of them
// (`npx node tests/e2e/run.mjs receive-fax`); with none, every file runs.
//
// Run it on Node 24 (`npm run test:e2e`, or `npx node tests/e2e/run.mjs`): the test files are .ts
// files that Node runs by stripping their types. On an older node it hands over to `npx node`.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const e2eDir = dirname(fileURLToPath(import.meta.url));
const root = resolve(e2eDir, '../..');
const port = Number(process.env.E2E_PORT ?? '8791');
const baseUrl = `http://localhost:${port}`;
const tapFile = resolve(root, process.env.E2E_TAP_FILE ?? 'tests/e2e/.results.tap');
const startTimeoutMs = Number(process.env.E2E_START_TIMEOUT_MS ?? '90000');

const nodeMajor = Number(process.versions.node.split('.')[0]);
const node = nodeMajor >= 24 ? { command: process.execPath, args: [] } : { command: 'npx', args: ['node'] };

// Everything this run writes outside the repository lives here: the server's state and output, and
// (through E2E_TMP_DIR) the Chromium profiles of the test files.
const runDir = mkdtempSync(join(tmpdir(), 'fax-e2e-'));
const stateDir = join(runDir, 'state');
const browserTmpDir = join(runDir, 'tmp');
const logPath = join(runDir, 'server.log');
mkdirSync(browserTmpDir);

/** @type {import('node:child_process').ChildProcess | null} */
let server = null;
/** @type {import('node:child_process').ChildProcess | null} */
let tests = null;
/** @type {NodeJS.Signals | null} */
let interrupted = null;
const began = Date.now();

/** @param {string} message */
function log(message) {
  console.log(`[e2e] ${message}`);
}

function serverLogTail(lines = 60) {
  try {
    return readFileSync(logPath, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no server output)';
  }
}

/** @param {number} pgid */
function groupAlive(pgid) {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/** @param {number} ms */
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Stops the server's whole process group (npm, wrangler, workerd): SIGTERM, then SIGKILL. */
async function stopServer() {
  const pgid = server?.pid;
  if (!pgid) return;
  if (groupAlive(pgid)) {
    try {
      process.kill(-pgid, 'SIGTERM');
    } catch {
      // already gone
    }
    const deadline = Date.now() + 5_000;
    while (groupAlive(pgid) && Date.now() < deadline) await sleep(100);
    if (groupAlive(pgid)) {
      log('the server did not stop on SIGTERM; killing it');
      try {
        process.kill(-pgid, 'SIGKILL');
      } catch {
        // already gone
      }
      while (groupAlive(pgid)) await sleep(50);
    }
  }
  server = null;
}

// Last resort if the runner ends some other way: never leave workerd behind.
process.on('exit', () => {
  if (server?.pid && groupAlive(server.pid)) {
    try {
      process.kill(-server.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
});

/** @type {Array<[NodeJS.Signals, number]>} */
const STOP_SIGNALS = [
  ['SIGINT', 130],
  ['SIGTERM', 143],
  ['SIGHUP', 129],
];
for (const [signal, code] of STOP_SIGNALS) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = signal;
    log(`${signal}: stopping`);
    tests?.kill(signal);
    void finish(code);
  });
}

/** @param {string} url */
async function answers(url) {
  try {
    const response = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(5_000) });
    await response.body?.cancel();
    return true;
  } catch {
    return false;
  }
}

async function startServer() {
  if (process.env.E2E_SKIP_BUILD === '1' && !existsSync(join(root, 'dist/client'))) {
    throw new Error('E2E_SKIP_BUILD=1 but there is no build in dist/: run `npx astro build` first.');
  }
  if (await answers(baseUrl)) {
    throw new Error(`Something already answers on ${baseUrl}; stop it or set E2E_PORT to a free port.`);
  }
  const out = createWriteStream(logPath);
  log(`starting the server on ${baseUrl} (output in ${logPath})`);
  const child = spawn(node.command, [...node.args, 'scripts/start.mjs'], {
    cwd: root,
    detached: true, // its own process group, so the whole tree can be stopped at once
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      STATE_DIR: stateDir,
      // Every browser test signs up from this one address; the limits themselves are tested in workerd.
      RATE_LIMIT_MULTIPLIER: '50',
      // Its ~150 sign-ups and their sign-ins at scrypt's full work factor were a large share of the
      // run's CPU; the browser sees the same forms and answers (worker/auth/password.ts).
      PASSWORD_HASHING: 'fast-for-tests',
      // Faxes through the loopback network in about a second a fax, and retries after 1 s, 3 s, 9 s.
      LOOPBACK_MS_PER_PAGE: '300',
      FAX_RETRY_BASE_SECONDS: '1',
      ...(process.env.E2E_SKIP_BUILD === '1' ? { SKIP_BUILD: '1' } : {}),
      FORCE_COLOR: '0',
    },
  });
  server = child;
  child.stdout.pipe(out);
  child.stderr.pipe(out);
  /** @type {number | string | null} */
  let exited = null;
  child.on('exit', (code, signal) => {
    exited = code ?? signal;
  });

  const started = Date.now();
  while (!(await answers(`${baseUrl}/login`))) {
    if (interrupted) throw new Error('interrupted');
    if (exited !== null) throw new Error(`The server exited (${exited}) before answering.`);
    if (Date.now() - started > startTimeoutMs) throw new Error(`The server did not answer within ${startTimeoutMs / 1000} s.`);
    await sleep(250);
  }
  log(`server ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** @returns {Promise<number>} node --test's exit code */
function runTests() {
  const only = process.argv.slice(2);
  const files = readdirSync(e2eDir)
    .filter((name) => name.endsWith('.test.ts'))
    .filter((name) => only.length === 0 || only.some((part) => name.includes(part)))
    .sort()
    .map((name) => relative(root, join(e2eDir, name)));
  mkdirSync(dirname(tapFile), { recursive: true });
  const args = [
    ...node.args,
    '--test',
    '--test-timeout=60000',
    `--test-concurrency=${process.env.E2E_CONCURRENCY ?? '2'}`,
    '--test-reporter=spec',
    '--test-reporter-destination=stdout',
    '--test-reporter=tap',
    `--test-reporter-destination=${tapFile}`,
    ...files,
  ];
  return new Promise((resolvePromise, reject) => {
    const child = spawn(node.command, args, {
      cwd: root,
      stdio: 'inherit',
      // E2E_SERVER_LOG: a test may read what the server printed (e.g. that it logged no error).
      env: { ...process.env, BASE_URL: baseUrl, E2E_TMP_DIR: browserTmpDir, E2E_SERVER_LOG: logPath },
    });
    tests = child;
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      tests = null;
      resolvePromise(code ?? (signal ? 1 : 0));
    });
  });
}

/** Errors the server printed (uncaught exceptions in the Worker, failed jobs): worth a look even when every test passed. */
function serverErrors() {
  let text = '';
  try {
    text = readFileSync(logPath, 'utf8');
  } catch {
    return [];
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: strips the terminal's colour codes
  const plain = text.replace(/\u001b\[[0-9;]*m/g, '');
  return plain
    .split('\n')
    .filter((line) => /\[ERROR\]/.test(line))
    .map((line) => line.trim());
}

/** @type {Promise<never> | null} */
let finishing = null;

/**
 * Stops the server, tidies up and exits; runs once, whether the run ended, failed or was interrupted.
 * @param {number} exitCode
 * @returns {Promise<never>}
 */
function finish(exitCode) {
  finishing ??= (async () => {
    await stopServer();
    // Wait for the test process too (after a signal), so no Chromium outlives the run.
    while (tests) await sleep(50);
    rmSync(browserTmpDir, { recursive: true, force: true });

    const errors = serverErrors();
    if (errors.length > 0) {
      log(`warning: the server logged ${errors.length} error(s) during the run (full output: ${logPath}):`);
      for (const line of [...new Set(errors)].slice(0, 5)) console.log(`[e2e]   ${line}`);
    }
    if (exitCode === 0 || interrupted) rmSync(stateDir, { recursive: true, force: true });
    if (exitCode === 0 && errors.length === 0) rmSync(runDir, { recursive: true, force: true });
    else if (existsSync(runDir)) log(`kept for a look: ${runDir}`);

    const shownTap = tapFile.startsWith(`${root}/`) ? relative(root, tapFile) : tapFile;
    log(`TAP report: ${shownTap}${existsSync(tapFile) ? '' : ' (not written)'}`);
    log(`done in ${((Date.now() - began) / 1000).toFixed(1)} s, exit code ${exitCode}`);
    process.exit(exitCode);
  })();
  return finishing;
}

try {
  await startServer();
  const code = await runTests();
  if (code !== 0 && !interrupted) log(`tests failed; last server output:\n${serverLogTail(40)}`);
  await finish(code);
} catch (err) {
  if (!interrupted) {
    console.error(`[e2e] ${err instanceof Error ? err.message : String(err)}`);
    console.error(`[e2e] server output (${logPath}):\n${serverLogTail()}`);
  }
  await finish(1);
}
