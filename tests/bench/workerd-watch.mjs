// What happens inside the local workerd while a bench step runs, told apart by who does it (decision
// 041). workerd writes an async trace (`--async-trace`): every turn, the stretch for which one
// worker held the thread, with the worker's name. Locally the R2 and D1 stand-ins, the queues and
// wrangler's own workers run in that same workerd, on that same thread, beside our Worker
// ("fax-service"), so the longest turn of each says whose work kept a request waiting. Memory is our
// Worker's own isolate as V8 counts it (the JavaScript heap and the ArrayBuffers it holds), read
// through the inspector, with garbage not yet collected: the stand-ins' memory is not in it.
import { mkdirSync, openSync, readdirSync, readSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/** The workerd binary wrangler runs (its own miniflare's). */
function realWorkerd() {
  const require = createRequire(import.meta.url);
  const miniflare = createRequire(require.resolve('wrangler/package.json')).resolve('miniflare/package.json');
  const workerd = createRequire(miniflare)('workerd');
  return workerd.default ?? workerd;
}

/**
 * Environment for a local server (or wrangler's unstable_startWorker) whose workerd processes each
 * write their trace into `dir`; read them with `traceReader(dir)`.
 */
export function tracedWorkerdEnv(dir) {
  mkdirSync(dir, { recursive: true });
  const wrapper = join(dir, 'workerd-traced.sh');
  // miniflare runs `<MINIFLARE_WORKERD_PATH> serve …`: the same, with a trace per process.
  writeFileSync(wrapper, `#!/bin/sh\nshift\nexec "${realWorkerd()}" serve --async-trace "${dir}/trace-$$.jsonl" "$@"\n`, { mode: 0o755 });
  return { MINIFLARE_WORKERD_PATH: wrapper };
}

/** Who a turn's worker is, in the bench's words. */
function whose(worker, ours) {
  if (worker === `core:user:${ours}`) return 'our Worker';
  if (worker.startsWith('r2:')) return 'R2 stand-in';
  if (worker.startsWith('d1:')) return 'D1 stand-in';
  return 'other local machinery';
}

/**
 * Reads the traces as they grow. `turns(fromMs, toMs)` answers, for each party, the longest turn
 * and the time it held the thread in all, between two wall-clock times (Date.now()).
 */
export function traceReader(dir, ours = 'fax-service') {
  const files = new Map();
  const turns = [];
  function readMore() {
    for (const name of readdirSync(dir)) {
      if (!name.startsWith('trace-')) continue;
      let file = files.get(name);
      if (!file) {
        file = { fd: openSync(join(dir, name), 'r'), offset: 0, rest: '', epochMs: 0, workers: new Map() };
        files.set(name, file);
      }
      const buffer = Buffer.alloc(4 * 1024 * 1024);
      for (;;) {
        const read = readSync(file.fd, buffer, 0, buffer.length, file.offset);
        if (read === 0) break;
        file.offset += read;
        const lines = (file.rest + buffer.toString('utf8', 0, read)).split('\n');
        file.rest = lines.pop();
        for (const line of lines) readLine(file, line);
      }
    }
  }
  function readLine(file, line) {
    // Only three kinds of line matter; the rest is skipped unparsed (traces run to 100 MB).
    if (line.startsWith('{"e":"turn"')) {
      const turn = JSON.parse(line);
      const worker = file.workers.get(turn.ctx);
      if (worker) turns.push({ at: file.epochMs + turn.locked / 1e6, ms: (turn.end - turn.locked) / 1e6, who: whose(worker, ours) });
    } else if (line.startsWith('{"e":"ctx",')) {
      const ctx = JSON.parse(line);
      file.workers.set(ctx.ctx, ctx.worker);
    } else if (line.startsWith('{"e":"header"')) {
      file.epochMs = JSON.parse(line).epochUnixMs;
    }
  }
  return {
    turns(fromMs, toMs) {
      readMore();
      const figures = {};
      for (const turn of turns) {
        if (turn.at < fromMs || turn.at > toMs) continue;
        figures[turn.who] ??= { longest: 0, busy: 0 };
        const party = figures[turn.who];
        party.longest = Math.max(party.longest, turn.ms);
        party.busy += turn.ms;
      }
      // What was read is not needed again: steps are read in order.
      turns.splice(0, turns.findLastIndex((turn) => turn.at <= toMs) + 1);
      return figures;
    },
  };
}

/** "our Worker longest 38 ms (busy 4.1 s) · R2 stand-in longest 220 ms (busy 9.8 s) · …" */
export function describeTurns(figures) {
  const order = ['our Worker', 'R2 stand-in', 'D1 stand-in', 'other local machinery'];
  return order
    .filter((who) => figures[who])
    .map((who) => `${who} longest ${figures[who].longest.toFixed(0)} ms (busy ${(figures[who].busy / 1000).toFixed(1)} s)`)
    .join(' · ');
}

/** How long an inspector call may take: a collection of a few hundred MB takes well under a second. */
const INSPECTOR_CALL_MS = 30_000;

/**
 * Our Worker's isolate through the inspector at `inspectorUrl` (http://host:port): `sample()` reads
 * its V8 heap (used) plus the ArrayBuffers outside it, in bytes; `collect(nudge)` has V8 collect its
 * garbage now, so that a step starts from what is alive, not from what the step before left.
 */
export async function isolateMemory(inspectorUrl) {
  const targets = await (await fetch(`${inspectorUrl}/json`)).json();
  const target = targets.find((t) => t.webSocketDebuggerUrl) ?? null;
  if (!target) throw new Error(`no inspector target at ${inspectorUrl}`);
  // The inspector proxy takes connections from a local page only.
  const socket = new WebSocket(target.webSocketDebuggerUrl, { headers: { origin: 'http://localhost' } });
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true });
    socket.addEventListener('error', reject, { once: true });
  });
  let next = 1;
  const waiting = new Map();
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(event.data);
    waiting.get(message.id)?.(message);
    waiting.delete(message.id);
  });
  // An answer that never comes fails the bench with the call's name rather than hanging it.
  const call = (method) =>
    new Promise((resolve, reject) => {
      const id = next++;
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new Error(`the inspector did not answer ${method} within ${INSPECTOR_CALL_MS / 1000} s`));
      }, INSPECTOR_CALL_MS);
      waiting.set(id, (message) => {
        clearTimeout(timer);
        resolve(message);
      });
      socket.send(JSON.stringify({ id, method }));
    });
  return {
    async sample() {
      const { result } = await call('Runtime.getHeapUsage');
      return (result?.usedSize ?? 0) + (result?.backingStorageSize ?? 0);
    },
    // workerd reads this call only when the isolate next runs (an idle one may not for a minute):
    // `nudge`, a trivial request to the Worker, makes it run until the answer has come.
    async collect(nudge) {
      let answered = false;
      const collected = call('HeapProfiler.collectGarbage').finally(() => {
        answered = true;
      });
      while (!answered) {
        await nudge().catch(() => undefined);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await collected;
    },
    close: () => socket.close(),
  };
}
