import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { LoginHistoryEntry } from '../../src/common/account-view';
import { SETUP_STEPS } from '../../src/common/onboarding';
import type { AccountDetails } from '../../worker/views/account';
import { accountOf, accountRow, needsSetupAtVerifyAuth, pageGet, setupNewUser, withFreeCreditsOption } from '../support/account';
import { logInOk } from '../support/auth';
import { call, errorCode, GOOD_PASSWORD, signUp } from '../support/client';
import { hashTestPassword, insertSessionCookie, insertUser, loginEventsOf } from '../support/db';
import { googleLogIn, googleToken } from '../support/google';
import { openLiveFor } from '../support/live';
import { sleep, waitFor } from '../support/wait';

const FIREFOX_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI_ON_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

/**
 * An account exactly as a first sign-in leaves it (created and last signed in at the same moment,
 * setup not run), with a session: cheap, no password hashing.
 */
async function freshAccount(fields: Parameters<typeof insertUser>[0] = {}): Promise<{ userId: string; email: string; cookie: string }> {
  const user = await insertUser(fields);
  return { userId: user.id, email: user.email, cookie: await insertSessionCookie(user.id) };
}

const FULL_ATTRIBUTION = {
  source: '  google-organic ',
  campaign: 'spring-sale',
  variation: 'b',
  guid: 'guid-123',
  gclid: 'gclid-abc',
  lastActive: '2025-03-01T10:00:00.000Z',
  firstActive: '2025-02-01T09:30:00+01:00',
  browser: { name: 'Chrome', version: '126.0', engine: 'Blink' },
  device: { os: 'macOS', version: '14.5' },
  geo: 'US',
  state: 'NY',
  city: 'New York',
  userAgent: 'Mozilla/5.0 (Macintosh)',
  // Not part of the record: dropped, never stored.
  referrer: 'https://evil.example',
  isAdmin: true,
};

const STORED_ATTRIBUTION = {
  source: 'google-organic',
  campaign: 'spring-sale',
  variation: 'b',
  guid: 'guid-123',
  gclid: 'gclid-abc',
  lastActive: '2025-03-01T10:00:00.000Z',
  firstActive: '2025-02-01T09:30:00+01:00',
  browser: { name: 'Chrome', version: '126.0' },
  device: { os: 'macOS', version: '14.5' },
  geo: 'US',
  state: 'NY',
  city: 'New York',
  userAgent: 'Mozilla/5.0 (Macintosh)',
};

describe('GET /api/account', () => {
  it('answers the details of a brand-new sign-up: password sign-in, no plan or credits yet, setup needed', async () => {
    const { cookie, userId, email } = await signUp(undefined, 'Ada Lovelace');
    const response = await call('/api/account', { cookie });
    expect(response.status).toBe(200);
    const { account } = (await response.json()) as { account: AccountDetails };
    expect(account).toEqual({
      id: userId,
      email,
      displayName: 'Ada Lovelace',
      personalPhone: null,
      personalPhoneDisplay: null,
      setup: null,
      signInMethods: ['password'],
      subscriptionType: null,
      planLevel: null,
      faxCredits: { defaultCreditsSend: 0, paidCreditsSend: 0, defaultCreditsReceive: 0, paidCreditsReceive: 0 },
      createdAt: expect.any(Number),
      lastSignInAt: expect.any(Number),
      // Spec §4: the account was just created, by this very sign-in.
      needsSetup: true,
      // A mail for every fax that arrives, until the user turns it off.
      mailOnFaxReceived: true,
      // Nobody has followed the link mailed at sign-up yet: three faxes until then.
      emailVerified: false,
      unverifiedSendsLeft: 3,
    });
  });

  it.each([
    ['a Google-only account', null, 'g-1', ['google']],
    ['an account with both', 'scrypt$1$1$1$AAAA$AAAA', 'g-2', ['password', 'google']],
    ['an account with neither (yet)', null, null, []],
  ])('lists the sign-in methods of %s', async (_label, passwordHash, googleSubject, methods) => {
    const { userId, cookie } = await freshAccount({ passwordHash });
    if (googleSubject) {
      await env.DB.prepare('UPDATE users SET google_subject = ? WHERE id = ?').bind(`${googleSubject}-${userId}`, userId).run();
    }
    expect((await accountOf(cookie)).signInMethods).toEqual(methods);
  });

  it('never shows the password hash, the attribution or the Google subject', async () => {
    const { cookie } = await freshAccount({ passwordHash: 'scrypt$1$1$1$SALT$HASH' });
    await setupNewUser(cookie, { attribution: { source: 'secret-source' } });
    const text = await (await call('/api/account', { cookie })).text();
    expect(text).not.toContain('scrypt');
    expect(text).not.toContain('secret-source');
    expect(text).not.toMatch(/attribution|passwordHash|googleSubject/);
  });

  it('answers 401 UNAUTHENTICATED without a session, or with one that is not valid', async () => {
    for (const cookie of [null, 'fax_session=not-a-session']) {
      const response = await call('/api/account', { cookie });
      expect(response.status).toBe(401);
      expect(await errorCode(response)).toBe('UNAUTHENTICATED');
    }
  });
});

describe('POST /api/setupNewUser', () => {
  it('runs setup the first time: FREE plan, the free credits, the attribution (unknown fields dropped)', async () => {
    const { userId, cookie } = await freshAccount();
    const before = Date.now();
    const response = await setupNewUser(cookie, { attribution: FULL_ATTRIBUTION });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { account: AccountDetails; setUpNow: boolean };
    expect(body.setUpNow).toBe(true);
    expect(body.account).toMatchObject({
      id: userId,
      subscriptionType: 'FREE',
      faxCredits: { defaultCreditsSend: 10, paidCreditsSend: 0, defaultCreditsReceive: 10, paidCreditsReceive: 0 },
      needsSetup: false,
    });

    const row = await accountRow(userId);
    expect(row).toMatchObject({
      subscription_type: 'FREE',
      default_credits_send: 10,
      default_credits_receive: 10,
      paid_credits_send: 0,
      paid_credits_receive: 0,
    });
    expect(row.setup_completed_at).toBeGreaterThanOrEqual(before);
    expect(JSON.parse(row.attribution!)).toEqual(STORED_ATTRIBUTION);
  });

  it('takes the free credits from the credits.free option', async () => {
    const { userId, cookie } = await freshAccount();
    await withFreeCreditsOption('{"send":3,"receive":7}', async () => {
      expect((await setupNewUser(cookie, {})).status).toBe(200);
    });
    expect(await accountRow(userId)).toMatchObject({ default_credits_send: 3, default_credits_receive: 7 });
  });

  it('runs only once: a second call answers setUpNow false and changes nothing', async () => {
    const { userId, cookie } = await freshAccount();
    expect((await setupNewUser(cookie, { attribution: { source: 'first', campaign: 'one' } })).status).toBe(200);
    const afterFirst = await accountRow(userId);

    // The option changes in between (and another attribution is sent): nothing moves.
    const second = await withFreeCreditsOption('{"send":99,"receive":99}', () =>
      setupNewUser(cookie, { attribution: { source: 'second' } }),
    );
    expect(second.status).toBe(200);
    const body = (await second.json()) as { account: AccountDetails; setUpNow: boolean };
    expect(body.setUpNow).toBe(false);
    expect(body.account.faxCredits).toEqual({
      defaultCreditsSend: 10,
      paidCreditsSend: 0,
      defaultCreditsReceive: 10,
      paidCreditsReceive: 0,
    });
    expect(await accountRow(userId)).toEqual(afterFirst);
    expect(JSON.parse(afterFirst.attribution!)).toEqual({ source: 'first', campaign: 'one' });
  });

  it('does not hand out credits again after they were spent', async () => {
    const { userId, cookie } = await freshAccount();
    await setupNewUser(cookie, {});
    await env.DB.prepare('UPDATE users SET default_credits_send = 0, default_credits_receive = 2 WHERE id = ?').bind(userId).run();
    const again = (await (await setupNewUser(cookie, {})).json()) as { setUpNow: boolean };
    expect(again.setUpNow).toBe(false);
    expect(await accountRow(userId)).toMatchObject({ default_credits_send: 0, default_credits_receive: 2 });
  });

  it('keeps a plan bought before setup ran: its type and credits stay, the attribution is recorded', async () => {
    const { userId, cookie } = await freshAccount();
    // What a checkout straight after sign-up leaves when it wins the race against setup.
    await env.DB.prepare(
      "UPDATE users SET subscription_type = 'TRIAL', default_credits_send = 400, default_credits_receive = 400 WHERE id = ?",
    )
      .bind(userId)
      .run();
    const body = (await (await setupNewUser(cookie, { attribution: { source: 'late' } })).json()) as {
      account: AccountDetails;
      setUpNow: boolean;
    };
    expect(body.setUpNow).toBe(true);
    expect(body.account).toMatchObject({
      subscriptionType: 'TRIAL',
      faxCredits: { defaultCreditsSend: 400, defaultCreditsReceive: 400 },
      needsSetup: false,
    });
    expect(JSON.parse((await accountRow(userId)).attribution!)).toEqual({ source: 'late' });
  });

  it('runs exactly once when two pages ask at the same moment', async () => {
    const { userId, cookie } = await freshAccount();
    const answers = await Promise.all([setupNewUser(cookie, {}), setupNewUser(cookie, {}), setupNewUser(cookie, {})]);
    const ranNow = await Promise.all(answers.map(async (r) => ((await r.json()) as { setUpNow: boolean }).setUpNow));
    expect(ranNow.filter(Boolean)).toHaveLength(1);
    expect(await accountRow(userId)).toMatchObject({ subscription_type: 'FREE', default_credits_send: 10 });
  });

  it.each([
    ['no attribution', {}, null],
    ['a null attribution', { attribution: null }, null],
    ['an empty attribution', { attribution: {} }, {}],
  ])('runs setup with %s', async (_label, body, stored) => {
    const { userId, cookie } = await freshAccount();
    const response = await setupNewUser(cookie, body);
    expect(response.status).toBe(200);
    const row = await accountRow(userId);
    expect(row.subscription_type).toBe('FREE');
    expect(row.attribution === null ? null : JSON.parse(row.attribution)).toEqual(stored);
  });

  it('leaves needsSetup false afterwards, in /api/account and in verifyAuth', async () => {
    const { cookie } = await freshAccount();
    expect(await needsSetupAtVerifyAuth(cookie)).toBe(true);
    expect((await accountOf(cookie)).needsSetup).toBe(true);
    await setupNewUser(cookie, {});
    expect(await needsSetupAtVerifyAuth(cookie)).toBe(false);
    expect((await accountOf(cookie)).needsSetup).toBe(false);
  });

  it.each([
    ['a source over 100 characters', { source: 's'.repeat(101) }],
    ['a campaign over 200 characters', { campaign: 'c'.repeat(201) }],
    ['a gclid over 300 characters', { gclid: 'g'.repeat(301) }],
    ['a geo over 3 characters', { geo: 'USAX' }],
    ['a state over 10 characters', { state: 's'.repeat(11) }],
    ['a city over 100 characters', { city: 'c'.repeat(101) }],
    ['a userAgent over 512 characters', { userAgent: 'u'.repeat(513) }],
    ['a browser name over 60 characters', { browser: { name: 'b'.repeat(61) } }],
    ['a device version over 40 characters', { device: { version: '1'.repeat(41) } }],
    ['a lastActive that is no timestamp', { lastActive: 'yesterday' }],
    ['a source that is a number', { source: 5 }],
    ['a browser that is text', { browser: 'Chrome' }],
  ])('answers 400 INVALID_INPUT for %s, and sets nothing up', async (_label, attribution) => {
    const { userId, cookie } = await freshAccount();
    const response = await setupNewUser(cookie, { attribution });
    expect(response.status).toBe(400);
    expect(await errorCode(response)).toBe('INVALID_INPUT');
    expect(await accountRow(userId)).toMatchObject({ setup_completed_at: null, subscription_type: null, attribution: null });
  });

  it.each([
    ['an attribution that is text', { attribution: 'google' }],
    ['an attribution that is a list', { attribution: [1, 2] }],
    ['a list', [1, 2, 3]],
    ['JSON null', null],
  ])('answers 400 INVALID_INPUT for a body with %s', async (_label, body) => {
    const { cookie } = await freshAccount();
    const response = await setupNewUser(cookie, JSON.stringify(body));
    expect(response.status).toBe(400);
    expect(await errorCode(response)).toBe('INVALID_INPUT');
  });

  it('answers 400 MALFORMED_BODY for a body that is not JSON', async () => {
    const { cookie } = await freshAccount();
    const response = await setupNewUser(cookie, '{"attribution": ');
    expect(response.status).toBe(400);
    expect(await errorCode(response)).toBe('MALFORMED_BODY');
  });

  it('answers 401 UNAUTHENTICATED without a session', async () => {
    const response = await setupNewUser(null, {});
    expect(response.status).toBe(401);
    expect(await errorCode(response)).toBe('UNAUTHENTICATED');
  });

  it.each([
    ['an Origin of another site', { origin: 'https://evil.example' }],
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
  ])('refuses %s with 403 CROSS_ORIGIN and sets nothing up', async (_label, headers) => {
    const { userId, cookie } = await freshAccount();
    const response = await setupNewUser(cookie, {}, { headers });
    expect(response.status).toBe(403);
    expect(await errorCode(response)).toBe('CROSS_ORIGIN');
    expect((await accountRow(userId)).setup_completed_at).toBeNull();
  });
});

describe('needsSetup (spec §4: creation time equals last sign-in time)', () => {
  it('is true in verifyAuth right after sign-up', async () => {
    const { cookie } = await signUp();
    expect(await needsSetupAtVerifyAuth(cookie)).toBe(true);
  });

  it('is true in verifyAuth right after a first sign-in with Google made the account', async () => {
    const { token } = await googleToken();
    const { response, cookie } = await googleLogIn(token);
    expect(response.status).toBe(201);
    expect(await needsSetupAtVerifyAuth(cookie!)).toBe(true);
  });

  it('is false for an account that signed in again before setup ran', async () => {
    const user = await insertUser({ passwordHash: await hashTestPassword(GOOD_PASSWORD) });
    await sleep(5);
    const cookie = await logInOk(user.email);
    const row = await accountRow(user.id);
    expect(row.last_sign_in_at).not.toBe(row.created_at);
    expect(await needsSetupAtVerifyAuth(cookie)).toBe(false);
    expect((await accountOf(cookie)).needsSetup).toBe(false);
  });

  it('is false when the times differ even if setup never ran', async () => {
    const { userId, cookie } = await freshAccount();
    await env.DB.prepare('UPDATE users SET last_sign_in_at = created_at + 1 WHERE id = ?').bind(userId).run();
    expect(await needsSetupAtVerifyAuth(cookie)).toBe(false);
  });
});

describe('GET /api/updateUserSetup', () => {
  it.each(SETUP_STEPS.map((step) => [step]))('records the step %s', async (step) => {
    const { userId, cookie } = await freshAccount();
    const response = await pageGet(`/api/updateUserSetup?setup=${step}`, cookie);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { account: AccountDetails }).account.setup).toBe(step);
    expect((await accountRow(userId)).setup).toBe(step);
  });

  it.each([
    ['an unknown step', '?setup=admin'],
    ['a step no longer known', '?setup=choose-plan'],
    ['a step in capitals', '?setup=WELCOME'],
    ['an empty step', '?setup='],
    ['no step', ''],
  ])('answers 400 INVALID_INPUT for %s and keeps the step', async (_label, query) => {
    const { userId, cookie } = await freshAccount();
    await pageGet('/api/updateUserSetup?setup=welcome', cookie);
    const response = await pageGet(`/api/updateUserSetup${query}`, cookie);
    expect(response.status).toBe(400);
    expect(await errorCode(response)).toBe('INVALID_INPUT');
    expect((await accountRow(userId)).setup).toBe('welcome');
  });

  it('is answered to a page of this site that sends only Sec-Fetch-Site: same-origin', async () => {
    const { cookie } = await freshAccount();
    const response = await pageGet('/api/updateUserSetup?setup=complete', cookie, { origin: null, 'sec-fetch-site': 'same-origin' });
    expect(response.status).toBe(200);
  });

  it.each([
    ['neither Origin nor Sec-Fetch-Site (a link, an image)', { origin: null }],
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site', { 'sec-fetch-site': 'same-site' }],
    ['an Origin of another site', { origin: 'https://evil.example' }],
  ])('is a GET that changes state, so it refuses %s with 403 CROSS_ORIGIN', async (_label, headers) => {
    const { userId, cookie } = await freshAccount();
    const response = await pageGet('/api/updateUserSetup?setup=complete', cookie, headers);
    expect(response.status).toBe(403);
    expect(await errorCode(response)).toBe('CROSS_ORIGIN');
    expect((await accountRow(userId)).setup).toBeNull();
  });

  it('answers 401 UNAUTHENTICATED without a session', async () => {
    const response = await pageGet('/api/updateUserSetup?setup=welcome', null);
    expect(response.status).toBe(401);
    expect(await errorCode(response)).toBe('UNAUTHENTICATED');
  });
});

describe('GET /api/updateUserDisplayName', () => {
  it('saves the name trimmed, and verifyAuth answers it', async () => {
    const { userId, cookie } = await freshAccount();
    const response = await pageGet(`/api/updateUserDisplayName?name=${encodeURIComponent('  Grace Hopper \t')}`, cookie);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { account: AccountDetails }).account.displayName).toBe('Grace Hopper');
    expect((await accountRow(userId)).display_name).toBe('Grace Hopper');
    const verify = await call('/api/verifyAuth', { method: 'POST', cookie });
    expect(((await verify.json()) as { user: { displayName: string } }).user.displayName).toBe('Grace Hopper');
  });

  it('takes 80 characters, and any script', async () => {
    const { userId, cookie } = await freshAccount();
    for (const name of ['n'.repeat(80), 'Zoë Ångström-李', '<b>Bold</b>']) {
      const response = await pageGet(`/api/updateUserDisplayName?name=${encodeURIComponent(name)}`, cookie);
      expect(response.status).toBe(200);
      expect((await accountRow(userId)).display_name).toBe(name);
    }
  });

  it.each([
    ['an empty name', '?name='],
    ['only spaces', `?name=${encodeURIComponent('   ')}`],
    ['81 characters', `?name=${'n'.repeat(81)}`],
    ['no name', ''],
  ])('answers 400 INVALID_INPUT for %s and keeps the name', async (_label, query) => {
    const { userId, cookie } = await freshAccount({ displayName: 'Kept Name' });
    const response = await pageGet(`/api/updateUserDisplayName${query}`, cookie);
    expect(response.status).toBe(400);
    expect(await errorCode(response)).toBe('INVALID_INPUT');
    expect((await accountRow(userId)).display_name).toBe('Kept Name');
  });

  it("tells the user's other sessions (account.updated), not the session that made the change", async () => {
    const { userId, cookie: caller } = await freshAccount();
    const other = await insertSessionCookie(userId);
    const callerSocket = await openLiveFor(caller);
    const otherSocket = await openLiveFor(other);
    const before = Date.now();
    const response = await pageGet('/api/updateUserDisplayName?name=Ada', caller);
    expect(response.status).toBe(200);
    const event = await otherSocket.waitForEvent<{ type: string; at: number }>((e) => e.type === 'account.updated');
    expect(event.at).toBeGreaterThanOrEqual(before);
    await sleep(150);
    expect(callerSocket.events()).toEqual([]);
  });

  it('does not tell another user', async () => {
    const { cookie } = await freshAccount();
    const stranger = await freshAccount();
    const strangerSocket = await openLiveFor(stranger.cookie);
    expect((await pageGet('/api/updateUserDisplayName?name=Ada', cookie)).status).toBe(200);
    await sleep(150);
    expect(strangerSocket.events()).toEqual([]);
  });

  it.each([
    ['neither Origin nor Sec-Fetch-Site', { origin: null }],
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
  ])('refuses %s with 403 CROSS_ORIGIN', async (_label, headers) => {
    const { userId, cookie } = await freshAccount({ displayName: 'Kept Name' });
    const response = await pageGet('/api/updateUserDisplayName?name=Mallory', cookie, headers);
    expect(response.status).toBe(403);
    expect((await accountRow(userId)).display_name).toBe('Kept Name');
  });

  it('answers 401 UNAUTHENTICATED without a session', async () => {
    const response = await pageGet('/api/updateUserDisplayName?name=Ada', null);
    expect(response.status).toBe(401);
    expect(await errorCode(response)).toBe('UNAUTHENTICATED');
  });
});

describe('GET /api/updateUserPersonalPhoneNumber', () => {
  function savePhone(cookie: string, typed: string, headers: Record<string, string | null> = {}): Promise<Response> {
    return pageGet(`/api/updateUserPersonalPhoneNumber?number=${encodeURIComponent(typed)}`, cookie, headers);
  }

  it.each([
    ['2125550123', '+12125550123', '(212) 555-0123'],
    ['(212) 555-0123', '+12125550123', '(212) 555-0123'],
    ['+1 212 555 0123', '+12125550123', '(212) 555-0123'],
    ['  212-555-0123  ', '+12125550123', '(212) 555-0123'],
    ['+44 20 7946 0958', '+442079460958', '+44 20 7946 0958'],
  ])('stores %j as %s and shows it as %s', async (typed, stored, shown) => {
    const { userId, cookie } = await freshAccount();
    const response = await savePhone(cookie, typed);
    expect(response.status).toBe(200);
    const { account } = (await response.json()) as { account: AccountDetails };
    expect(account).toMatchObject({ personalPhone: stored, personalPhoneDisplay: shown });
    expect((await accountRow(userId)).personal_phone).toBe(stored);
    expect(await accountOf(cookie)).toMatchObject({ personalPhone: stored, personalPhoneDisplay: shown });
  });

  it.each([['123'], ['5555555555'], ['abc'], ['+1 212 555 012'], ['+44 20'], ['1'.repeat(33)]])(
    'answers 400 INVALID_PHONE for %j and keeps the number',
    async (typed) => {
      const { userId, cookie } = await freshAccount();
      expect((await savePhone(cookie, '2125550123')).status).toBe(200);
      const response = await savePhone(cookie, typed);
      expect(response.status).toBe(400);
      expect(await errorCode(response)).toBe('INVALID_PHONE');
      expect((await accountRow(userId)).personal_phone).toBe('+12125550123');
    },
  );

  it.each([
    ['an empty number', ''],
    ['only spaces', '   '],
  ])('clears the number for %s', async (_label, typed) => {
    const { userId, cookie } = await freshAccount();
    await savePhone(cookie, '2125550123');
    const response = await savePhone(cookie, typed);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { account: AccountDetails }).account).toMatchObject({
      personalPhone: null,
      personalPhoneDisplay: null,
    });
    expect((await accountRow(userId)).personal_phone).toBeNull();
  });

  it('answers 400 INVALID_PHONE without the number parameter', async () => {
    const { cookie } = await freshAccount();
    const response = await pageGet('/api/updateUserPersonalPhoneNumber', cookie);
    expect(response.status).toBe(400);
    expect(await errorCode(response)).toBe('INVALID_PHONE');
  });

  it.each([
    ['neither Origin nor Sec-Fetch-Site', { origin: null }],
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
  ])('refuses %s with 403 CROSS_ORIGIN', async (_label, headers) => {
    const { userId, cookie } = await freshAccount();
    const response = await savePhone(cookie, '2125550123', headers);
    expect(response.status).toBe(403);
    expect((await accountRow(userId)).personal_phone).toBeNull();
  });

  it('answers 401 UNAUTHENTICATED without a session', async () => {
    const response = await pageGet('/api/updateUserPersonalPhoneNumber?number=2125550123', null);
    expect(response.status).toBe(401);
    expect(await errorCode(response)).toBe('UNAUTHENTICATED');
  });
});

describe('GET /api/loginHistory', () => {
  async function historyOf(cookie: string): Promise<LoginHistoryEntry[]> {
    const response = await call('/api/loginHistory', { cookie });
    expect(response.status).toBe(200);
    return ((await response.json()) as { history: LoginHistoryEntry[] }).history;
  }

  it('lists real sign-ins newest first, each with at, method, ip, device and country only', async () => {
    const { email, userId } = await signUp();
    await logInOk(email, { headers: { 'user-agent': FIREFOX_ON_WINDOWS, 'cf-connecting-ip': '203.0.113.10' } });
    await sleep(5);
    const latest = await logInOk(email, { headers: { 'user-agent': SAFARI_ON_MAC, 'cf-connecting-ip': '203.0.113.11' } });
    // Sign-ins reach the history through the queue.
    await waitFor(async () => (await loginEventsOf(userId)).length === 3, { what: 'three login_events rows' });

    const history = await historyOf(latest);
    expect(history).toHaveLength(3);
    for (const entry of history) expect(Object.keys(entry).sort()).toEqual(['at', 'country', 'device', 'ip', 'method']);
    expect(history.map((e) => e.at)).toEqual([...history.map((e) => e.at)].sort((a, b) => b - a));
    expect(history[0]).toMatchObject({ method: 'password', ip: '203.0.113.11', device: 'Safari on macOS' });
    expect(history[1]).toMatchObject({ method: 'password', ip: '203.0.113.10', device: 'Firefox on Windows' });
    // The sign-up's own sign-in comes last.
    expect(history[2]).toMatchObject({ method: 'password' });
  });

  it('names a Google sign-in as such', async () => {
    const { token } = await googleToken();
    const { cookie, response } = await googleLogIn(token);
    expect(response.status).toBe(201);
    const { user } = (await response.json()) as { user: { id: string } };
    await waitFor(async () => (await loginEventsOf(user.id)).length === 1, { what: 'the login_events row' });
    expect(await historyOf(cookie!)).toMatchObject([{ method: 'google' }]);
  });

  it('answers every field as recorded, and never the raw User-Agent or row ids', async () => {
    const { userId, cookie } = await freshAccount();
    await env.DB.prepare(
      'INSERT INTO login_events (id, user_id, at, method, ip, user_agent, device, country) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    )
      .bind('event-with-everything', userId, 1_700_000_000_000, 'google', '198.51.100.5', 'SecretBrowser/9', 'Chrome on Linux', 'NL')
      .run();
    const response = await call('/api/loginHistory', { cookie });
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({
      history: [{ at: 1_700_000_000_000, method: 'google', ip: '198.51.100.5', device: 'Chrome on Linux', country: 'NL' }],
    });
    expect(text).not.toContain('SecretBrowser');
    expect(text).not.toContain('event-with-everything');
  });

  it('answers the 50 newest of a long history', async () => {
    const { userId, cookie } = await freshAccount();
    const insert = env.DB.prepare('INSERT INTO login_events (id, user_id, at, method) VALUES (?, ?, ?, ?)');
    await env.DB.batch(Array.from({ length: 55 }, (_, i) => insert.bind(`${userId}-${i}`, userId, 1_000_000 + i, 'password')));
    const history = await historyOf(cookie);
    expect(history).toHaveLength(50);
    expect(history[0]!.at).toBe(1_000_054);
    expect(history[49]!.at).toBe(1_000_005);
  });

  it("never shows another user's sign-ins", async () => {
    const mine = await signUp();
    const theirs = await signUp();
    await logInOk(theirs.email, { headers: { 'cf-connecting-ip': '192.0.2.250' } });
    await waitFor(async () => (await loginEventsOf(theirs.userId)).length === 2, { what: "the other user's rows" });
    await waitFor(async () => (await loginEventsOf(mine.userId)).length === 1, { what: 'my row' });
    const history = await historyOf(mine.cookie);
    expect(history).toHaveLength(1);
    expect(history.map((e) => e.ip)).not.toContain('192.0.2.250');
  });

  it('answers an empty list before any sign-in was recorded', async () => {
    const { cookie } = await freshAccount();
    expect(await historyOf(cookie)).toEqual([]);
  });

  it('answers 401 UNAUTHENTICATED without a session', async () => {
    const response = await call('/api/loginHistory');
    expect(response.status).toBe(401);
    expect(await errorCode(response)).toBe('UNAUTHENTICATED');
  });
});
