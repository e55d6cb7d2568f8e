import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../worker/crypto/tokens';
import type { AccountDetails } from '../../worker/views/account';
import { accountRow, type OutboxRowRaw, outboxTo } from '../support/account';
import { logIn } from '../support/auth';
import { type CallOptions, call, errorCode, GOOD_PASSWORD, ORIGIN, signUp, uniqueEmail } from '../support/client';
import { insertSessionCookie, insertUser, passwordAccount } from '../support/db';
import { openLiveFor } from '../support/live';
import { sleep } from '../support/wait';

type Options = Omit<CallOptions, 'method' | 'body' | 'cookie'>;

function changeEmail(cookie: string | null, body: unknown, options: Options = {}): Promise<Response> {
  return call('/api/changeEmail', { ...options, method: 'POST', cookie, body });
}

function confirmEmailChange(cookie: string | null, token: unknown, options: Options = {}): Promise<Response> {
  return call('/api/confirmEmailChange', { ...options, method: 'POST', cookie, body: { token } });
}

const LINK = new RegExp(`${ORIGIN.replace(/[.:/]/g, '\\$&')}/settings\\?confirmEmail=([^\\s"<&]+)`);

/** The token in the confirmation link of a mail, or null. */
function tokenIn(mail: OutboxRowRaw): string | null {
  const match = LINK.exec(mail.text);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

/** Asks for the change and answers the token from the mail that reached the new address. */
async function requestChange(cookie: string, newEmail: string): Promise<string> {
  const response = await changeEmail(cookie, { currentPassword: GOOD_PASSWORD, newEmail });
  if (response.status !== 202) throw new Error(`changeEmail: ${response.status} ${await response.text()}`);
  const [latest] = await outboxTo(newEmail);
  const token = latest ? tokenIn(latest) : null;
  if (!token) throw new Error(`no confirmation link in the outbox for ${newEmail}`);
  return token;
}

async function emailChecks(email: string): Promise<unknown> {
  const response = await exports.default.fetch(new Request(`${ORIGIN}/api/checkIfEmailExists?email=${encodeURIComponent(email)}`));
  return response.json();
}

describe('POST /api/changeEmail', () => {
  it('answers 202, mails a link to the new address and a notice to the old one, and changes nothing yet', async () => {
    const { email, userId, cookie } = await passwordAccount();
    const newEmail = uniqueEmail('new');
    const response = await changeEmail(cookie, { currentPassword: GOOD_PASSWORD, newEmail: `  ${newEmail.toUpperCase()} ` });
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ sent: true, newEmail });

    const toNew = await outboxTo(newEmail);
    expect(toNew).toHaveLength(1);
    const token = tokenIn(toNew[0]!);
    expect(token).toMatch(/^[\w-]{20,}$/);
    expect(toNew[0]!.html).toContain(`/settings?confirmEmail=`);

    const toOld = await outboxTo(email);
    expect(toOld).toHaveLength(1);
    expect(toOld[0]!.text).toContain(newEmail);
    expect(toOld[0]!.text).not.toContain(token!);
    expect(toOld[0]!.html).not.toContain(token!);

    // Not changed until the link is followed.
    expect((await accountRow(userId)).email).toBe(email);
    expect((await logIn(email, GOOD_PASSWORD)).response.status).toBe(200);
    // Only a digest of the token is stored.
    const row = await env.DB.prepare("SELECT * FROM email_tokens WHERE user_id = ? AND purpose = 'email-change'")
      .bind(userId)
      .first<{ id: string; payload: string }>();
    expect(row).toMatchObject({ id: await sha256Hex(token!), payload: newEmail });
  });

  it('answers 400 INVALID_CURRENT_PASSWORD for a wrong current password, and sends nothing', async () => {
    const { cookie } = await passwordAccount();
    const newEmail = uniqueEmail('new');
    const response = await changeEmail(cookie, { currentPassword: 'not my password', newEmail });
    expect(response.status).toBe(400);
    expect(await errorCode(response)).toBe('INVALID_CURRENT_PASSWORD');
    expect(await outboxTo(newEmail)).toEqual([]);
  });

  it('checks the current password first (spec §5): a wrong one with a bad new e-mail is INVALID_CURRENT_PASSWORD', async () => {
    const { cookie } = await passwordAccount();
    const response = await changeEmail(cookie, { currentPassword: 'not my password', newEmail: 'not-an-email' });
    expect(response.status).toBe(400);
    expect(await errorCode(response)).toBe('INVALID_CURRENT_PASSWORD');
  });

  it('answers 400 OTHER for an address another account uses, whatever its case', async () => {
    const { cookie, email } = await passwordAccount();
    const other = await insertUser();
    const response = await changeEmail(cookie, { currentPassword: GOOD_PASSWORD, newEmail: other.email.toUpperCase() });
    expect(response.status).toBe(400);
    expect(await errorCode(response)).toBe('OTHER');
    expect(await outboxTo(other.email)).toEqual([]);
    expect(await outboxTo(email)).toEqual([]);
  });

  it('answers 400 OTHER for the address the account already has', async () => {
    const { cookie, email } = await passwordAccount();
    const response = await changeEmail(cookie, { currentPassword: GOOD_PASSWORD, newEmail: email.toUpperCase() });
    expect(response.status).toBe(400);
    expect(await errorCode(response)).toBe('OTHER');
    expect(await outboxTo(email)).toEqual([]);
  });

  it.each([
    ['a new e-mail that is not one', { currentPassword: GOOD_PASSWORD, newEmail: 'not-an-email' }],
    ['no new e-mail', { currentPassword: GOOD_PASSWORD }],
    ['no current password', { newEmail: 'someone-new@example.com' }],
    ['an empty current password', { currentPassword: '', newEmail: 'someone-new@example.com' }],
    ['a current password that is a number', { currentPassword: 12345678, newEmail: 'someone-new@example.com' }],
    ['a list', ['someone-new@example.com']],
  ])('answers 400 OTHER (spec §5) for %s', async (_label, body) => {
    const { cookie, userId, email } = await passwordAccount();
    const response = await changeEmail(cookie, JSON.stringify(body));
    expect(response.status).toBe(400);
    expect(await errorCode(response)).toBe('OTHER');
    expect((await accountRow(userId)).email).toBe(email);
    expect(await outboxTo('someone-new@example.com')).toEqual([]);
  });

  it('answers 400 OTHER for an account that signs in only with Google', async () => {
    const user = await insertUser({ passwordHash: null });
    const cookie = await insertSessionCookie(user.id);
    const newEmail = uniqueEmail('new');
    const response = await changeEmail(cookie, { currentPassword: GOOD_PASSWORD, newEmail });
    expect(response.status).toBe(400);
    expect(await errorCode(response)).toBe('OTHER');
    expect(await outboxTo(newEmail)).toEqual([]);
  });

  it('answers 401 UNAUTHENTICATED without a session', async () => {
    const response = await changeEmail(null, { currentPassword: GOOD_PASSWORD, newEmail: uniqueEmail() });
    expect(response.status).toBe(401);
    expect(await errorCode(response)).toBe('UNAUTHENTICATED');
  });

  it.each([
    ['an Origin of another site', { origin: 'https://evil.example' }],
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
  ])('refuses %s with 403 CROSS_ORIGIN and sends nothing', async (_label, headers) => {
    const { cookie } = await passwordAccount();
    const newEmail = uniqueEmail('new');
    const response = await changeEmail(cookie, { currentPassword: GOOD_PASSWORD, newEmail }, { headers });
    expect(response.status).toBe(403);
    expect(await errorCode(response)).toBe('CROSS_ORIGIN');
    expect(await outboxTo(newEmail)).toEqual([]);
  });
});

describe('POST /api/confirmEmailChange', () => {
  it('makes the new address the account e-mail: the old one no longer signs in, the new one does', async () => {
    const { email, userId, cookie } = await signUp();
    const newEmail = uniqueEmail('new');
    const token = await requestChange(cookie, newEmail);

    const response = await confirmEmailChange(cookie, token);
    expect(response.status).toBe(200);
    const { account } = (await response.json()) as { account: AccountDetails };
    expect(account).toMatchObject({ id: userId, email: newEmail });
    expect((await accountRow(userId)).email).toBe(newEmail);

    const old = await logIn(email, GOOD_PASSWORD);
    expect(old.response.status).toBe(401);
    expect(await errorCode(old.response)).toBe('INVALID_CREDENTIALS');
    expect((await logIn(newEmail, GOOD_PASSWORD)).response.status).toBe(200);
    expect(await emailChecks(email)).toEqual([]);
    expect(await emailChecks(newEmail)).toEqual(['password']);
    // The session that confirmed stays signed in.
    expect((await call('/api/verifyAuth', { method: 'POST', cookie })).status).toBe(200);
  });

  it('works once: the same link a second time answers 400 OTHER', async () => {
    const { userId, cookie } = await passwordAccount();
    const newEmail = uniqueEmail('new');
    const token = await requestChange(cookie, newEmail);
    expect((await confirmEmailChange(cookie, token)).status).toBe(200);
    const again = await confirmEmailChange(cookie, token);
    expect(again.status).toBe(400);
    expect(await errorCode(again)).toBe('OTHER');
    expect((await accountRow(userId)).email).toBe(newEmail);
  });

  it("refuses another user's link with 400 OTHER, and the owner can still use it", async () => {
    const owner = await passwordAccount();
    const intruder = await passwordAccount();
    const newEmail = uniqueEmail('new');
    const token = await requestChange(owner.cookie, newEmail);

    const stolen = await confirmEmailChange(intruder.cookie, token);
    expect(stolen.status).toBe(400);
    expect(await errorCode(stolen)).toBe('OTHER');
    expect((await accountRow(intruder.userId)).email).toBe(intruder.email);
    expect((await accountRow(owner.userId)).email).toBe(owner.email);

    expect((await confirmEmailChange(owner.cookie, token)).status).toBe(200);
    expect((await accountRow(owner.userId)).email).toBe(newEmail);
  });

  it('refuses an expired link with 400 OTHER', async () => {
    const { email, userId, cookie } = await passwordAccount();
    const token = await requestChange(cookie, uniqueEmail('new'));
    await env.DB.prepare('UPDATE email_tokens SET expires_at = ? WHERE id = ?')
      .bind(Date.now() - 1, await sha256Hex(token))
      .run();
    const response = await confirmEmailChange(cookie, token);
    expect(response.status).toBe(400);
    expect(await errorCode(response)).toBe('OTHER');
    expect((await accountRow(userId)).email).toBe(email);
  });

  it('keeps a link valid for 24 hours', async () => {
    const { cookie } = await passwordAccount();
    const before = Date.now();
    const token = await requestChange(cookie, uniqueEmail('new'));
    const row = await env.DB.prepare('SELECT created_at, expires_at FROM email_tokens WHERE id = ?')
      .bind(await sha256Hex(token))
      .first<{ created_at: number; expires_at: number }>();
    expect(row!.expires_at - row!.created_at).toBe(24 * 60 * 60 * 1000);
    expect(row!.created_at).toBeGreaterThanOrEqual(before);
  });

  it('honours only the newest request: an earlier link stops working', async () => {
    const { userId, cookie } = await passwordAccount();
    const first = uniqueEmail('first');
    const second = uniqueEmail('second');
    const firstToken = await requestChange(cookie, first);
    const secondToken = await requestChange(cookie, second);

    const stale = await confirmEmailChange(cookie, firstToken);
    expect(stale.status).toBe(400);
    expect(await errorCode(stale)).toBe('OTHER');
    expect((await confirmEmailChange(cookie, secondToken)).status).toBe(200);
    expect((await accountRow(userId)).email).toBe(second);
  });

  it('answers 400 OTHER when the new address was taken between the request and the link', async () => {
    const { email, userId, cookie } = await passwordAccount();
    const newEmail = uniqueEmail('contested');
    const token = await requestChange(cookie, newEmail);
    const taker = await insertUser({ email: newEmail });

    const response = await confirmEmailChange(cookie, token);
    expect(response.status).toBe(400);
    expect(await errorCode(response)).toBe('OTHER');
    expect((await accountRow(userId)).email).toBe(email);
    expect((await accountRow(taker.id)).email).toBe(newEmail);
  });

  it("tells the user's other pages (account.updated), not the page that confirmed", async () => {
    const { userId, cookie } = await passwordAccount();
    const other = await insertSessionCookie(userId);
    const token = await requestChange(cookie, uniqueEmail('new'));
    const ownSocket = await openLiveFor(cookie);
    const otherSocket = await openLiveFor(other);
    expect((await confirmEmailChange(cookie, token)).status).toBe(200);
    await otherSocket.waitForEvent((e) => e['type'] === 'account.updated');
    await sleep(150);
    expect(ownSocket.events()).toEqual([]);
  });

  it.each([
    ['an unknown token', 'x'.repeat(43)],
    ['a token too short to be one', 'short'],
    ['a token that is a number', 12345678901],
    ['no token', undefined],
  ])('answers 400 OTHER for %s', async (_label, token) => {
    const { cookie } = await passwordAccount();
    const response = await confirmEmailChange(cookie, token);
    expect(response.status).toBe(400);
    expect(await errorCode(response)).toBe('OTHER');
  });

  it('does not take the stored digest in place of the token', async () => {
    const { cookie } = await passwordAccount();
    const token = await requestChange(cookie, uniqueEmail('new'));
    const response = await confirmEmailChange(cookie, await sha256Hex(token));
    expect(response.status).toBe(400);
    expect((await confirmEmailChange(cookie, token)).status).toBe(200);
  });

  it('answers 401 UNAUTHENTICATED without a session, and the link stays usable', async () => {
    const { cookie } = await passwordAccount();
    const token = await requestChange(cookie, uniqueEmail('new'));
    const response = await confirmEmailChange(null, token);
    expect(response.status).toBe(401);
    expect(await errorCode(response)).toBe('UNAUTHENTICATED');
    expect((await confirmEmailChange(cookie, token)).status).toBe(200);
  });

  it.each([
    ['an Origin of another site', { origin: 'https://evil.example' }],
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
  ])('refuses %s with 403 CROSS_ORIGIN, and the link stays usable', async (_label, headers) => {
    const { email, userId, cookie } = await passwordAccount();
    const token = await requestChange(cookie, uniqueEmail('new'));
    const response = await confirmEmailChange(cookie, token, { headers });
    expect(response.status).toBe(403);
    expect(await errorCode(response)).toBe('CROSS_ORIGIN');
    expect((await accountRow(userId)).email).toBe(email);
    expect((await confirmEmailChange(cookie, token)).status).toBe(200);
  });
});
