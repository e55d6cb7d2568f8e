// Fuzzing (decision 029): at least 10,000 requests generated from each /api route's own zod schemas and
// mutations of them (tests/support/fuzz/), signed in and out, from this site and from elsewhere,
// webhooks signed, unsigned and wrongly signed, sent over HTTP to the running local server. Prints
// how many of each answer came back and every 5xx or undocumented answer; exits 1 on any.
//   node tests/bench/fuzz.mjs     (BENCH_PORT, default 8797; FUZZ_REQUESTS, default 10000;
//                                  FUZZ_SEED, default random and printed; FUZZ_CONNECTIONS, default 6;
//                                  needs `npx astro build`; a few minutes)
//
// The generators are TypeScript shared with the seeded test (tests/integration/api-fuzz.test.ts);
// esbuild (installed with wrangler) bundles them with the app, whose routes they are read off.
// The local server raises its abuse limits 1000-fold (RATE_LIMIT_MULTIPLIER, refused in
// production): every request comes from this one address, and limits are not what is fuzzed.

import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { startLocalServer } from '../support/local-server.mjs';
import { signUp, uploadOnePage } from './bench-accounts.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 8797);
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 10_000);
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const CONNECTIONS = Number(process.env.FUZZ_CONNECTIONS ?? 6);
const root = fileURLToPath(new URL('../..', import.meta.url));
process.env.LOOPBACK_MS_PER_PAGE ??= '0';

const progress = (step) => process.stderr.write(`[fuzz bench] ${step}\n`);

/** The fuzz modules and the app, bundled for Node; the Durable Object base class stubbed (no object runs here). */
async function importFuzz() {
  const dir = await mkdtemp(join(tmpdir(), 'fax-fuzz-'));
  try {
    const stub = join(dir, 'cloudflare-workers.mjs');
    await writeFile(
      stub,
      'export class DurableObject { constructor(ctx, env) { this.ctx = ctx; this.env = env; } }\nexport const env = {};\n',
    );
    const outfile = join(dir, 'fuzz.mjs');
    await build({
      entryPoints: [join(root, 'tests/support/fuzz/index.ts')],
      bundle: true,
      format: 'esm',
      platform: 'node',
      outfile,
      logLevel: 'error',
      alias: { 'cloudflare:workers': stub },
    });
    return await import(pathToFileURL(outfile).href);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** KEY=value lines of the local server's .dev.vars (npm start writes it), for the webhook keys. */
async function devVars() {
  const text = await readFile(join(root, '.dev.vars'), 'utf8');
  return Object.fromEntries(
    text
      .split('\n')
      .filter((line) => /^[A-Z_]+=/.test(line))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
}

const fuzz = await importFuzz();
const { fc } = fuzz;
const docs = fuzz.readDocumentedAnswers(await readFile(join(root, 'docs/api.md'), 'utf8'));
const routes = fuzz.fuzzRoutes(fuzz.createApp());
progress(`${routes.length} routes read off the app; seed ${SEED}`);

const server = await startLocalServer({ port: PORT, label: 'fuzz-bench', rateLimitMultiplier: 1000 });
const base = server.url;
const vars = await devVars();
const ids = [];
let accounts = 0;

/**
 * A new confirmed account; the first and every tenth also get a document and a sent fax, whose
 * ids join the pool the generators draw from (the others' find them someone else's).
 */
async function newSession() {
  accounts += 1;
  const headers = await signUp(base, `fuzz-${accounts}`);
  if (accounts % 10 !== 1) return headers.cookie;
  const fileId = await uploadOnePage(base, headers);
  const sent = await fetch(`${base}/api/sendFax`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ toNumber: '+1 312 555 0190', fileId, coverpage: false, pageCount: 1, anonymous: false }),
  });
  const { faxId } = await sent.json();
  ids.splice(0, ids.length, fileId, faxId, ...ids.slice(0, 4));
  return headers.cookie;
}

const target = {
  baseUrl: base,
  keys: { loopback: JSON.parse(vars.LOOPBACK_SIGNING_KEY), 'local-payments': vars.LOCAL_PAYMENTS_WEBHOOK_SECRET },
  send: (request) => fetch(request, { redirect: 'manual' }),
  newSession,
};

const tally = new Map();
const byStatus = new Map();
const problems = new Map();
let sent = 0;
let failures = 0;
let sessions = 0;
const started = performance.now();
try {
  // The first account's ids are in the pool before the requests are drawn.
  const state = { cookie: await newSession(), sessionsUsed: 0 };
  const requests = fc.sample(
    fc.constantFrom(...routes).chain((route) => fuzz.requestArbitrary(route, { ids }).map((generated) => ({ route, generated }))),
    { numRuns: REQUESTS, seed: SEED },
  );
  // Drawing takes seconds, and a connection left idle that long is closed by the local server under
  // fetch's feet ("other side closed": the client's keep-alive, not what is fuzzed). Two rounds of
  // the no-op over every connection drop such connections before the run.
  for (let round = 0; round < 2; round++) {
    await Promise.all(
      Array.from({ length: CONNECTIONS }, () =>
        fetch(`${base}/api/ping`).then(
          (r) => r.body?.cancel(),
          () => null,
        ),
      ),
    );
  }
  progress(`${requests.length} requests generated; sending them over ${CONNECTIONS} connections`);
  const worker = async () => {
    for (;;) {
      const next = requests.pop();
      if (!next) return;
      let result;
      try {
        result = await fuzz.sendFuzzRequest(target, state, docs, next.route, next.generated);
      } catch (error) {
        // fetch's own words are "fetch failed"; what happened to the connection is in its cause.
        const cause = error.cause ? ` (${error.cause.code ?? ''} ${error.cause.message ?? error.cause})` : '';
        result = { answer: 'connection error', status: 0, problem: `${next.route.key}: ${error.message}${cause}` };
      }
      sent += 1;
      tally.set(result.answer, (tally.get(result.answer) ?? 0) + 1);
      const statusKey = result.status === 0 ? 'error' : String(result.status);
      byStatus.set(statusKey, (byStatus.get(statusKey) ?? 0) + 1);
      if (result.problem) {
        failures += 1;
        if (!problems.has(result.problem)) problems.set(result.problem, JSON.stringify(next.generated).slice(0, 400));
      }
      if (sent % 1000 === 0) progress(`${sent} sent`);
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  sessions = state.sessionsUsed;
} finally {
  await server.stop();
}

const seconds = (performance.now() - started) / 1000;
console.log(
  `\nFuzz: ${sent} generated requests over ${routes.length} routes in ${seconds.toFixed(0)} s (seed ${SEED}, ${CONNECTIONS} connections, ${sessions} fresh accounts after a session ended)`,
);
console.log(
  '  by status:',
  [...byStatus.entries()]
    .sort()
    .map(([status, count]) => `${status}×${count}`)
    .join('  '),
);
console.log('  by answer:');
for (const line of fuzz.tallyLines(tally)) console.log(`    ${line}`);
if (problems.size > 0) {
  console.error(`\n${failures} answer(s) broke a rule (each kind once, with the request that showed it):`);
  for (const [problem, example] of problems) console.error(`  ${problem}\n    after ${example}`);
  process.exitCode = 1;
} else {
  console.log('  no 5xx, every answer documented in docs/api.md, every cross-site change refused, no unsigned webhook accepted');
}
