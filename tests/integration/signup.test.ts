import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { call, errorCode, GOOD_PASSWORD, sessionCookieFrom, signUp, uniqueEmail } from '../support/client';

describe('POST /api/signup', () => {
  it('creates the account, answers the user and opens a session', async () => {
    const email = uniqueEmail();
    const response = await call('/api/signup', {
      method: 'POST',
      body: { email: `  ${email.toUpperCase()} `, password: GOOD_PASSWORD, displayName: 'Ada Lovelace' },
    });
    expect(response.status).toBe(201);
    const body = (await response.json()) as { user: { email: string; displayName: string } };
    expect(body.user).toMatchObject({ email, displayName: 'Ada Lovelace' });
    const setCookie = response.headers.getSetCookie().join('\n');
    expect(setCookie).toMatch(/fax_session=[^;]+;.*HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Secure/i);
  });

  it('stores neither the raw password nor the raw session token', async () => {
    const email = uniqueEmail();
    const response = await call('/api/signup', { method: 'POST', body: { email, password: GOOD_PASSWORD } });
    const token = sessionCookieFrom(response)!.split('=')[1]!;
    const user = await env.DB.prepare('SELECT * FROM users WHERE email = ?').bind(email).first<Record<string, string>>();
    expect(user?.password_hash).toMatch(/^scrypt\$/);
    expect(JSON.stringify(user)).not.toContain(GOOD_PASSWORD);
    const sessions = await env.DB.prepare('SELECT * FROM sessions WHERE user_id = ?').bind(user!.id).all();
    expect(sessions.results).toHaveLength(1);
    expect(JSON.stringify(sessions.results)).not.toContain(token);
  });

  it('answers 409 EMAIL_IN_USE for a taken e-mail, whatever its case', async () => {
    const { email } = await signUp();
    const response = await call('/api/signup', {
      method: 'POST',
      body: { email: email.toUpperCase(), password: GOOD_PASSWORD },
    });
    expect(response.status).toBe(409);
    expect(await errorCode(response)).toBe('EMAIL_IN_USE');
  });

  it.each([
    [{ email: 'not-an-email', password: GOOD_PASSWORD }, 'INVALID_EMAIL'],
    [{ password: GOOD_PASSWORD }, 'INVALID_EMAIL'],
    [{ email: uniqueEmail(), password: 'short' }, 'WEAK_PASSWORD'],
    [{ email: uniqueEmail(), password: 'x'.repeat(129) }, 'WEAK_PASSWORD'],
    [{ email: uniqueEmail() }, 'WEAK_PASSWORD'],
    [{ email: uniqueEmail(), password: GOOD_PASSWORD, displayName: 'n'.repeat(81) }, 'INVALID_INPUT'],
    [[1, 2, 3], 'INVALID_INPUT'],
  ])('answers 400 for %j', async (body, code) => {
    const response = await call('/api/signup', { method: 'POST', body });
    expect(response.status).toBe(400);
    expect(await errorCode(response)).toBe(code);
  });

  // Issue 15, finding 4: each of these was accepted; the answer now says why it is refused.
  it.each([
    ['eight spaces', '        ', /only spaces/],
    ['eight NUL characters', '\u0000'.repeat(8), /control characters/],
    ['one letter repeated', 'aaaaaaaa', /too easy to guess/],
    ['a run of letters', 'abcdefgh', /too easy to guess/],
  ])('refuses %s as a password with 400 WEAK_PASSWORD and the reason, creating no account', async (_label, password, reason) => {
    const email = uniqueEmail('weak');
    const response = await call('/api/signup', { method: 'POST', body: { email, password } });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('WEAK_PASSWORD');
    expect(body.error.message).toMatch(reason);
    expect(await env.DB.prepare('SELECT id FROM users WHERE email = ?').bind(email).first()).toBeNull();
  });

  it('answers 400 MALFORMED_BODY for a body that is not JSON', async () => {
    const response = await call('/api/signup', { method: 'POST', body: '{"email": ' });
    expect(response.status).toBe(400);
    expect(await errorCode(response)).toBe('MALFORMED_BODY');
  });

  it('refuses a request from another site with 403 CROSS_ORIGIN', async () => {
    const email = uniqueEmail();
    const foreignOrigin = await call('/api/signup', {
      method: 'POST',
      body: { email, password: GOOD_PASSWORD },
      headers: { origin: 'https://evil.example' },
    });
    expect(foreignOrigin.status).toBe(403);
    expect(await errorCode(foreignOrigin)).toBe('CROSS_ORIGIN');
    const crossSite = await call('/api/signup', {
      method: 'POST',
      body: { email, password: GOOD_PASSWORD },
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.status).toBe(403);
    const row = await env.DB.prepare('SELECT id FROM users WHERE email = ?').bind(email).first();
    expect(row).toBeNull();
  });
});

describe('POST /api/signup weighs a password with the account’s own words (issue 32)', () => {
  it.each([
    ['faxflow123', 'WEAK_PASSWORD', 'made from FaxFlow'],
    ['FaxFlow2026', 'WEAK_PASSWORD', 'made from FaxFlow'],
    ['lovelace2026', 'WEAK_PASSWORD', 'your e-mail address'],
    ['engines.example99', 'WEAK_PASSWORD', 'your e-mail address'],
    ['Password1!', 'COMMON_PASSWORD', 'common'],
    ['qwerty123!', 'COMMON_PASSWORD', 'common'],
  ])('refuses %j with %s and no account', async (password, code, words) => {
    const email = `lovelace.${crypto.randomUUID().slice(0, 8)}@engines.example`;
    const response = await call('/api/signup', { method: 'POST', body: { email, password } });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe(code);
    expect(body.error.message).toContain(words);
    expect(await env.DB.prepare('SELECT id FROM users WHERE email = ?').bind(email).first()).toBeNull();
  });

  it('takes a phrase of the person’s own', async () => {
    const email = `lovelace.${crypto.randomUUID().slice(0, 8)}@engines.example`;
    const response = await call('/api/signup', { method: 'POST', body: { email, password: 'analytical engine of bernoulli' } });
    expect(response.status).toBe(201);
  });
});
