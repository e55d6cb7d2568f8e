import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { createLocalJWKSet, decodeJwt, decodeProtectedHeader, type JSONWebKeySet, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../worker/app';
import { call, errorCode, ORIGIN, uniqueEmail } from '../support/client';
import { googleLogIn } from '../support/google';

// The local stand-in for Google: its JWKS at /dev/google/certs and its token endpoint, both only
// with dev tools on.

async function devToken(body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return call('/api/devGoogleToken', { method: 'POST', body, headers });
}

async function credentialFor(body: unknown): Promise<string> {
  const response = await devToken(body);
  expect(response.status).toBe(200);
  return ((await response.json()) as { credential: string }).credential;
}

describe('GET /dev/google/certs', () => {
  it('serves only the public half of the local key, as a JWKS', async () => {
    const response = await call('/dev/google/certs');
    expect(response.status).toBe(200);
    const jwks = (await response.json()) as JSONWebKeySet;
    const devKey = JSON.parse(env.DEV_GOOGLE_PRIVATE_JWK!) as Record<string, string>;
    expect(jwks.keys).toEqual([{ kty: 'RSA', n: devKey.n, e: devKey.e, kid: devKey.kid, alg: 'RS256', use: 'sig' }]);
  });
});

describe('POST /api/devGoogleToken', () => {
  it("issues an RS256 ID token shaped like Google's, verifiable with the served JWKS", async () => {
    const before = Math.floor(Date.now() / 1000);
    const credential = await credentialFor({ email: ' Ada@Example.COM ', name: 'Ada Lovelace' });
    const jwks = (await (await call('/dev/google/certs')).json()) as JSONWebKeySet;
    const { payload, protectedHeader } = await jwtVerify(credential, createLocalJWKSet(jwks), {
      algorithms: ['RS256'],
      issuer: 'https://accounts.google.com',
      audience: env.GOOGLE_CLIENT_ID,
    });
    expect(protectedHeader).toEqual({ alg: 'RS256', kid: jwks.keys[0]!.kid, typ: 'JWT' });
    expect(payload).toMatchObject({ email: 'ada@example.com', email_verified: true, name: 'Ada Lovelace', azp: env.GOOGLE_CLIENT_ID });
    expect(payload.sub).toMatch(/^\d{21}$/);
    expect(payload.iat).toBeGreaterThanOrEqual(before);
    expect(payload.exp! - payload.iat!).toBe(3600);
  });

  it('gives the same e-mail the same subject every time, and another e-mail another', async () => {
    const email = uniqueEmail('stable');
    const [a, b, c] = await Promise.all([
      credentialFor({ email }),
      credentialFor({ email: email.toUpperCase() }),
      credentialFor({ email: uniqueEmail('other') }),
    ]);
    expect(decodeJwt(a).sub).toBe(decodeJwt(b).sub);
    expect(decodeJwt(a).sub).not.toBe(decodeJwt(c).sub);
    expect(decodeProtectedHeader(a).alg).toBe('RS256');
  });

  it('signs in through /api/login like a real Google token; an unverified one is refused', async () => {
    const email = uniqueEmail('standin');
    const first = await googleLogIn(await credentialFor({ email, name: 'Stand In' }));
    expect(first.response.status).toBe(201);
    const again = await googleLogIn(await credentialFor({ email }));
    expect(again.response.status).toBe(200);

    const unverified = await googleLogIn(await credentialFor({ email: uniqueEmail('unverified'), emailVerified: false }));
    expect(unverified.response.status).toBe(409);
    expect(await errorCode(unverified.response)).toBe('GOOGLE_EMAIL_UNVERIFIED');
  });

  it.each([
    ['no e-mail', {}, 'INVALID_EMAIL'],
    ['an e-mail that is not one', { email: 'nope' }, 'INVALID_EMAIL'],
    ['emailVerified that is a string', { email: 'a@example.com', emailVerified: 'yes' }, 'INVALID_INPUT'],
    ['a name over 80 characters', { email: 'a@example.com', name: 'n'.repeat(81) }, 'INVALID_INPUT'],
  ])('answers 400 for %s', async (_label, body, code) => {
    const response = await devToken(body);
    expect(response.status).toBe(400);
    expect(await errorCode(response)).toBe(code);
  });

  it('answers 403 CROSS_ORIGIN to another site', async () => {
    const response = await devToken({ email: 'a@example.com' }, { origin: 'https://evil.example' });
    expect(response.status).toBe(403);
    expect(await errorCode(response)).toBe('CROSS_ORIGIN');
  });
});

describe('with dev tools off (production configuration)', () => {
  const productionLike = { ...env, DEV_TOOLS: 'off', GOOGLE_JWKS_URL: 'https://www.googleapis.com/oauth2/v3/certs' };

  async function send(path: string, init: RequestInit = {}): Promise<Response> {
    const ctx = createExecutionContext();
    const response = await createApp().fetch(new Request(ORIGIN + path, init), productionLike, ctx);
    await waitOnExecutionContext(ctx);
    return response;
  }

  it('has no /dev/google/certs: 404 NOT_FOUND', async () => {
    const response = await send('/dev/google/certs');
    expect(response.status).toBe(404);
    expect(await errorCode(response)).toBe('NOT_FOUND');
  });

  it.each([
    ['a valid request', { email: 'a@example.com' }],
    ['an invalid one (no hint that the route exists)', { email: 'nope' }],
  ])('has no /api/devGoogleToken: 404 NOT_FOUND for %s', async (_label, body) => {
    const response = await send('/api/devGoogleToken', {
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(404);
    expect(await errorCode(response)).toBe('NOT_FOUND');
  });
});
