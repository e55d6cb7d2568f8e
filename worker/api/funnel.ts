import { Hono } from 'hono';
import { funnelBeaconSchema } from '../../src/common/funnel-schema';
import { recordVisitorStep } from '../funnel/record';
import type { AppEnv } from '../http/app-env';
import { clientIp, enforceRateLimit } from '../http/rate-limit';
import { validate } from '../http/validate';

// POST /api/funnel (decision 040): the steps only the browser sees, a landing page's view and its
// call-to-action's click, sent by the landing pages' inline script with navigator.sendBeacon. No
// session or cookie: the body says where the visitor came from, and nothing names them. The
// same-origin rule of every POST applies (worker/app.ts); the address is limited, as every
// count is one more to a row anyone could otherwise inflate.
export const funnelApi = new Hono<AppEnv>().post('/funnel', validate('json', funnelBeaconSchema), async (c) => {
  await enforceRateLimit(c, 'funnel-beacon-ip', clientIp(c));
  const { step, ...touch } = c.req.valid('json');
  await recordVisitorStep(c.env, step, touch);
  return c.body(null, 204);
});
