import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../worker/crypto/tokens';
import { runCron } from '../../worker/jobs/cron';
import { logIn, verifyAuthStatus } from '../support/auth';
import { call, errorCode, sessionCookieFrom, signUp, uniqueEmail } from '../support/client';
import { addOptions, addPasskey, challengesWaiting, checkOptions, passkeySignIn, signInOptions, withPasskey } from '../support/passkeys';
import { mailTo } from '../support/recovery';
import { accountWithApp, passwordStep, verifySignIn } from '../support/second-factor';
import { SoftPasskey } from '../support/soft-passkey';
import { waitFor } from '../support/wait';

// Passkeys (decision 045), answered by a passkey made in software (tests/support/soft-passkey.ts),
// so every check of the server can be broken on purpose.

async function historyOf(cookie: string): Promise<string[]> {
  const response = await call('/api/loginHistory', { cookie });
  return ((await response.json()) as { history: Array<{ method: string }> }).history.map((entry) => entry.method);
}

async function listed(cookie: string) {
  const response = await call('/api/passkeys', { cookie });
  expect(response.status).toBe(200);
  return ((await response.json()) as { passkeys: Array<{ id: string; name: string; lastUsedAt: number | null; synced: boolean }> })
    .passkeys;
}

async function ageCheck(cookie: string, minutes: number): Promise<void> {
  await env.DB.prepare('UPDATE sessions SET second_factor_at = ? WHERE id = ?')
    .bind(Date.now() - minutes * 60_000, await sha256Hex(cookie.split('=')[1]!))
    .run();
}

describe('passkeys in Settings › Security', () => {
  it('adds (named after the device by default), lists, renames and removes a passkey; adding and removing are mailed and in the history', async () => {
    const { cookie, email } = await signUp(uniqueEmail('passkey-settings'));
    expect(await listed(cookie)).toEqual([]);
    const options = await addOptions(cookie);
    expect(options.rp).toEqual({ id: 'localhost', name: expect.any(String) });
    expect(options.authenticatorSelection).toMatchObject({ userVerification: 'required', residentKey: 'required' });
    const passkey = new SoftPasskey();
    const added = await call('/api/addPasskey', {
      method: 'POST',
      cookie,
      headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36' },
      body: { response: await passkey.register(options) },
    });
    expect(added.status).toBe(201);
    const [row] = await listed(cookie);
    expect(row).toMatchObject({ id: passkey.credentialId, name: 'Chrome on Linux', lastUsedAt: null, synced: true });

    const renamed = await call('/api/renamePasskey', {
      method: 'POST',
      cookie,
      body: { id: passkey.credentialId, name: '  Work laptop ' },
    });
    expect(renamed.status).toBe(200);
    expect((await listed(cookie))[0]!.name).toBe('Work laptop');

    const removed = await call('/api/removePasskey', { method: 'POST', cookie, body: { id: passkey.credentialId } });
    expect(removed.status).toBe(200);
    expect(await listed(cookie)).toEqual([]);
    const subjects = (await mailTo(email)).map((mail) => mail.subject);
    expect(subjects.some((s) => /passkey was added/.test(s))).toBe(true);
    expect(subjects.some((s) => /passkey was removed/.test(s))).toBe(true);
    const history = await historyOf(cookie);
    expect(history).toContain('passkey-added');
    expect(history).toContain('passkey-removed');
    // The removed passkey signs in no more.
    expect(await errorCode(await passkeySignIn(passkey))).toBe('PASSKEY_UNKNOWN');
  });

  it('keeps a second device’s passkey beside the first, and offers neither again to the same account', async () => {
    const { cookie } = await signUp(uniqueEmail('two-devices'));
    const laptop = await withPasskey(cookie, { name: 'Laptop' });
    const phone = await withPasskey(cookie, { name: 'Phone' });
    expect((await listed(cookie)).map((p) => p.name)).toEqual(['Laptop', 'Phone']);
    expect((await addOptions(cookie)).excludeCredentials?.map((c) => c.id).sort()).toEqual(
      [laptop.credentialId, phone.credentialId].sort(),
    );
    expect((await passkeySignIn(phone)).status).toBe(200);
    expect((await passkeySignIn(laptop)).status).toBe(200);
  });

  it('answers 401 without a session, 400 for bad input, 404 for another account’s passkey', async () => {
    expect((await call('/api/passkeys')).status).toBe(401);
    expect((await call('/api/passkeyOptions', { method: 'POST' })).status).toBe(401);
    expect((await call('/api/removePasskey', { method: 'POST', body: { id: 'AAAAAAAAAAAAAAAAAAAAAA' } })).status).toBe(401);
    const owner = await signUp(uniqueEmail('owner'));
    const passkey = await withPasskey(owner.cookie);
    const other = await signUp(uniqueEmail('other'));
    for (const body of [
      {},
      { id: 'not base64url!' },
      { id: passkey.credentialId, name: '' },
      { id: passkey.credentialId, name: 'x'.repeat(61) },
    ]) {
      const bad = await call('/api/renamePasskey', { method: 'POST', cookie: other.cookie, body });
      expect(bad.status, JSON.stringify(body)).toBe(400);
    }
    const bad = await call('/api/addPasskey', { method: 'POST', cookie: other.cookie, body: { response: { id: 'x' } } });
    expect(bad.status).toBe(400);
    for (const path of ['/api/renamePasskey', '/api/removePasskey']) {
      const theirs = await call(path, { method: 'POST', cookie: other.cookie, body: { id: passkey.credentialId, name: 'Mine now' } });
      expect(theirs.status, path).toBe(404);
      expect(await errorCode(theirs)).toBe('NOT_FOUND');
    }
    expect((await listed(owner.cookie))[0]!.name).not.toBe('Mine now');
  });

  it('refuses a passkey already on an account (409), and one answering another account’s challenge', async () => {
    const first = await signUp(uniqueEmail('first'));
    const passkey = await withPasskey(first.cookie);
    const again = await addPasskey(first.cookie, { passkey });
    expect(again.response.status).toBe(409);
    expect(await errorCode(again.response)).toBe('PASSKEY_EXISTS');
    // A challenge handed to one account is no use to another.
    const second = await signUp(uniqueEmail('second'));
    const options = await addOptions(first.cookie);
    const answer = await new SoftPasskey().register(options);
    const stolen = await call('/api/addPasskey', { method: 'POST', cookie: second.cookie, body: { response: answer } });
    expect(await errorCode(stolen)).toBe('PASSKEY_EXPIRED');
  });

  it('asks for step-up before adding or removing once the last check is older than 15 minutes', async () => {
    const { cookie, secret } = await accountWithApp('passkey-step-up');
    const passkey = await withPasskey(cookie);
    await ageCheck(cookie, 16);
    const removing = await call('/api/removePasskey', { method: 'POST', cookie, body: { id: passkey.credentialId } });
    expect(removing.status).toBe(403);
    expect(await errorCode(removing)).toBe('STEP_UP_REQUIRED');
    const adding = await call('/api/passkeyOptions', { method: 'POST', cookie });
    expect(await errorCode(adding)).toBe('STEP_UP_REQUIRED');
    // The passkey itself answers the step-up.
    const proof = await passkey.authenticate(await checkOptions(cookie));
    expect((await call('/api/stepUp', { method: 'POST', cookie, body: { passkey: proof } })).status).toBe(200);
    expect((await call('/api/removePasskey', { method: 'POST', cookie, body: { id: passkey.credentialId } })).status).toBe(200);
    expect(secret).toBeDefined();
  });
});

describe('signing in with a passkey', () => {
  it('signs in with no password, fully (no second step even with an app on), and the history says Passkey', async () => {
    const { cookie, email } = await accountWithApp('passkey-sign-in');
    const passkey = await withPasskey(cookie);
    const options = await signInOptions();
    expect(options).toMatchObject({ rpId: 'localhost', userVerification: 'required' });
    expect(options.allowCredentials ?? []).toEqual([]);
    const response = await passkeySignIn(passkey);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { user: { email: string } }).user.email).toBe(email);
    const session = sessionCookieFrom(response)!;
    expect(await verifyAuthStatus(session)).toBe(200);
    // A passkey with user verification counts as the second factor: no step-up right after.
    expect((await call('/api/passkeyOptions', { method: 'POST', cookie: session })).status).toBe(200);
    await waitFor(async () => (await historyOf(session)).includes('passkey'), { what: 'the passkey sign-in in the history' });
    expect((await listed(session))[0]!.lastUsedAt).toEqual(expect.any(Number));
  });

  it('refuses a replayed challenge: each works once', async () => {
    const { cookie } = await signUp(uniqueEmail('replay'));
    const passkey = await withPasskey(cookie);
    const answer = await passkey.authenticate(await signInOptions());
    expect((await call('/api/passkeySignIn', { method: 'POST', body: { response: answer } })).status).toBe(200);
    const replayed = await call('/api/passkeySignIn', { method: 'POST', body: { response: answer } });
    expect(replayed.status).toBe(400);
    expect(await errorCode(replayed)).toBe('PASSKEY_EXPIRED');
    // Nor does a challenge made for another ceremony, or one signed up by no one.
    const madeForAdding = await passkey.authenticate(await addOptions(cookie));
    expect(await errorCode(await call('/api/passkeySignIn', { method: 'POST', body: { response: madeForAdding } }))).toBe(
      'PASSKEY_EXPIRED',
    );
    const invented = await passkey.authenticate({ challenge: 'bm90LWEtcmVhbC1jaGFsbGVuZ2UtYXQtYWxsLTAxMjM0NTY3' });
    expect(await errorCode(await call('/api/passkeySignIn', { method: 'POST', body: { response: invented } }))).toBe('PASSKEY_EXPIRED');
  });

  it('refuses a challenge older than 5 minutes, and the cron sweeps unanswered ones', async () => {
    const { cookie } = await signUp(uniqueEmail('stale'));
    const passkey = await withPasskey(cookie);
    const options = await signInOptions();
    await env.DB.prepare('UPDATE passkey_challenges SET expires_at = ? WHERE id = ?')
      .bind(Date.now() - 1, options.challenge)
      .run();
    const stale = await call('/api/passkeySignIn', { method: 'POST', body: { response: await passkey.authenticate(options) } });
    expect(await errorCode(stale)).toBe('PASSKEY_EXPIRED');
    const unanswered = await signInOptions();
    await env.DB.prepare('UPDATE passkey_challenges SET expires_at = ? WHERE id = ?')
      .bind(Date.now() - 1, unanswered.challenge)
      .run();
    const before = await challengesWaiting(env.DB);
    await runCron(env);
    expect(await challengesWaiting(env.DB)).toBe(before - 1);
  });

  it('refuses an answer made for another origin', async () => {
    const { cookie } = await signUp(uniqueEmail('origin'));
    const passkey = await withPasskey(cookie);
    const phished = await passkeySignIn(passkey, { origin: 'https://fax-example.evil' });
    expect(phished.status).toBe(400);
    expect(await errorCode(phished)).toBe('PASSKEY_REFUSED');
    expect(sessionCookieFrom(phished)).toBeNull();
    const registered = await addPasskey(cookie, { ceremony: { origin: 'http://localhost:9999' } });
    expect(await errorCode(registered.response)).toBe('PASSKEY_REFUSED');
  });

  it('refuses an answer scoped to another RP ID', async () => {
    const { cookie } = await signUp(uniqueEmail('rp-id'));
    const passkey = await withPasskey(cookie);
    const elsewhere = await passkeySignIn(passkey, { rpId: 'evil.example' });
    expect(await errorCode(elsewhere)).toBe('PASSKEY_REFUSED');
    const registered = await addPasskey(cookie, { ceremony: { rpId: 'evil.example' } });
    expect(await errorCode(registered.response)).toBe('PASSKEY_REFUSED');
  });

  it('refuses a passkey used without user verification, when signing in and when adding', async () => {
    const { cookie } = await signUp(uniqueEmail('uv'));
    const passkey = await withPasskey(cookie);
    const unverified = await passkeySignIn(passkey, { userVerified: false });
    expect(unverified.status).toBe(400);
    expect(await errorCode(unverified)).toBe('PASSKEY_REFUSED');
    const added = await addPasskey(cookie, { ceremony: { userVerified: false } });
    expect(await errorCode(added.response)).toBe('PASSKEY_REFUSED');
    expect(await listed(cookie)).toHaveLength(1);
  });

  it('refuses a counter that goes backwards, mails the account and writes it in the history', async () => {
    const { cookie, email } = await signUp(uniqueEmail('counter'));
    const passkey = await withPasskey(cookie, { counter: 10 });
    expect((await passkeySignIn(passkey)).status).toBe(200); // 11
    expect((await passkeySignIn(passkey)).status).toBe(200); // 12
    passkey.counter = 5; // a copy of the key, behind the original
    const cloned = await passkeySignIn(passkey);
    expect(cloned.status).toBe(403);
    expect(await errorCode(cloned)).toBe('PASSKEY_SUSPECT');
    expect(sessionCookieFrom(cloned)).toBeNull();
    expect((await mailTo(email)).some((mail) => /passkey of your .* account was refused/.test(mail.subject))).toBe(true);
    expect(await historyOf(cookie)).toContain('passkey-refused');
    // A synced passkey that never counts (0 and 0) is fine.
    const synced = await withPasskey(cookie);
    expect((await passkeySignIn(synced)).status).toBe(200);
    expect((await passkeySignIn(synced)).status).toBe(200);
  });

  it('answers 401 for a passkey no account has, and 400 for bad input', async () => {
    const unknown = await passkeySignIn(new SoftPasskey());
    expect(unknown.status).toBe(401);
    expect(await errorCode(unknown)).toBe('PASSKEY_UNKNOWN');
    // From another site's page: refused before anything is read (the same-origin rule of every /api change).
    const crossSite = await call('/api/passkeySignInOptions', { method: 'POST', headers: { origin: 'https://fax-example.evil' } });
    expect(crossSite.status).toBe(403);
    expect(await errorCode(crossSite)).toBe('CROSS_ORIGIN');
    for (const body of [{}, { response: {} }, { response: { id: 'abc', type: 'public-key' } }, 'not json']) {
      expect((await call('/api/passkeySignIn', { method: 'POST', body })).status, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('a passkey as the second factor', () => {
  it('answers the second step after the password instead of an app code', async () => {
    const { cookie, email } = await accountWithApp('passkey-second-step');
    const passkey = await withPasskey(cookie);
    const pending = await passwordStep(email);
    const options = await checkOptions(pending);
    expect(options.allowCredentials?.map((c) => c.id)).toEqual([passkey.credentialId]);
    const answered = await verifySignIn({ passkey: await passkey.authenticate(options) }, { cookie: pending });
    expect(answered.status).toBe(200);
    expect(((await answered.json()) as { recoveryCodesLeft: number | null }).recoveryCodesLeft).toBeNull();
    const session = sessionCookieFrom(answered)!;
    expect(await verifyAuthStatus(session)).toBe(200);
    await waitFor(async () => (await historyOf(session)).includes('password-passkey'), { what: 'password + passkey in the history' });
  });

  it('refuses another account’s passkey, and an answer with no user verification', async () => {
    const { email, cookie } = await accountWithApp('second-step-other');
    await withPasskey(cookie);
    const stranger = await signUp(uniqueEmail('stranger'));
    const theirs = await withPasskey(stranger.cookie);
    const pending = await passwordStep(email);
    const wrongAccount = await verifySignIn({ passkey: await theirs.authenticate(await checkOptions(pending)) }, { cookie: pending });
    expect(wrongAccount.status).toBe(400);
    expect(await errorCode(wrongAccount)).toBe('PASSKEY_UNKNOWN');
    expect(sessionCookieFrom(wrongAccount)).toBeNull();
    // Nor may a challenge of this account's check serve a sign-in of the other.
    const crossed = await call('/api/passkeySignIn', {
      method: 'POST',
      body: { response: await theirs.authenticate(await checkOptions(pending)) },
    });
    expect(await errorCode(crossed)).toBe('PASSKEY_EXPIRED');
    const mine = (await call('/api/passkeys', { cookie }).then((r) => r.json())) as { passkeys: Array<{ id: string }> };
    expect(mine.passkeys).toHaveLength(1);
  });

  it('answers 401 to a passkey check with neither a session nor a waiting sign-in, 409 when the account has no passkey', async () => {
    expect(await errorCode(await call('/api/passkeyCheckOptions', { method: 'POST' }))).toBe('SIGN_IN_EXPIRED');
    const { email } = await accountWithApp('no-passkey');
    const pending = await passwordStep(email);
    const none = await call('/api/passkeyCheckOptions', { method: 'POST', cookie: pending });
    expect(none.status).toBe(409);
    expect(await errorCode(none)).toBe('NO_SECOND_FACTOR');
  });
});

describe('signing up with a passkey only', () => {
  it('makes an account with no password that signs in with its passkey', async () => {
    const email = uniqueEmail('passkey-only');
    const optionsResponse = await call('/api/passkeySignUpOptions', { method: 'POST', body: { email, displayName: 'Ada' } });
    expect(optionsResponse.status).toBe(200);
    const options = (await optionsResponse.json()) as Parameters<SoftPasskey['register']>[0] & { user: { name: string } };
    expect(options.user.name).toBe(email);
    const passkey = new SoftPasskey();
    const created = await call('/api/passkeySignUp', { method: 'POST', body: { response: await passkey.register(options) } });
    expect(created.status).toBe(201);
    const cookie = sessionCookieFrom(created)!;
    const { account } = (await (await call('/api/account', { cookie })).json()) as {
      account: { signInMethods: string[]; displayName: string | null };
    };
    expect(account.signInMethods).toEqual([]);
    expect(account.displayName).toBe('Ada');
    // No password to guess, none to change.
    expect((await logIn(email, 'any password at all')).response.status).toBe(401);
    const change = await call('/api/changePassword', {
      method: 'POST',
      cookie,
      body: { currentPassword: 'x', newPassword: 'a long new passphrase' },
    });
    expect(change.status).toBe(400);
    expect((await passkeySignIn(passkey)).status).toBe(200);
    const methods = await call(`/api/checkIfEmailExists?email=${encodeURIComponent(email)}`);
    expect(await methods.json()).toEqual(['passkey']);
    // The address is taken now.
    const again = await call('/api/passkeySignUpOptions', { method: 'POST', body: { email } });
    expect(await errorCode(again)).toBe('EMAIL_IN_USE');
  });

  it('refuses a sign-up answer without user verification, and the same challenge twice', async () => {
    const email = uniqueEmail('passkey-only-uv');
    const options = (await (await call('/api/passkeySignUpOptions', { method: 'POST', body: { email } })).json()) as Parameters<
      SoftPasskey['register']
    >[0];
    const unverified = await call('/api/passkeySignUp', {
      method: 'POST',
      body: { response: await new SoftPasskey().register(options, { userVerified: false }) },
    });
    expect(await errorCode(unverified)).toBe('PASSKEY_REFUSED');
    const replay = await call('/api/passkeySignUp', { method: 'POST', body: { response: await new SoftPasskey().register(options) } });
    expect(await errorCode(replay)).toBe('PASSKEY_EXPIRED');
    expect((await call('/api/passkeySignUpOptions', { method: 'POST', body: { email: 'not an address' } })).status).toBe(400);
  });
});
