import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateToken, sha256Hex } from '../../worker/crypto/tokens';
import { RATE_LIMITS } from '../../worker/domain/rate-limits';
import { logIn, verifyAuthStatus } from '../support/auth';
import { call, errorCode, GOOD_PASSWORD, sessionCookieFrom, uniqueEmail } from '../support/client';
import { hashTestPassword, insertUser, loginEventsOf } from '../support/db';
import { addressSource, awaitRoomInWindow, expectRateLimited, from } from '../support/rate-limit';
import { mailTo } from '../support/recovery';
import { mailSignInLink, requestSignInToken, signInTokenInMail, signInWithLink } from '../support/sign-in-link';
import { waitFor } from '../support/wait';

// POST /api/mailSignInLink and POST /api/signInWithLink (decision 009): the owner of an
// account whose password sign-in answers 429 gets in through a link mailed to the address.
const SLOW = 60_000;

let goodPasswordHash: string;

beforeAll(async () => {
  goodPasswordHash = await hashTestPassword(GOOD_PASSWORD);
});

/** An address no other test in this file uses. */
const freshIp = addressSource('198.19');

async function expectInvalidLink(response: Response): Promise<void> {
  expect(response.status).toBe(400);
  expect(await errorCode(response)).toBe('INVALID_SIGN_IN_LINK');
  expect(sessionCookieFrom(response)).toBeNull();
}

/** An account with GOOD_PASSWORD whose address nobody has proved yet. */
async function unprovedAccount(): Promise<{ email: string; id: string }> {
  return insertUser({ passwordHash: goodPasswordHash, verified: false });
}

/** When the account's address was proved, or null. */
async function emailVerifiedAt(userId: string): Promise<number | null | undefined> {
  return (
    await env.DB.prepare('SELECT email_verified_at FROM users WHERE id = ?').bind(userId).first<{ email_verified_at: number | null }>()
  )?.email_verified_at;
}

/** Types wrong passwords from `ip` until the account's strict limit answers the right one with 429. */
async function limitFrom(email: string, ip: string): Promise<void> {
  const { limit, windowMs } = RATE_LIMITS['login-failure-account-ip'];
  await awaitRoomInWindow(windowMs);
  for (let i = 0; i < limit; i++) expect((await logIn(email, `wrong guess ${i}`, from(ip))).response.status).toBe(401);
  expect((await logIn(email, GOOD_PASSWORD, from(ip))).response.status).toBe(429);
}

/** Puts the account at its ceiling of wrong passwords from all addresses together. */
async function limitEverywhere(email: string): Promise<void> {
  const { limit, windowMs } = RATE_LIMITS['login-failure-account'];
  await awaitRoomInWindow(windowMs);
  await env.DB.prepare('INSERT INTO rate_limits (key, window_start, count) VALUES (?, ?, ?)')
    .bind(`login-failure-account:${await sha256Hex(email)}`, Date.now() - (Date.now() % windowMs), limit)
    .run();
}

describe('a limited account signs in through a mailed link', () => {
  it(
    'signs the owner in while password sign-in still answers 429, proves the address and records the sign-in',
    async () => {
      const user = await unprovedAccount();
      const home = freshIp();
      await limitFrom(user.email, home);

      const token = await requestSignInToken(user.email, from(home));
      const response = await signInWithLink(token, from(home));
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ user: { id: user.id, email: user.email, displayName: null } });
      const cookie = sessionCookieFrom(response);
      expect(await verifyAuthStatus(cookie)).toBe(200);

      // The password limit still holds: the link went round it, it did not lift it.
      expect((await logIn(user.email, GOOD_PASSWORD, from(home))).response.status).toBe(429);
      expect(await emailVerifiedAt(user.id)).toEqual(expect.any(Number));
      const events = await waitFor(async () => {
        const rows = await loginEventsOf(user.id);
        return rows.length > 0 ? rows : null;
      });
      expect(events.map((e) => e.method)).toEqual(['email-link']);
    },
    SLOW,
  );

  it('works while the account is at its ceiling from every address', async () => {
    const user = await unprovedAccount();
    await limitEverywhere(user.email);
    expect((await logIn(user.email, GOOD_PASSWORD, from(freshIp()))).response.status).toBe(429);
    const response = await signInWithLink(await requestSignInToken(user.email));
    expect(response.status).toBe(200);
    expect(await verifyAuthStatus(sessionCookieFrom(response))).toBe(200);
  });

  it('mails a link built on PUBLIC_ORIGIN, never on the Host the request came with', async () => {
    const user = await unprovedAccount();
    const response = await mailSignInLink(user.email, { headers: { host: 'evil.example' } });
    expect(response.status).toBe(202);
    const [mail] = await mailTo(user.email);
    expect(mail?.text).toContain('http://localhost:8787/login?signInLink=');
    expect(mail?.text).not.toContain('evil.example');
    expect(mail && signInTokenInMail(mail)).toMatch(/^[\w-]{43}$/);
  });

  it('stores only the SHA-256 of the token, valid 15 minutes', async () => {
    const user = await unprovedAccount();
    const token = await requestSignInToken(user.email);
    const row = await env.DB.prepare('SELECT * FROM email_tokens WHERE id = ?')
      .bind(await sha256Hex(token))
      .first<{ user_id: string; purpose: string; created_at: number; expires_at: number }>();
    expect(row).toMatchObject({ user_id: user.id, purpose: 'sign-in-link' });
    expect(row!.expires_at - row!.created_at).toBe(15 * 60 * 1000);
    const dump = JSON.stringify((await env.DB.prepare('SELECT * FROM email_tokens WHERE user_id = ?').bind(user.id).all()).results);
    expect(dump).not.toContain(token);
  });
});

describe('POST /api/signInWithLink refuses a link that cannot be used', () => {
  it('works once: the same link again answers 400 INVALID_SIGN_IN_LINK', async () => {
    const user = await unprovedAccount();
    const token = await requestSignInToken(user.email);
    expect((await signInWithLink(token)).status).toBe(200);
    await expectInvalidLink(await signInWithLink(token));
  });

  it('lets exactly one of two simultaneous uses of a link through', async () => {
    const user = await unprovedAccount();
    const token = await requestSignInToken(user.email);
    const answers = await Promise.all([signInWithLink(token), signInWithLink(token)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400]);
  });

  it('refuses an expired link', async () => {
    const user = await unprovedAccount();
    const token = await requestSignInToken(user.email);
    await env.DB.prepare('UPDATE email_tokens SET expires_at = ? WHERE id = ?')
      .bind(Date.now() - 1, await sha256Hex(token))
      .run();
    await expectInvalidLink(await signInWithLink(token));
    expect(await emailVerifiedAt(user.id)).toBeNull();
  });

  it('refuses the earlier link once a newer one was asked for', async () => {
    const user = await unprovedAccount();
    const first = await requestSignInToken(user.email);
    const second = await requestSignInToken(user.email);
    await expectInvalidLink(await signInWithLink(first));
    expect((await signInWithLink(second)).status).toBe(200);
  });

  it('refuses a link sent to an address the account has since left', async () => {
    const user = await unprovedAccount();
    const token = await requestSignInToken(user.email);
    await env.DB.prepare('UPDATE users SET email = ? WHERE id = ?').bind(uniqueEmail('moved'), user.id).run();
    await expectInvalidLink(await signInWithLink(token));
  });

  it('refuses a link for an account being deleted', async () => {
    const user = await unprovedAccount();
    const token = await requestSignInToken(user.email);
    await env.DB.prepare('UPDATE users SET deleting_at = ? WHERE id = ?').bind(Date.now(), user.id).run();
    await expectInvalidLink(await signInWithLink(token));
  });

  it.each([
    ['a made-up token of the right shape', generateToken()],
    ['a token of the wrong shape', 'not-a-token'],
    ['an empty token', ''],
  ])('answers 400 INVALID_SIGN_IN_LINK for %s', async (_label, token) => {
    await expectInvalidLink(await signInWithLink(token));
  });

  it('answers 400 INVALID_SIGN_IN_LINK for a password-reset link', async () => {
    const user = await unprovedAccount();
    const reset = await call('/api/forgotPassword', { method: 'POST', body: { email: user.email } });
    expect(reset.status).toBe(202);
    const [mail] = await mailTo(user.email);
    const resetToken = /\/recover\?token=([\w-]+)/.exec(mail!.text)![1]!;
    await expectInvalidLink(await signInWithLink(resetToken));
  });
});

describe('POST /api/mailSignInLink tells nothing about who has an account', () => {
  it('answers an unknown e-mail with the same 202 and mails nothing', async () => {
    const known = await unprovedAccount();
    const nobody = uniqueEmail('nobody');
    const tokensBefore = await env.DB.prepare('SELECT COUNT(*) AS n FROM email_tokens').first<{ n: number }>();
    const forNobody = await mailSignInLink(nobody);
    const forKnown = await mailSignInLink(known.email);
    expect([forNobody.status, forKnown.status]).toEqual([202, 202]);
    expect(await forNobody.json()).toEqual(await forKnown.json());
    expect(await mailTo(nobody)).toEqual([]);
    expect(await mailTo(known.email)).toHaveLength(1);
    const tokensAfter = await env.DB.prepare('SELECT COUNT(*) AS n FROM email_tokens').first<{ n: number }>();
    expect(tokensAfter!.n - tokensBefore!.n).toBe(1);
  });

  it('answers 400 INVALID_EMAIL for something that is no e-mail', async () => {
    const response = await mailSignInLink('not an e-mail');
    expect(response.status).toBe(400);
    expect(await errorCode(response)).toBe('INVALID_EMAIL');
  });
});

describe('the same-origin rule', () => {
  const crossSite = { headers: { origin: 'https://evil.example' } };

  it('refuses a cross-site request for a link with 403 CROSS_ORIGIN and mails nothing', async () => {
    const user = await unprovedAccount();
    const response = await mailSignInLink(user.email, crossSite);
    expect(response.status).toBe(403);
    expect(await errorCode(response)).toBe('CROSS_ORIGIN');
    expect(await mailTo(user.email)).toEqual([]);
  });

  it('refuses a cross-site sign-in with a link, which stays usable', async () => {
    const user = await unprovedAccount();
    const token = await requestSignInToken(user.email);
    const response = await signInWithLink(token, crossSite);
    expect(response.status).toBe(403);
    expect(await errorCode(response)).toBe('CROSS_ORIGIN');
    expect(sessionCookieFrom(response)).toBeNull();
    expect((await signInWithLink(token)).status).toBe(200);
  });
});

describe('POST /api/mailSignInLink is rate-limited', () => {
  it('answers 429 with Retry-After to the 4th link for one e-mail within an hour, from any addresses, and mails no 4th', async () => {
    const { limit, windowMs } = RATE_LIMITS['sign-in-link-account'];
    expect(limit).toBe(3);
    await awaitRoomInWindow(windowMs);
    const user = await unprovedAccount();
    for (let i = 0; i < limit; i++) expect((await mailSignInLink(user.email, from(freshIp()))).status).toBe(202);
    await expectRateLimited(await mailSignInLink(user.email.toUpperCase(), from(freshIp())), windowMs);
    expect(await mailTo(user.email)).toHaveLength(limit);
    // An e-mail with no account is limited the same way.
    const nobody = uniqueEmail('nobody');
    for (let i = 0; i < limit; i++) expect((await mailSignInLink(nobody, from(freshIp()))).status).toBe(202);
    await expectRateLimited(await mailSignInLink(nobody, from(freshIp())), windowMs);
  });

  it('answers 429 with Retry-After to the 11th request from one address within an hour', async () => {
    const { limit, windowMs } = RATE_LIMITS['sign-in-link-ip'];
    expect(limit).toBe(10);
    await awaitRoomInWindow(windowMs);
    const ip = freshIp();
    for (let i = 0; i < limit; i++) expect((await mailSignInLink(uniqueEmail('probe'), from(ip))).status).toBe(202);
    await expectRateLimited(await mailSignInLink(uniqueEmail('probe'), from(ip)), windowMs);
    expect((await mailSignInLink(uniqueEmail('probe'), from(freshIp()))).status).toBe(202);
  });
});
