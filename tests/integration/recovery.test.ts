import { createExecutionContext } from 'cloudflare:test';
import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../worker/app';
import { sha256Hex } from '../../worker/crypto/tokens';
import { RATE_LIMITS } from '../../worker/domain/rate-limits';
import { sessionSetCookie } from '../support/auth';
import { call, errorCode, ORIGIN, uniqueEmail } from '../support/client';
import { insertUser } from '../support/db';
import { primaryButtons } from '../support/mail-html';
import { awaitRoomInWindow } from '../support/rate-limit';
import { forgotPassword, mailTo, requestResetToken, resetTokenRow, resetTokensOf, tokenInMail } from '../support/recovery';
import { sleep } from '../support/wait';

// POST /api/forgotPassword and GET /api/devOutbox. Resetting with the link: reset-password.test.ts.

const HOUR = 60 * 60 * 1000;

/** A user who signs in with a password (the hash is never checked here). */
async function passwordUser(email = uniqueEmail('recover')) {
  return insertUser({ email, passwordHash: 'scrypt$not-checked-here' });
}

describe('POST /api/forgotPassword', () => {
  it('answers the same for a known and an unknown e-mail: 202 { sent: true }, no cookie', async () => {
    const known = await passwordUser();
    const answers = [];
    for (const email of [known.email, uniqueEmail('nobody')]) {
      const response = await forgotPassword(email);
      answers.push({ status: response.status, body: await response.text(), cookie: sessionSetCookie(response) });
    }
    expect(answers[0]).toEqual({ status: 202, body: JSON.stringify({ sent: true }), cookie: undefined });
    expect(answers[1]).toEqual(answers[0]);
  });

  it('mails a link to a known e-mail only, and the mail says what the link is for', async () => {
    const known = await passwordUser();
    const unknown = uniqueEmail('nobody');
    await forgotPassword(known.email);
    await forgotPassword(unknown);
    expect(await mailTo(unknown)).toEqual([]);
    const mail = await mailTo(known.email);
    expect(mail).toHaveLength(1);
    const [message] = mail;
    expect(message!.to).toBe(known.email);
    expect(message!.subject).toBe('Reset your FaxFlow password');
    const token = tokenInMail(message!);
    expect(token).toMatch(/^[\w-]{43}$/);
    const link = `${ORIGIN}/recover?token=${token}`;
    for (const body of [message!.text, message!.html]) {
      expect(body).toContain('FaxFlow');
      expect(body).toContain(link);
      expect(body).toContain('valid for 1 hour and can be used once');
      expect(body).toContain('If you did not ask for this, ignore this e-mail');
    }
    expect(primaryButtons(message!.html)).toEqual([{ label: 'Choose a new password', link }]);
  });

  it('builds the link on PUBLIC_ORIGIN, never on the Host the request came with', async () => {
    const known = await passwordUser();
    const evil = 'http://evil.example';
    const response = await exports.default.fetch(
      new Request(`${evil}/api/forgotPassword`, {
        method: 'POST',
        headers: { origin: evil, 'content-type': 'application/json', 'cf-connecting-ip': '203.0.113.77' },
        body: JSON.stringify({ email: known.email }),
      }),
    );
    expect(response.status).toBe(202);
    const [message] = await mailTo(known.email);
    for (const body of [message!.text, message!.html]) {
      expect(body).toContain(`${ORIGIN}/recover?token=`);
      expect(body).not.toContain('evil.example');
    }
  });

  it('escapes the e-mail address in the HTML of the mail', async () => {
    const user = await passwordUser(`o'brien-${Date.now().toString(36)}@example.com`);
    await forgotPassword(user.email);
    const [message] = await mailTo(user.email);
    expect(message!.text).toContain(user.email);
    expect(message!.html).toContain(user.email.replace("'", '&#39;'));
    expect(message!.html).not.toContain(user.email);
  });

  it('stores only the SHA-256 of the token, for one hour, with /dashboard as the way back', async () => {
    const user = await passwordUser();
    const before = Date.now();
    const token = await requestResetToken(user.email);
    const row = await resetTokenRow(token);
    expect(row).toMatchObject({
      id: await sha256Hex(token),
      user_id: user.id,
      purpose: 'password-reset',
      payload: '/dashboard',
      used_at: null,
    });
    expect(row!.created_at).toBeGreaterThanOrEqual(before);
    expect(row!.expires_at - row!.created_at).toBe(HOUR);
    const { results } = await env.DB.prepare('SELECT * FROM email_tokens').all();
    expect(JSON.stringify(results)).not.toContain(token);
  });

  it('finds the account whatever the case and spacing of the e-mail', async () => {
    const user = await passwordUser();
    expect((await forgotPassword(`  ${user.email.toUpperCase()} `)).status).toBe(202);
    expect(await mailTo(user.email)).toHaveLength(1);
  });

  it('keeps a same-site redirect, query included, and stores /dashboard for anything else', async () => {
    const cases: Array<[string, string]> = [
      ['/settings?tab=security', '/settings?tab=security'],
      ['https://evil.example', '/dashboard'],
      ['//evil.example', '/dashboard'],
      ['/\\evil.example', '/dashboard'],
      ['javascript:alert(1)', '/dashboard'],
    ];
    for (const [redirect, stored] of cases) {
      const user = await passwordUser();
      const token = await requestResetToken(user.email, redirect);
      expect((await resetTokenRow(token))!.payload, redirect).toBe(stored);
    }
  });

  it('replaces the earlier links of the account when a new one is asked for', async () => {
    const user = await passwordUser();
    const first = await requestResetToken(user.email);
    const second = await requestResetToken(user.email);
    expect(first).not.toBe(second);
    expect(await resetTokenRow(first)).toBeNull();
    expect((await resetTokensOf(user.id)).map((r) => r.id)).toEqual([await sha256Hex(second)]);
  });

  it('sends a link to an account that only signs in with Google (to set a first password)', async () => {
    const user = await insertUser({ passwordHash: null });
    await env.DB.prepare('UPDATE users SET google_subject = ? WHERE id = ?').bind(`g-${user.id}`, user.id).run();
    await forgotPassword(user.email);
    expect(await mailTo(user.email)).toHaveLength(1);
  });

  it('sends nothing for an account being deleted, and answers the same', async () => {
    const user = await passwordUser();
    await env.DB.prepare('UPDATE users SET deleting_at = ? WHERE id = ?').bind(Date.now(), user.id).run();
    const response = await forgotPassword(user.email);
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ sent: true });
    expect(await mailTo(user.email)).toEqual([]);
    expect(await resetTokensOf(user.id)).toEqual([]);
  });

  it.each([
    ['no e-mail', {}, 'INVALID_EMAIL'],
    ['a malformed e-mail', { email: 'not-an-email' }, 'INVALID_EMAIL'],
    ['a redirect that is not a string', { email: 'a@example.com', redirect: 5 }, 'INVALID_INPUT'],
  ])('answers 400 for %s', async (_label, body, code) => {
    const response = await call('/api/forgotPassword', { method: 'POST', body });
    expect(response.status).toBe(400);
    expect(await errorCode(response)).toBe(code);
  });

  it('refuses a request from another site: 403 CROSS_ORIGIN and no mail', async () => {
    const user = await passwordUser();
    const response = await forgotPassword(user.email, undefined, { headers: { origin: 'https://evil.example' } });
    expect(response.status).toBe(403);
    expect(await errorCode(response)).toBe('CROSS_ORIGIN');
    expect(await mailTo(user.email)).toEqual([]);
  });

  it('answers 429 with Retry-After to the 11th request from one address within the hour', async () => {
    await awaitRoomInWindow(RATE_LIMITS['recovery-ip'].windowMs);
    const ip = `192.0.2.${Math.floor(Math.random() * 250) + 1}`;
    for (let i = 0; i < 10; i++) {
      expect((await forgotPassword(uniqueEmail('ip-limit'), undefined, { headers: { 'cf-connecting-ip': ip } })).status).toBe(202);
    }
    const limited = await forgotPassword(uniqueEmail('ip-limit'), undefined, { headers: { 'cf-connecting-ip': ip } });
    expect(limited.status).toBe(429);
    expect(await errorCode(limited)).toBe('RATE_LIMITED');
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    // The window slides (decision 051): ten asked for early in an hour are taken as spread over it,
    // so the wait can pass the hour, never two.
    expect(retryAfter).toBeLessThanOrEqual(2 * 3600);
    // Another address is not held up.
    expect((await forgotPassword(uniqueEmail('ip-limit'))).status).toBe(202);
  });

  it('answers 429 to the 4th request for one e-mail from different addresses, account or not', async () => {
    await awaitRoomInWindow(RATE_LIMITS['recovery-account'].windowMs);
    const known = await passwordUser();
    const answers: Record<string, { status: number; body: string; retryAfter: string | null }> = {};
    for (const email of [known.email, uniqueEmail('nobody')]) {
      for (let i = 0; i < 3; i++) expect((await forgotPassword(email)).status).toBe(202);
      const limited = await forgotPassword(email);
      answers[email] = { status: limited.status, body: await limited.text(), retryAfter: limited.headers.get('retry-after') };
    }
    const [forKnown, forUnknown] = Object.values(answers);
    expect(forKnown!.status).toBe(429);
    expect(JSON.parse(forKnown!.body)).toMatchObject({ error: { code: 'RATE_LIMITED' } });
    expect(Number(forKnown!.retryAfter)).toBeGreaterThan(0);
    expect(forUnknown!.status).toBe(429);
    expect(forUnknown!.body).toBe(forKnown!.body);
    // Only the three allowed requests sent mail.
    expect(await mailTo(known.email)).toHaveLength(3);
  });
});

describe('GET /api/devOutbox', () => {
  it('lists the mail to one address newest first, and all mail without ?to=', async () => {
    const a = await passwordUser();
    const b = await passwordUser();
    const first = await requestResetToken(a.email);
    await sleep(2); // mails of the same millisecond have no order
    await requestResetToken(b.email);
    await sleep(2);
    const second = await requestResetToken(a.email);
    const forA = await mailTo(a.email);
    expect(forA.map(tokenInMail)).toEqual([second, first]);
    expect(forA[0]!.createdAt).toBeGreaterThanOrEqual(forA[1]!.createdAt);
    const all = await call('/api/devOutbox');
    const everyone = ((await all.json()) as { mail: Array<{ to: string }> }).mail.map((m) => m.to);
    expect(everyone).toEqual(expect.arrayContaining([a.email, b.email]));
  });

  it('does not exist with dev tools off: 404 NOT_FOUND', async () => {
    const app = createApp();
    const response = await app.fetch(
      new Request(`${ORIGIN}/api/devOutbox`, { headers: { origin: ORIGIN } }),
      // As in production: no dev tools, so Google's real key URL.
      { ...env, DEV_TOOLS: 'off', GOOGLE_JWKS_URL: 'https://www.googleapis.com/oauth2/v3/certs' },
      createExecutionContext(),
    );
    expect(response.status).toBe(404);
    expect(await errorCode(response)).toBe('NOT_FOUND');
  });
});
