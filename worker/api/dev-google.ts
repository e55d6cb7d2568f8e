import { Hono } from 'hono';
import { devGoogleTokenSchema } from '../../src/common/google-schemas';
import { readDevGoogleKey, signDevGoogleIdToken } from '../auth/dev-google-key';
import { readConfig } from '../env';
import type { AppEnv } from '../http/app-env';
import { requireDevTools } from '../http/dev-tools';
import { validate } from '../http/validate';

// The local stand-in for Google (DEV_TOOLS=on only; 404 otherwise). See
// docs/decisions/008-google-sign-in.md for why it cannot reach production.

/** Mounted at /dev/google, outside /api: the stand-in's public keys, shaped like Google's JWKS. */
export const devGoogleKeys = new Hono<AppEnv>().get('/certs', requireDevTools, (c) => {
  const { publicJwk } = readDevGoogleKey(readConfig(c.env));
  return c.json({ keys: [publicJwk] }, 200, { 'Cache-Control': 'no-store' });
});

/** Under /api: an ID token for a typed e-mail, as Google would issue after its own sign-in screen. */
export const devGoogleApi = new Hono<AppEnv>().post(
  '/devGoogleToken',
  requireDevTools,
  validate('json', devGoogleTokenSchema),
  async (c) => {
    const { email, name, emailVerified } = c.req.valid('json');
    const credential = await signDevGoogleIdToken(readConfig(c.env), { email, name, emailVerified }, Date.now());
    return c.json({ credential }, 200);
  },
);
