import { env, exports } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '../../worker/crypto/tokens';
import { CUSTOM_TOKEN_TTL_MS, verifyCustomToken } from '../../worker/live/custom-token';
import { clearsSessionCookie, sessionSetCookie, verifyAuthStatus } from '../support/auth';
import { call, errorCode, GOOD_PASSWORD, ORIGIN, signUp, uniqueEmail } from '../support/client';
import { insertSessionCookie, insertUser, sessionRow, sessionsOf, tokenOf } from '../support/db';

// One signed-up account; every test opens its own sessions for it straight in D1.
let shared: { email: string; userId: string };

beforeAll(async () => {
  const { email, userId } = await signUp(uniqueEmail('session'), 'Grace Hopper');
  shared = { email, userId };
});

describe('POST /api/verifyAuth', () => {
  it('answers the user and a customToken naming the user and this session', async () => {
    const cookie = await insertSessionCookie(shared.userId);
    const before = Date.now();
    const response = await call('/api/verifyAuth', { method: 'POST', cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const body = (await response.json()) as { user: unknown; customToken: string };
    expect(body.user).toEqual({ id: shared.userId, email: shared.email, displayName: 'Grace Hopper' });
    expect(body.customToken).toEqual(expect.any(String));
    const claims = await verifyCustomToken(env.LIVE_TOKEN_SECRET, body.customToken, Date.now());
    expect(claims).toMatchObject({ uid: shared.userId, sid: await sha256Hex(tokenOf(cookie)) });
    expect(claims!.exp).toBeGreaterThanOrEqual(before + CUSTOM_TOKEN_TTL_MS);
    expect(claims!.exp).toBeLessThanOrEqual(Date.now() + CUSTOM_TOKEN_TTL_MS);
    // Nothing secret about the session goes out.
    expect(JSON.stringify(body)).not.toContain(tokenOf(cookie));
  });

  it('issues a fresh token on every call', async () => {
    const cookie = await insertSessionCookie(shared.userId);
    const tokens = new Set<string>();
    for (let i = 0; i < 2; i++) {
      const response = await call('/api/verifyAuth', { method: 'POST', cookie });
      tokens.add(((await response.json()) as { customToken: string }).customToken);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(tokens.size).toBe(2);
  });

  it('answers 401 UNAUTHENTICATED without a session cookie', async () => {
    const response = await call('/api/verifyAuth', { method: 'POST' });
    expect(response.status).toBe(401);
    expect(await errorCode(response)).toBe('UNAUTHENTICATED');
    expect(sessionSetCookie(response)).toBeUndefined();
  });

  it.each([
    ['a random token', 'fax_session=garbage'],
    ['an empty value', 'fax_session='],
    ['a very long value', `fax_session=${'x'.repeat(4000)}`],
    ['odd characters', 'fax_session=%00%ff%22%3B'],
  ])('answers 401 UNAUTHENTICATED and clears the cookie for %s', async (_label, cookie) => {
    const response = await call('/api/verifyAuth', { method: 'POST', cookie });
    expect(response.status).toBe(401);
    expect(await errorCode(response)).toBe('UNAUTHENTICATED');
    if (cookie !== 'fax_session=') expect(clearsSessionCookie(response)).toBe(true);
  });

  it('does not accept the session digest in place of the token', async () => {
    const cookie = await insertSessionCookie(shared.userId);
    const digest = await sha256Hex(tokenOf(cookie));
    expect(await verifyAuthStatus(`fax_session=${digest}`)).toBe(401);
    // ...and the real session is untouched by the failed attempt.
    expect(await verifyAuthStatus(cookie)).toBe(200);
  });

  it('does not read the session from the __Host- cookie on plain HTTP', async () => {
    const cookie = await insertSessionCookie(shared.userId);
    expect(await verifyAuthStatus(`__Host-${cookie}`)).toBe(401);
  });

  it('over HTTPS names the cookie __Host-fax_session (Secure, Path=/, no Domain) and reads only that name', async () => {
    const site = 'https://fax.example';
    const post = (path: string, init: { cookie?: string; body?: unknown } = {}) =>
      exports.default.fetch(
        new Request(site + path, {
          method: 'POST',
          headers: { origin: site, 'content-type': 'application/json', ...(init.cookie ? { cookie: init.cookie } : {}) },
          body: init.body === undefined ? undefined : JSON.stringify(init.body),
        }),
      );
    const email = uniqueEmail('https');
    const signup = await post('/api/signup', { body: { email, password: GOOD_PASSWORD } });
    expect(signup.status).toBe(201);
    const setCookie = signup.headers.getSetCookie().find((c) => c.startsWith('__Host-fax_session='));
    expect(setCookie).toBeDefined();
    expect(setCookie).toMatch(/;\s*Secure/i);
    expect(setCookie).toMatch(/;\s*Path=\/(;|$)/);
    expect(setCookie).not.toMatch(/Domain=/i);
    expect(signup.headers.getSetCookie().some((c) => c.startsWith('fax_session='))).toBe(false);
    const pair = setCookie!.split(';')[0]!;
    expect((await post('/api/verifyAuth', { cookie: pair })).status).toBe(200);
    expect((await post('/api/verifyAuth', { cookie: pair.replace('__Host-', '') })).status).toBe(401);
  });

  it('answers 401 once the user is deleted (their sessions go with them)', async () => {
    const user = await insertUser();
    const cookie = await insertSessionCookie(user.id);
    expect(await verifyAuthStatus(cookie)).toBe(200);
    await env.DB.prepare('DELETE FROM users WHERE id = ?').bind(user.id).run();
    expect(await verifyAuthStatus(cookie)).toBe(401);
  });

  it('refuses a request from another site with 403 CROSS_ORIGIN, even with a valid session', async () => {
    const cookie = await insertSessionCookie(shared.userId);
    const response = await call('/api/verifyAuth', { method: 'POST', cookie, headers: { origin: 'https://evil.example' } });
    expect(response.status).toBe(403);
    const body = await response.text();
    expect(JSON.parse(body)).toMatchObject({ error: { code: 'CROSS_ORIGIN' } });
    expect(body).not.toContain('customToken');
  });

  it('is a POST: GET /api/verifyAuth answers 404 and no token', async () => {
    const cookie = await insertSessionCookie(shared.userId);
    const response = await call('/api/verifyAuth', { cookie });
    expect(response.status).toBe(404);
    expect(await errorCode(response)).toBe('NOT_FOUND');
  });
});

describe('POST /api/logout', () => {
  it('ends the session: row gone, cookie cleared, verifyAuth 401 after', async () => {
    const cookie = await insertSessionCookie(shared.userId);
    const response = await call('/api/logout', { method: 'POST', cookie });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ signedOut: true });
    expect(clearsSessionCookie(response)).toBe(true);
    expect(await sessionRow(cookie)).toBeNull();
    expect(await verifyAuthStatus(cookie)).toBe(401);
  });

  it('ends only the session it was sent with', async () => {
    const leaving = await insertSessionCookie(shared.userId);
    const staying = await insertSessionCookie(shared.userId);
    await call('/api/logout', { method: 'POST', cookie: leaving });
    expect(await verifyAuthStatus(staying)).toBe(200);
    const ids = (await sessionsOf(shared.userId)).map((s) => s.id);
    expect(ids).toContain(await sha256Hex(tokenOf(staying)));
    expect(ids).not.toContain(await sha256Hex(tokenOf(leaving)));
  });

  it('answers 200 without a session, and again for a session already ended', async () => {
    const anonymous = await call('/api/logout', { method: 'POST' });
    expect(anonymous.status).toBe(200);
    expect(await anonymous.json()).toEqual({ signedOut: true });
    expect(clearsSessionCookie(anonymous)).toBe(true);

    const cookie = await insertSessionCookie(shared.userId);
    expect((await call('/api/logout', { method: 'POST', cookie })).status).toBe(200);
    const again = await call('/api/logout', { method: 'POST', cookie });
    expect(again.status).toBe(200);
    expect(clearsSessionCookie(again)).toBe(true);
  });

  it('answers 200 for a garbage cookie', async () => {
    const response = await call('/api/logout', { method: 'POST', cookie: 'fax_session=garbage' });
    expect(response.status).toBe(200);
    expect(clearsSessionCookie(response)).toBe(true);
  });

  it.each([
    ['an Origin of another site', { origin: 'https://evil.example' }],
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
  ])('refuses a sign-out with %s: 403 CROSS_ORIGIN, the session survives', async (_label, headers) => {
    const cookie = await insertSessionCookie(shared.userId);
    const response = await call('/api/logout', { method: 'POST', cookie, headers });
    expect(response.status).toBe(403);
    expect(await errorCode(response)).toBe('CROSS_ORIGIN');
    expect(sessionSetCookie(response)).toBeUndefined();
    expect(await sessionRow(cookie)).not.toBeNull();
    expect(await verifyAuthStatus(cookie)).toBe(200);
  });

  it('refuses a sign-out that carries no Origin at all (a link or form elsewhere)', async () => {
    const cookie = await insertSessionCookie(shared.userId);
    const response = await exports.default.fetch(new Request(`${ORIGIN}/api/logout`, { method: 'POST', headers: { cookie } }));
    expect(response.status).toBe(403);
    expect(await sessionRow(cookie)).not.toBeNull();
  });

  it('is a POST: GET /api/logout answers 404 and ends nothing', async () => {
    const cookie = await insertSessionCookie(shared.userId);
    const response = await call('/api/logout', { cookie });
    expect(response.status).toBe(404);
    expect(await sessionRow(cookie)).not.toBeNull();
  });
});
