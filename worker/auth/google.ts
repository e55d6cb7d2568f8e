import { createLocalJWKSet, createRemoteJWKSet, errors, type JWTPayload, type JWTVerifyGetKey, jwtVerify } from 'jose';
import { DISPLAY_NAME_MAX_LENGTH, emailSchema } from '../../src/common/auth-schemas';
import { type AppConfig, readConfig } from '../env';
import { ApiError } from '../http/api-error';
import { readDevGoogleKey } from './dev-google-key';

// Verifies a Google ID token as Google's guide asks: RS256 signature by a key in the JWKS,
// issuer, audience = our client id, expiry. Nothing is ever skipped: locally only the key source
// changes (the stand-in's public key instead of Google's JWKS), never the checks.

/** Allowed clock difference between us and the issuer. */
const CLOCK_TOLERANCE_S = 30;

export interface GoogleIdentity {
  /** Google's stable account id (`sub`). */
  subject: string;
  /** Lower-cased. */
  email: string;
  emailVerified: boolean;
  name: string | null;
}

// One remote key set per URL for the isolate's life: jose caches the keys, refetches on an
// unknown `kid` (at most every 30 s) and when the cache is older than 10 minutes.
const remoteKeySets = new Map<string, JWTVerifyGetKey>();
let localKeySet: { jwk: string; getKey: JWTVerifyGetKey } | null = null;

function keySource(config: AppConfig): JWTVerifyGetKey {
  const url = config.GOOGLE_JWKS_URL;
  if (!url.startsWith('/')) {
    let getKey = remoteKeySets.get(url);
    if (!getKey) {
      getKey = createRemoteJWKSet(new URL(url));
      remoteKeySets.set(url, getKey);
    }
    return getKey;
  }
  // A path names the local stand-in this Worker serves; readDevGoogleKey refuses without dev tools.
  const { publicJwk } = readDevGoogleKey(config);
  const jwk = JSON.stringify(publicJwk);
  if (localKeySet?.jwk !== jwk) localKeySet = { jwk, getKey: createLocalJWKSet({ keys: [publicJwk] }) };
  return localKeySet.getKey;
}

/** Failures of fetching Google's keys are ours to fix, not the caller's: they stay errors (500). */
function isKeySetFailure(err: unknown): boolean {
  return (
    err instanceof errors.JWKSTimeout ||
    err instanceof errors.JWKSInvalid ||
    (err instanceof errors.JOSEError && err.code === errors.JOSEError.code)
  );
}

function invalidToken(): ApiError {
  return new ApiError(401, 'INVALID_GOOGLE_TOKEN');
}

/**
 * What jose leaves open: Google issues a sign-in token to one audience, ours, as a plain string
 * (a list that merely contains ours was made for someone else too), and never dates it ahead of
 * now (beyond the clock tolerance).
 */
export function issuedAsGoogleDoes(payload: JWTPayload, clientId: string, nowMs: number): boolean {
  return payload.aud === clientId && typeof payload.iat === 'number' && payload.iat <= nowMs / 1000 + CLOCK_TOLERANCE_S;
}

function readIdentity(payload: JWTPayload): GoogleIdentity {
  const { sub, email, email_verified: verified, name } = payload;
  if (typeof sub !== 'string' || sub.length === 0 || sub.length > 255) throw invalidToken();
  const parsedEmail = emailSchema.safeParse(email);
  if (!parsedEmail.success) throw invalidToken();
  const trimmedName = typeof name === 'string' ? name.trim().slice(0, DISPLAY_NAME_MAX_LENGTH) : '';
  return {
    subject: sub,
    email: parsedEmail.data,
    // Google sends a boolean; older tokens carried the string "true".
    emailVerified: verified === true || verified === 'true',
    name: trimmedName || null,
  };
}

/** The identity in a valid Google ID token; any invalid token answers 401 INVALID_GOOGLE_TOKEN. */
export async function verifyGoogleIdToken(env: Env, token: string): Promise<GoogleIdentity> {
  const config = readConfig(env);
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, keySource(config), {
      algorithms: ['RS256'],
      issuer: config.GOOGLE_ISSUERS,
      audience: config.GOOGLE_CLIENT_ID,
      clockTolerance: CLOCK_TOLERANCE_S,
      requiredClaims: ['exp', 'iat', 'sub', 'email'],
    }));
  } catch (err) {
    if (err instanceof errors.JOSEError && !isKeySetFailure(err)) throw invalidToken();
    throw err;
  }
  if (!issuedAsGoogleDoes(payload, config.GOOGLE_CLIENT_ID, Date.now())) throw invalidToken();
  return readIdentity(payload);
}
