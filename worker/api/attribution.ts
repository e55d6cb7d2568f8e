import { Hono } from 'hono';
import { attributionSchema } from '../../src/common/attribution-schema';
import { currentViewer } from '../auth/viewer';
import { getDb } from '../db/client';
import { recordAttribution } from '../db/queries/users';
import { describeAttributionRequest, geoFromCf } from '../domain/attribution';
import { readConfig } from '../env';
import { ApiError } from '../http/api-error';
import type { AppEnv } from '../http/app-env';
import { validate } from '../http/validate';
import { toAttributionTouches } from '../views/attribution';

// Marketing attribution (spec §3, §4, §7). GET /attribution is public: landing pages ask it before
// anyone signs in. A signed-in page syncs the browser's record on every load (the same-origin rule
// of every POST applies, worker/app.ts).
export const attributionApi = new Hono<AppEnv>()
  .get('/attribution', (c) => {
    // LOCAL_GEO (never set in production) stands in for Cloudflare's geolocation on this machine.
    const geo = readConfig(c.env).LOCAL_GEO ?? geoFromCf(c.req.raw.cf);
    return c.json(describeAttributionRequest(c.req.header('user-agent') ?? null, geo), 200);
  })

  .post('/syncUserAttribution', validate('json', attributionSchema), async (c) => {
    const { viewer } = currentViewer(c);
    const stored = await recordAttribution(getDb(c.env), viewer.id, JSON.stringify(c.req.valid('json')));
    if (!stored) throw new ApiError(401, 'UNAUTHENTICATED');
    return c.json(toAttributionTouches(stored), 200);
  });
