import { env } from 'cloudflare:workers';
import { base64url, type CryptoKey, generateKeyPair, importJWK, type JWK, SignJWT } from 'jose';
import { call, sessionCookieFrom, uniqueEmail } from './client';

// Google ID tokens for tests, signed with the same local key the Worker trusts (the stand-in's
// DEV_GOOGLE_PRIVATE_JWK from the test bindings) unless a test brings another key.

export const GOOGLE_ISSUER = 'https://accounts.google.com';

function privateJwk(): JWK {
  if (!env.DEV_GOOGLE_PRIVATE_JWK) throw new Error('the tests need DEV_GOOGLE_PRIVATE_JWK (vitest.config.ts)');
  return JSON.parse(env.DEV_GOOGLE_PRIVATE_JWK) as JWK;
}

/** A fresh Google-like subject (21 digits). */
export function uniqueSubject(): string {
  const digits = [...crypto.getRandomValues(new Uint8Array(20))].map((byte) => byte % 10).join('');
  return `1${digits}`;
}

/** Claims of a valid token for a new identity; a test overrides some, or removes one with `undefined`. */
export function googleClaims(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const now = Math.floor(Date.now() / 1000);
  const claims: Record<string, unknown> = {
    iss: GOOGLE_ISSUER,
    azp: env.GOOGLE_CLIENT_ID,
    aud: env.GOOGLE_CLIENT_ID,
    sub: uniqueSubject(),
    email: uniqueEmail('google'),
    email_verified: true,
    name: 'Grace Hopper',
    iat: now,
    exp: now + 3600,
    ...overrides,
  };
  for (const [key, value] of Object.entries(claims)) if (value === undefined) delete claims[key];
  return claims;
}

export interface SignOptions {
  /** Another key than the trusted one (for "bad signature"). */
  key?: CryptoKey;
  kid?: string;
}

/** An RS256 token over exactly these claims. */
export async function signGoogleToken(claims: Record<string, unknown>, options: SignOptions = {}): Promise<string> {
  const jwk = privateJwk();
  const key = options.key ?? (await importJWK(jwk, 'RS256'));
  return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: options.kid ?? jwk.kid!, typ: 'JWT' }).sign(key);
}

/** A valid token for a new identity (with overrides) and the claims in it. */
export async function googleToken(overrides: Record<string, unknown> = {}): Promise<{ token: string; claims: Record<string, unknown> }> {
  const claims = googleClaims(overrides);
  return { token: await signGoogleToken(claims), claims };
}

/** A freshly made RSA key nobody trusts. */
export async function untrustedKey(): Promise<CryptoKey> {
  return (await generateKeyPair('RS256', { extractable: false })).privateKey;
}

/** A token with no signature at all (`alg: none`), in the exact compact form an attacker sends. */
export function unsignedToken(claims: Record<string, unknown>, header: Record<string, unknown> = { alg: 'none', typ: 'JWT' }): string {
  const encode = (value: unknown): string => base64url.encode(JSON.stringify(value));
  return `${encode(header)}.${encode(claims)}.`;
}

/** POST /api/login { token }; answers the response and the new session cookie (or null). */
export async function googleLogIn(
  token: string,
  options: { cookie?: string | null; headers?: Record<string, string> } = {},
): Promise<{ response: Response; cookie: string | null }> {
  const response = await call('/api/login', { ...options, method: 'POST', body: { token } });
  return { response, cookie: sessionCookieFrom(response) };
}
