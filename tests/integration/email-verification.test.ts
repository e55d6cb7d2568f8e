import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { UNVERIFIED_SEND_LIMIT } from '../../src/common/email-verification';
import type { AccountDetails } from '../../worker/views/account';
import { outboxTo } from '../support/account';
import { call, errorCode, signUp } from '../support/client';
import { insertSessionCookie, insertUser } from '../support/db';
import { storedDocument } from '../support/documents';
import { setSendCredits } from '../support/faxes';
import { receivedFaxesOf, receiver } from '../support/receive';
import { senderWithCredits, sendFax } from '../support/send-fax';
import { waitFor } from '../support/wait';

// Confirming the e-mail address (decision 008's addendum): a link mailed at sign-up, usable once, by
// that account, for that address; until it is followed the account sends only a few faxes and
// gets no mail about received ones, and its account details say so.

/** The token in the newest confirmation link mailed to `email`. */
async function linkTokenFor(email: string): Promise<string> {
  const mail = (await outboxTo(email)).find((m) => m.subject.startsWith('Confirm your e-mail address'));
  if (!mail) throw new Error(`no confirmation mail to ${email}`);
  const link = /http\S+verifyEmail=([\w-]+)/.exec(mail.text);
  if (!link) throw new Error('no link in the confirmation mail');
  return link[1]!;
}

const verify = (cookie: string, token: string) => call('/api/verifyEmail', { method: 'POST', cookie, body: { token } });
const resend = (cookie: string) => call('/api/resendVerification', { method: 'POST', cookie });

async function accountOf(cookie: string): Promise<AccountDetails> {
  return ((await (await call('/api/account', { cookie })).json()) as { account: AccountDetails }).account;
}

describe('confirming the e-mail address', () => {
  it('mails a link at sign-up to the address, on the public origin, that confirms it once', async () => {
    const { cookie, email } = await signUp();
    const [mail] = (await outboxTo(email)).filter((m) => m.subject.startsWith('Confirm your e-mail address'));
    expect(mail?.text).toContain('http://localhost:8787/dashboard?verifyEmail=');
    expect(await accountOf(cookie)).toMatchObject({ emailVerified: false, unverifiedSendsLeft: UNVERIFIED_SEND_LIMIT });

    const token = await linkTokenFor(email);
    const confirmed = await verify(cookie, token);
    expect(confirmed.status).toBe(200);
    expect(((await confirmed.json()) as { account: AccountDetails }).account).toMatchObject({
      emailVerified: true,
      unverifiedSendsLeft: null,
    });

    const again = await verify(cookie, token);
    expect(again.status).toBe(400);
    expect(await errorCode(again)).toBe('INVALID_VERIFICATION_LINK');
  });

  it("refuses another account's link, which then still works for its owner", async () => {
    const owner = await signUp();
    const other = await signUp();
    const token = await linkTokenFor(owner.email);
    const stolen = await verify(other.cookie, token);
    expect(stolen.status).toBe(400);
    expect((await accountOf(other.cookie)).emailVerified).toBe(false);
    expect((await verify(owner.cookie, token)).status).toBe(200);
  });

  it('refuses a link for an address the account has since left, and a made-up one', async () => {
    const { cookie, email, userId } = await signUp();
    const token = await linkTokenFor(email);
    await env.DB.prepare('UPDATE users SET email = ? WHERE id = ?').bind(`moved-${email}`, userId).run();
    expect((await verify(cookie, token)).status).toBe(400);
    expect((await verify(cookie, 'x'.repeat(43))).status).toBe(400);
    expect((await verify(cookie, 'short')).status).toBe(400);
    expect((await accountOf(cookie)).emailVerified).toBe(false);
  });

  it('sends the link again on request, which ends the old one; not once confirmed; at most five an hour', async () => {
    const { cookie, email } = await signUp();
    const first = await linkTokenFor(email);
    expect((await resend(cookie)).status).toBe(202);
    const second = await linkTokenFor(email);
    expect(second).not.toBe(first);
    expect((await verify(cookie, first)).status).toBe(400);
    for (let i = 0; i < 4; i++) expect((await resend(cookie)).status).toBe(202);
    const limited = await resend(cookie);
    expect(limited.status).toBe(429);
    expect(await errorCode(limited)).toBe('RATE_LIMITED');

    expect((await verify(cookie, await linkTokenFor(email))).status).toBe(200);
    const done = await resend(cookie);
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({ sent: false, verified: true });
  });

  it('needs a session', async () => {
    expect((await verify('', 'x'.repeat(43))).status).toBe(401);
    expect((await resend('')).status).toBe(401);
  });
});

describe('what an account may do before its address is confirmed', () => {
  it(`sends ${UNVERIFIED_SEND_LIMIT} faxes, then answers 403 EMAIL_NOT_VERIFIED until the address is confirmed`, async () => {
    const user = await insertUser({ verified: false });
    const cookie = await insertSessionCookie(user.id);
    await setSendCredits(user.id, 20, 0);
    const fileId = await storedDocument(user.id, 1);
    const body = { toNumber: '+12125550123', fileId, coverpage: false, pageCount: 1 };
    for (let i = 0; i < UNVERIFIED_SEND_LIMIT; i++) expect((await sendFax(cookie, body)).status).toBe(201);
    expect((await accountOf(cookie)).unverifiedSendsLeft).toBe(0);
    const refused = await sendFax(cookie, body);
    expect(refused.status).toBe(403);
    expect(await errorCode(refused)).toBe('EMAIL_NOT_VERIFIED');

    await env.DB.prepare('UPDATE users SET email_verified_at = ? WHERE id = ?').bind(Date.now(), user.id).run();
    expect((await sendFax(cookie, body)).status).toBe(201);
  });

  it('gets no mail about a received fax, which still arrives', async () => {
    const to = await receiver(10, 0);
    await env.DB.prepare('UPDATE users SET email_verified_at = NULL WHERE id = ?').bind(to.userId).run();
    const from = await senderWithCredits(5);
    const fileId = await storedDocument(from.userId, 1);
    expect((await sendFax(from.cookie, { toNumber: to.number, fileId, coverpage: false, pageCount: 1 })).status).toBe(201);
    await waitFor(async () => ((await receivedFaxesOf(to.userId)).some((f) => f.status === 'RECEIVED') ? true : null), {
      what: 'the received fax',
    });
    expect(await outboxTo(to.email)).toEqual([]);
  });
});
