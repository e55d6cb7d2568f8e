// Starts the built product with `scripts/start.mjs` on its own port and its own temporary state,
// in its own process group so stopping it also stops workerd. Used by the browser tests and the
// benchmarks.
import { spawn } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * With `stateDir`, the state is kept there (and kept after stop), so a bench can stop the server,
 * work on its files and start it again on the same data.
 * `rateLimitMultiplier` is the server's RATE_LIMIT_MULTIPLIER (every request comes from this one
 * address; the abuse limits are not what is measured): 50 unless given.
 * `inspectorPort` fixes where the Worker's inspector listens; `env` adds to the server's environment.
 * @param {{ port: number, build?: boolean, timeoutMs?: number, label?: string, stateDir?: string, rateLimitMultiplier?: number, inspectorPort?: number, env?: Record<string, string> }} options
 * @returns {Promise<{ url: string, logFile: string, stop: () => Promise<void>, pid: number }>}
 */
export async function startLocalServer({
  port,
  build = false,
  timeoutMs = 120_000,
  label = 'server',
  stateDir,
  rateLimitMultiplier = 50,
  inspectorPort,
  env = {},
}) {
  const dir = mkdtempSync(join(tmpdir(), `fax-${label}-`));
  const logFile = join(dir, 'server.log');
  const log = openSync(logFile, 'a');
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    detached: true,
    stdio: ['ignore', log, log],
    env: {
      ...process.env,
      PORT: String(port),
      STATE_DIR: stateDir ?? join(dir, 'state'),
      SKIP_BUILD: build ? '' : '1',
      RATE_LIMIT_MULTIPLIER: String(rateLimitMultiplier),
      ...(inspectorPort ? { INSPECTOR_PORT: String(inspectorPort) } : {}),
      ...env,
    },
  });
  let exited = false;
  child.on('exit', () => (exited = true));

  const stop = async () => {
    if (!exited) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {}
      const deadline = Date.now() + 5_000;
      while (!exited && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {}
    }
    if (!stateDir) rmSync(join(dir, 'state'), { recursive: true, force: true });
  };

  const url = `http://localhost:${port}`;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited) break;
    try {
      const res = await fetch(`${url}/login`, { redirect: 'manual' });
      if (res.status < 500) return { url, logFile, stop, pid: child.pid };
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error(`The ${label} did not start on ${url}. Its output:\n${readFileSync(logFile, 'utf8').slice(-4000)}`);
}
