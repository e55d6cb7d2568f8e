import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { logIn, verifyAuthStatus } from '../support/auth';
import { call, errorCode, signUp, uniqueEmail } from '../support/client';
import { insertUser, loginEventsOf, sessionsOf } from '../support/db';
import { googleClaims, googleLogIn, googleToken, signGoogleToken, uniqueSubject } from '../support/google';
import { waitFor } from '../support/wait';

interface GoogleUserRow {
  id: string;
  email: string;
  password_hash: string | null;
  google_subject: string | null;
  display_name: string | null;
}

function userByEmail(email: string): Promise<GoogleUserRow | null> {
  return env.DB.prepare('SELECT * FROM users WHERE email = ?').bind(email.toLowerCase()).first<GoogleUserRow>();
}

async function checkMethods(email: string): Promise<unknown> {
  const response = await call(`/api/checkIfEmailExists?email=${encodeURIComponent(email)}`);
  expect(response.status).toBe(200);
  return response.json();
}

describe('POST /api/login { token } — a new Google account', () => {
  it('creates the account: 201, created, a working session, Google linked, no password', async () => {
    const { token, claims } = await googleToken({ name: 'Ada Lovelace' });
    const { response, cookie } = await googleLogIn(token);
    expect(response.status).toBe(201);
    const body = (await response.json()) as { user: { id: string }; created: boolean };
    expect(body).toEqual({ user: { id: expect.any(String), email: claims.email, displayName: 'Ada Lovelace' }, created: true });
    expect(cookie).not.toBeNull();
    expect(await verifyAuthStatus(cookie)).toBe(200);

    const row = await userByEmail(claims.email as string);
    expect(row).toMatchObject({ id: body.user.id, google_subject: claims.sub, password_hash: null });
    const events = await waitFor(async () => {
      const rows = await loginEventsOf(body.user.id);
      return rows.length > 0 ? rows : null;
    });
    expect(events[0]!.method).toBe('google');
  });

  it('signs the same Google account in again: 200, created false, the same user, a new session', async () => {
    const claims = googleClaims();
    const first = await googleLogIn(await signGoogleToken(claims));
    const { user } = (await first.response.json()) as { user: { id: string } };
    const again = await googleLogIn(await signGoogleToken({ ...claims, iat: Math.floor(Date.now() / 1000) }));
    expect(again.response.status).toBe(200);
    expect(await again.response.json()).toMatchObject({ user: { id: user.id }, created: false });
    expect(again.cookie).not.toBe(first.cookie);
    expect(await sessionsOf(user.id)).toHaveLength(2);
  });

  it('stores the e-mail lower-cased and the name trimmed to 80 characters', async () => {
    const email = uniqueEmail('MiXeD').toUpperCase();
    const { token } = await googleToken({ email, name: `  ${'n'.repeat(100)}  ` });
    const { response } = await googleLogIn(token);
    expect(response.status).toBe(201);
    const row = await userByEmail(email);
    expect(row!.email).toBe(email.toLowerCase());
    expect(row!.display_name).toBe('n'.repeat(80));
  });

  it('accepts the issuer without a scheme too (Google uses both)', async () => {
    const { token } = await googleToken({ iss: 'accounts.google.com' });
    expect((await googleLogIn(token)).response.status).toBe(201);
  });

  it('makes no account for an e-mail Google has not verified: 409 GOOGLE_EMAIL_UNVERIFIED', async () => {
    for (const unverified of [false, 'false', undefined]) {
      const { token, claims } = await googleToken({ email_verified: unverified });
      const { response, cookie } = await googleLogIn(token);
      expect(response.status).toBe(409);
      expect(await errorCode(response)).toBe('GOOGLE_EMAIL_UNVERIFIED');
      expect(cookie).toBeNull();
      expect(await userByEmail(claims.email as string)).toBeNull();
    }
  });

  it('answers 403 CROSS_ORIGIN to another site, and creates nothing', async () => {
    const { token, claims } = await googleToken();
    const { response, cookie } = await googleLogIn(token, { headers: { origin: 'https://evil.example' } });
    expect(response.status).toBe(403);
    expect(await errorCode(response)).toBe('CROSS_ORIGIN');
    expect(cookie).toBeNull();
    expect(await userByEmail(claims.email as string)).toBeNull();
  });

  it('counts against the per-IP sign-in limit: 429 once it is spent', async () => {
    const headers = { 'cf-connecting-ip': '192.0.2.77' };
    for (let i = 0; i < 30; i += 1) {
      const { response } = await googleLogIn('not-a-token', { headers });
      expect(response.status).toBe(401);
    }
    const { token } = await googleToken();
    const { response } = await googleLogIn(token, { headers });
    expect(response.status).toBe(429);
    expect(await errorCode(response)).toBe('RATE_LIMITED');
  });
});

describe('POST /api/login { token } — accounts that already exist', () => {
  it('links Google to a password account only when Google verified the e-mail; a proved account keeps its password', async () => {
    const { email, userId } = await signUp(uniqueEmail('link'));
    // The owner once opened a link mailed to the address (a reset, an e-mail change): proved.
    await env.DB.prepare('UPDATE users SET email_verified_at = ? WHERE id = ?').bind(Date.now(), userId).run();
    expect(await checkMethods(email)).toEqual(['password']);

    const sub = uniqueSubject();
    const unverified = await googleLogIn(await signGoogleToken(googleClaims({ email, sub, email_verified: false })));
    expect(unverified.response.status).toBe(409);
    expect(await errorCode(unverified.response)).toBe('GOOGLE_EMAIL_UNVERIFIED');
    expect(unverified.cookie).toBeNull();
    expect((await userByEmail(email))!.google_subject).toBeNull();
    expect(await sessionsOf(userId)).toHaveLength(1);

    const verified = await googleLogIn(await signGoogleToken(googleClaims({ email: email.toUpperCase(), sub })));
    expect(verified.response.status).toBe(200);
    expect(await verified.response.json()).toMatchObject({ user: { id: userId, email }, created: false });
    expect((await userByEmail(email))!.google_subject).toBe(sub);
    expect(await checkMethods(email)).toEqual(['password', 'google']);
    expect((await logIn(email)).response.status).toBe(200);
  });

  // Issue 15, finding 1: someone signs up with the owner's address and a password of their own;
  // when the owner signs in with Google, that password and its sessions must stop working.
  it("clears the password and every session of an account nobody had proved, when the e-mail's owner signs in with Google", async () => {
    const { email, userId, cookie: attacker } = await signUp(uniqueEmail('takeover'));
    expect(await verifyAuthStatus(attacker)).toBe(200);

    const owner = await googleLogIn(await signGoogleToken(googleClaims({ email, sub: uniqueSubject() })));
    expect(owner.response.status).toBe(200);
    expect(await owner.response.json()).toMatchObject({ user: { id: userId }, created: false });

    expect(await checkMethods(email)).toEqual(['google']);
    expect((await logIn(email)).response.status).toBe(401);
    expect(await verifyAuthStatus(attacker)).toBe(401);
    expect(await verifyAuthStatus(owner.cookie!)).toBe(200);
    expect(await sessionsOf(userId)).toHaveLength(1);
  });

  it('keeps signing in the linked account after its e-mail changes at Google (sub is the identity)', async () => {
    const claims = googleClaims();
    const first = await googleLogIn(await signGoogleToken(claims));
    const { user } = (await first.response.json()) as { user: { id: string; email: string } };
    const moved = await googleLogIn(await signGoogleToken({ ...claims, email: uniqueEmail('moved'), email_verified: false }));
    expect(moved.response.status).toBe(200);
    expect(await moved.response.json()).toMatchObject({ user: { id: user.id, email: user.email }, created: false });
  });

  it('never re-links an account already linked to another Google account: 409 EMAIL_IN_USE', async () => {
    const claims = googleClaims();
    expect((await googleLogIn(await signGoogleToken(claims))).response.status).toBe(201);
    const other = await googleLogIn(await signGoogleToken({ ...claims, sub: uniqueSubject() }));
    expect(other.response.status).toBe(409);
    expect(await errorCode(other.response)).toBe('EMAIL_IN_USE');
    expect(other.cookie).toBeNull();
    expect((await userByEmail(claims.email as string))!.google_subject).toBe(claims.sub);
  });

  it('answers ["google"] for a Google-only account, whose password sign-in is refused', async () => {
    const { token, claims } = await googleToken();
    await googleLogIn(token);
    const email = claims.email as string;
    expect(await checkMethods(email)).toEqual(['google']);
    const { response, cookie } = await logIn(email, 'any password at all');
    expect(response.status).toBe(401);
    expect(await errorCode(response)).toBe('INVALID_CREDENTIALS');
    expect(cookie).toBeNull();
  });

  it('refuses an account that is being deleted, linked or not: 401, no session', async () => {
    const byEmail = await insertUser({ passwordHash: null });
    await env.DB.prepare('UPDATE users SET deleting_at = ? WHERE id = ?').bind(Date.now(), byEmail.id).run();
    const claims = googleClaims();
    await googleLogIn(await signGoogleToken(claims));
    await env.DB.prepare('UPDATE users SET deleting_at = ? WHERE email = ?').bind(Date.now(), claims.email).run();

    for (const token of [await signGoogleToken(googleClaims({ email: byEmail.email })), await signGoogleToken(claims)]) {
      const { response, cookie } = await googleLogIn(token);
      expect(response.status).toBe(401);
      expect(await errorCode(response)).toBe('INVALID_CREDENTIALS');
      expect(cookie).toBeNull();
    }
    expect(await sessionsOf(byEmail.id)).toHaveLength(0);
    expect((await userByEmail(byEmail.email))!.google_subject).toBeNull();
  });

  it('replaces the session the browser had, even of another account', async () => {
    const other = await signUp();
    const { token } = await googleToken();
    const { response, cookie } = await googleLogIn(token, { cookie: other.cookie });
    expect(response.status).toBe(201);
    expect(await verifyAuthStatus(other.cookie)).toBe(401);
    expect(await verifyAuthStatus(cookie)).toBe(200);
  });
});
