import { Hono } from 'hono';
import type { AppEnv } from '../http/app-env';
import { authApi } from './auth';
import { liveApi } from './live';

/** Every /api route, chained so the browser's typed client (hc<AppType>) sees them all. */
export const api = new Hono<AppEnv>().route('/', authApi).route('/', liveApi);

export type AppType = typeof api;
