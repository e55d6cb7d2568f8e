import { Hono } from 'hono';
import { describeAttributionRequest, geoFromCf } from '../domain/attribution';
import { readConfig } from '../env';
import type { AppEnv } from '../http/app-env';

// Marketing attribution (spec §3, §4, §7). GET /attribution is public: landing pages ask it before
// anyone signs in.
export const attributionApi = new Hono<AppEnv>().get('/attribution', (c) => {
  // LOCAL_GEO (never set in production) stands in for Cloudflare's geolocation on this machine.
  const geo = readConfig(c.env).LOCAL_GEO ?? geoFromCf(c.req.raw.cf);
  return c.json(describeAttributionRequest(c.req.header('user-agent') ?? null, geo), 200);
});
