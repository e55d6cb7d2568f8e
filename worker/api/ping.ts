import { Hono } from 'hono';
import type { AppEnv } from '../http/app-env';

// A call that does no work of ours (no session, no database): a liveness check, and the baseline
// the load benchmark measures each route next to (tests/bench/load.mjs), so a figure shows what the
// route itself costs above the Worker, its middleware and the local proxy.
export const pingApi = new Hono<AppEnv>().get('/ping', (c) => c.body(null, 204));
