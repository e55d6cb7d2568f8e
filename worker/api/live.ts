import { Hono } from 'hono';
import { z } from 'zod';
import { t } from '../../src/i18n/t';
import { getDb } from '../db/client';
import { isSessionActive } from '../db/queries/sessions';
import { readConfig } from '../env';
import { ApiError } from '../http/api-error';
import type { AppEnv } from '../http/app-env';
import { validate } from '../http/validate';
import { verifyCustomToken } from '../live/custom-token';
import { userHubStub } from '../user-store/stub';

const liveQuerySchema = z.object({ token: z.string().min(1).max(2048) });

export const liveApi = new Hono<AppEnv>().get('/live', validate('query', liveQuerySchema), async (c) => {
  if (c.req.header('upgrade')?.toLowerCase() !== 'websocket') {
    throw new ApiError(400, 'INVALID_INPUT', t('api.webSocketExpected'));
  }
  // Browsers always send Origin on a WebSocket; another site's page must not open ours.
  const origin = c.req.header('origin');
  if (origin && origin !== new URL(c.req.url).origin) throw new ApiError(403, 'CROSS_ORIGIN');
  const claims = await verifyCustomToken(readConfig(c.env).LIVE_TOKEN_SECRET, c.req.valid('query').token, Date.now());
  // The token outlives a sign-out by up to a minute; a socket must never open for an ended session.
  if (!claims || !(await isSessionActive(getDb(c.env), claims.sid, Date.now()))) {
    throw new ApiError(401, 'UNAUTHENTICATED', t('api.liveTokenInvalid'));
  }
  const headers = new Headers(c.req.raw.headers);
  headers.set('x-session-id', claims.sid);
  return userHubStub(c.env, claims.uid).fetch(new Request(c.req.raw, { headers }));
});
