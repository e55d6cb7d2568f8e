import { env } from 'cloudflare:workers';
import { base64url, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { GOOGLE_TOKEN_MAX_LENGTH } from '../../src/common/google-schemas';
import { call, errorCode, GOOD_PASSWORD } from '../support/client';
import { googleClaims, googleLogIn, signGoogleToken, unsignedToken, untrustedKey } from '../support/google';

// Every way a Google ID token can be wrong answers 401 INVALID_GOOGLE_TOKEN: no session, no
// account, never a 500.

const now = (): number => Math.floor(Date.now() / 1000);

async function expectRefused(token: string, email?: unknown): Promise<void> {
  const { response, cookie } = await googleLogIn(token);
  expect(response.status).toBe(401);
  expect(await errorCode(response)).toBe('INVALID_GOOGLE_TOKEN');
  expect(cookie).toBeNull();
  if (typeof email === 'string') {
    const row = await env.DB.prepare('SELECT id FROM users WHERE email = ?').bind(email.toLowerCase()).first();
    expect(row).toBeNull();
  }
}

/** Swaps one part of a compact token (0 header, 1 payload, 2 signature). */
function withPart(token: string, index: number, value: string): string {
  const parts = token.split('.');
  parts[index] = value;
  return parts.join('.');
}

function jwkOfDevKey(): { n: string; kid: string } {
  return JSON.parse(env.DEV_GOOGLE_PRIVATE_JWK!) as { n: string; kid: string };
}

describe('POST /api/login { token } refuses a token that is not valid', () => {
  it.each([
    ['expired two minutes ago', () => googleClaims({ iat: now() - 3720, exp: now() - 120 })],
    ['expired beyond the clock tolerance (61 s)', () => googleClaims({ iat: now() - 3661, exp: now() - 61 })],
    ['for another audience', () => googleClaims({ aud: 'someone-else.apps.googleusercontent.com' })],
    ['for several audiences, none ours', () => googleClaims({ aud: ['a.apps.googleusercontent.com', 'b'] })],
    [
      'for several audiences, ours among them',
      () => googleClaims({ aud: [env.GOOGLE_CLIENT_ID, 'someone-else.apps.googleusercontent.com'] }),
    ],
    ['issued ten minutes from now', () => googleClaims({ iat: now() + 600, exp: now() + 4200 })],
    ['from another issuer', () => googleClaims({ iss: 'https://evil.example' })],
    ['from an issuer that only looks like Google', () => googleClaims({ iss: 'https://accounts.google.com.evil.example' })],
    ['with no exp', () => googleClaims({ exp: undefined })],
    ['with no iat', () => googleClaims({ iat: undefined })],
    ['with no sub', () => googleClaims({ sub: undefined })],
    ['with an empty sub', () => googleClaims({ sub: '' })],
    ['with no email', () => googleClaims({ email: undefined })],
    ['with an email that is not one', () => googleClaims({ email: 'not-an-email' })],
    ['not valid until later (nbf)', () => googleClaims({ nbf: now() + 600 })],
  ])('signed by the trusted key but %s', async (_label, claims) => {
    const payload = claims();
    await expectRefused(await signGoogleToken(payload), payload.email);
  });

  it('signed by another key (bad signature), even under the trusted kid', async () => {
    const payload = googleClaims();
    const key = await untrustedKey();
    await expectRefused(await signGoogleToken(payload, { key }), payload.email);
    await expectRefused(await signGoogleToken(payload, { key, kid: 'some-other-kid' }), payload.email);
  });

  it('whose payload was changed after signing', async () => {
    const genuine = await signGoogleToken(googleClaims());
    const forged = googleClaims({ email: 'victim@example.com' });
    await expectRefused(withPart(genuine, 1, base64url.encode(JSON.stringify(forged))), forged.email);
  });

  it('with alg "none" and no signature', async () => {
    const payload = googleClaims();
    await expectRefused(unsignedToken(payload), payload.email);
    await expectRefused(unsignedToken(payload, { alg: 'none', kid: jwkOfDevKey().kid }), payload.email);
    await expectRefused(unsignedToken(payload, { alg: 'NONE' }), payload.email);
    // alg says RS256 but the signature is missing.
    await expectRefused(unsignedToken(payload, { alg: 'RS256', kid: jwkOfDevKey().kid }), payload.email);
  });

  it('signed HS256 with the public modulus or any other secret (algorithm confusion)', async () => {
    const payload = googleClaims();
    const { n, kid } = jwkOfDevKey();
    for (const secret of [base64url.decode(n), new TextEncoder().encode(n), new TextEncoder().encode('a shared secret')]) {
      const token = await new SignJWT(payload).setProtectedHeader({ alg: 'HS256', kid, typ: 'JWT' }).sign(secret);
      await expectRefused(token, payload.email);
    }
  });

  it.each([
    ['a word', 'not-a-token'],
    ['three empty parts', '..'],
    ['three words', 'a.b.c'],
    ['a header that is not JSON', `${base64url.encode('not json')}.e30.c2ln`],
    ['a header that is a JSON array', `${base64url.encode('[1,2]')}.e30.c2ln`],
    ['a payload that is not JSON', `${base64url.encode('{"alg":"RS256"}')}.${base64url.encode('nope')}.c2ln`],
    ['five parts (a JWE)', 'a.b.c.d.e'],
    ['the longest allowed junk', 'x'.repeat(GOOGLE_TOKEN_MAX_LENGTH)],
    ['non-ASCII text', 'ééé.ééé.ééé'],
  ])('malformed: %s (401, never 500)', async (_label, token) => {
    await expectRefused(token);
  });
});

describe('POST /api/login with a body that is neither sign-in', () => {
  it.each([
    ['an empty token', { token: '' }],
    ['a token that is a number', { token: 42 }],
    ['a token that is null', { token: null }],
    ['a token that is an object', { token: { alg: 'none' } }],
    ['a token over the length cap', { token: 'x'.repeat(GOOGLE_TOKEN_MAX_LENGTH + 1) }],
    ['a token and a password together', { token: 'abc', email: 'a@example.com', password: GOOD_PASSWORD }],
  ])('answers 400 INVALID_INPUT for %s', async (_label, body) => {
    const response = await call('/api/login', { method: 'POST', body });
    expect(response.status).toBe(400);
    expect(await errorCode(response)).toBe('INVALID_INPUT');
  });
});
