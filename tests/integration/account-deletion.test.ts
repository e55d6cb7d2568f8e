import { createExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import { createApp } from '../../worker/app';
import { putUserDocument, userPrefix } from '../../worker/storage/documents';
import { clearsSessionCookie, verifyAuthStatus } from '../support/auth';
import { type CallOptions, call, errorCode, ORIGIN, signUp } from '../support/client';
import { addContactOk } from '../support/contacts';
import { insertSessionCookie, insertUser, loginEventsOf, userRow } from '../support/db';
import {
  applicationTables,
  deliverDeletion,
  insertDeletionJob,
  jobRow,
  jobStatus,
  objectKeysUnder,
  rowsMentioning,
  waitForJobDone,
} from '../support/deletion';
import { storedDocument } from '../support/documents';
import { ledgerTotals } from '../support/faxes';
import { insertFaxRow } from '../support/send-fax';
import { storeRowsOf, storeSql } from '../support/user-store';
import { waitFor } from '../support/wait';

/** A signed-up user with something in every table that holds user data today (a contact too), and two documents in R2. */
/** A month no other test counts in, so this file's figures are its own. */
const LEDGER_PERIOD = '2001-01';

async function userWithData() {
  const user = await signUp();
  const otherSession = await insertSessionCookie(user.userId);
  await env.DB.prepare(
    "INSERT INTO email_tokens (id, user_id, purpose, payload, created_at, expires_at) VALUES (?, ?, 'password-reset', NULL, ?, ?)",
  )
    .bind(crypto.randomUUID(), user.userId, Date.now(), Date.now() + 3_600_000)
    .run();
  for (const id of ['fax-1', 'fax-2']) await putUserDocument(env, user.userId, id, `%PDF ${id}`, 'application/pdf');
  // A document and a sent fax with its timeline, made straight in the user's store so no dispatch
  // runs meanwhile (D1 keeps only who owns it).
  const fileId = await storedDocument(user.userId, 1);
  const faxId = await insertFaxRow(user.userId);
  await storeSql(
    user.userId,
    "INSERT INTO fax_events (id, fax_id, at, attempt, kind) VALUES (?, ?, ?, 1, 'DELIVERED')",
    crypto.randomUUID(),
    faxId,
    Date.now(),
  );
  // The fax came by e-mail: who to tell how it ended is in the store too, and goes with it.
  await storeSql(
    user.userId,
    'INSERT INTO mailed_faxes (fax_id, reply_to, subject, created) VALUES (?, ?, ?, ?)',
    faxId,
    'sender@mail.example.org',
    'Report',
    Date.now(),
  );
  // What the ended fax adds to the anonymised ledger, noted by the store and not yet added to D1
  // (decision 042): the deletion adds it before the store goes.
  const entry = { period: LEDGER_PERIOD, direction: 'SEND', status: 'DELIVERED', pages: 1, charged: 1, refunded: 0 };
  await storeSql(user.userId, 'INSERT INTO store_facts (key, value) VALUES (?, ?)', `ledger.pending:${faxId}`, JSON.stringify(entry));
  await storeSql(user.userId, "INSERT OR IGNORE INTO store_facts (key, value) VALUES ('ledger.since', ?)", String(Date.now()));
  // A contact in the phonebook, which goes with the rest of the store.
  await addContactOk(user.cookie, { name: 'Ada Lovelace', faxNumber: '(212) 555-0123' });
  // The sign-up's login-history row arrives through the queue; wait so it cannot land after the deletion.
  await waitFor(async () => (await loginEventsOf(user.userId)).length > 0, { what: 'the sign-up login event' });
  return { ...user, otherSession, fileId, faxId, ledgerBefore: await ledgerTotals(LEDGER_PERIOD, 'SEND', 'DELIVERED') };
}

async function startDeletion(cookie: string, options: CallOptions = {}) {
  const response = await call('/api/fullAccountDelete', { ...options, cookie });
  return { response, body: (await response.json()) as { started?: true; jobId?: string; error?: { code: string } } };
}

describe('GET /api/fullAccountDelete', () => {
  it('deletes every row and every R2 object of the user through the queue, keeping other users intact', async () => {
    const user = await userWithData();
    const bystander = await insertUser();
    await putUserDocument(env, bystander.id, 'keep-me', 'not theirs', 'text/plain');

    // The sweep below sees every table that holds user data today, and finds this user in them.
    expect(await applicationTables()).toEqual(expect.arrayContaining(['users', 'sessions', 'login_events', 'email_tokens', 'jobs']));
    expect(new Set((await rowsMentioning(user.userId, user.email)).map((r) => r.table))).toEqual(
      new Set(['users', 'sessions', 'login_events', 'email_tokens', 'files']),
    );

    const { response, body } = await startDeletion(user.cookie);
    expect(response.status).toBe(200);
    expect(body).toEqual({ started: true, jobId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(clearsSessionCookie(response)).toBe(true);
    expect(await verifyAuthStatus(user.cookie)).toBe(401);
    expect(await verifyAuthStatus(user.otherSession)).toBe(401);

    const done = await waitForJobDone(body.jobId!);
    expect(done).toEqual({ id: body.jobId, state: 'done', progress: 100, step: null, error: null, updatedAt: expect.any(Number) });

    expect(await rowsMentioning(user.userId, user.email, user.faxId, user.fileId)).toEqual([]);
    expect(await storeRowsOf(user.userId)).toBe(0);
    // The anonymised record stays for billing and audit: the fax is counted in its period's totals.
    expect(await ledgerTotals(LEDGER_PERIOD, 'SEND', 'DELIVERED')).toEqual({
      ...user.ledgerBefore,
      faxes: user.ledgerBefore.faxes + 1,
      pages: user.ledgerBefore.pages + 1,
      charged: user.ledgerBefore.charged + 1,
    });
    expect(await objectKeysUnder(userPrefix(user.userId))).toEqual([]);
    // The job row is all that is left, and it no longer says whose it was.
    expect(await jobRow(body.jobId!)).toMatchObject({ user_id: '', state: 'done', kind: 'account-delete' });
    expect(await userRow(bystander.id)).not.toBeNull();
    expect(await objectKeysUnder(userPrefix(bystander.id))).toEqual([`users/${bystander.id}/documents/keep-me`]);
  });

  it('signs the user out everywhere before it answers', async () => {
    const user = await signUp();
    const otherSession = await insertSessionCookie(user.userId);
    // A job already running that nothing will run: what is seen here is the lock alone.
    await insertDeletionJob(user.userId, { state: 'running', step: 'delete-documents', progress: 60 });
    const { response } = await startDeletion(user.cookie);
    expect(response.status).toBe(200);
    expect(await env.DB.prepare('SELECT deleting_at FROM users WHERE id = ?').bind(user.userId).first('deleting_at')).toEqual(
      expect.any(Number),
    );
    expect(await verifyAuthStatus(user.cookie)).toBe(401);
    expect(await verifyAuthStatus(otherSession)).toBe(401);
    const login = await call('/api/login', { method: 'POST', body: { email: user.email, password: 'correct horse battery staple' } });
    expect(login.status).toBe(401);
    expect(await errorCode(login)).toBe('INVALID_CREDENTIALS');
  });

  it('answers the job already queued or running instead of starting another', async () => {
    const user = await insertUser();
    const running = await insertDeletionJob(user.id, { state: 'running', step: 'delete-records', progress: 30 });
    const { response, body } = await startDeletion(await insertSessionCookie(user.id));
    expect(response.status).toBe(200);
    expect(body).toEqual({ started: true, jobId: running.id });
    const { results } = await env.DB.prepare('SELECT id FROM jobs WHERE user_id = ?').bind(user.id).all();
    expect(results).toEqual([{ id: running.id }]);
  });

  it('makes one job when two starts arrive at the same moment', async () => {
    const user = await insertUser();
    const cookie = await insertSessionCookie(user.id);
    const answers = await Promise.all([startDeletion(cookie), startDeletion(cookie)]);
    const ids = answers.filter((a) => a.response.status === 200).map((a) => a.body.jobId);
    expect(ids.length).toBeGreaterThanOrEqual(1);
    expect(new Set(ids).size).toBe(1);
    for (const a of answers) expect([200, 401]).toContain(a.response.status);
    await waitForJobDone(ids[0]!);
  });

  it('starts a new job when an earlier one failed', async () => {
    const user = await insertUser();
    const failed = await insertDeletionJob(user.id, { state: 'failed', error: 'The deletion could not be queued.' });
    const { body } = await startDeletion(await insertSessionCookie(user.id));
    expect(body.jobId).not.toBe(failed.id);
    await waitForJobDone(body.jobId!);
    // The earlier job is finished with it, and forgets the user too.
    expect(await jobRow(failed.id)).toMatchObject({ state: 'done', user_id: '' });
  });

  it('leaves the user signed in and the job failed when the queue cannot be reached', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = await insertUser();
    const cookie = await insertSessionCookie(user.id);
    const queueDown = { ...env, ACCOUNT_JOBS: { send: () => Promise.reject(new Error('queue down')) } as unknown as Queue };
    const request = new Request(`${ORIGIN}/api/fullAccountDelete`, { headers: { origin: ORIGIN, cookie } });
    const response = await createApp().fetch(request, queueDown, createExecutionContext());
    expect(response.status).toBe(500);
    expect(logged).toHaveBeenCalled();
    expect(await verifyAuthStatus(cookie)).toBe(200);
    const { results } = await env.DB.prepare('SELECT state, error FROM jobs WHERE user_id = ?').bind(user.id).all();
    expect(results).toEqual([{ state: 'failed', error: 'The deletion could not be queued.' }]);
    // Starting again makes a new job, which runs.
    const { body } = await startDeletion(cookie);
    await waitForJobDone(body.jobId!);
  });

  it('answers 401 without a session', async () => {
    const { response, body } = await startDeletion('fax_session=not-a-session');
    expect(response.status).toBe(401);
    expect(body.error?.code).toBe('UNAUTHENTICATED');
  });

  it.each([
    ['an Origin of another site', { origin: 'https://evil.example' }],
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
  ])('refuses %s with 403 and deletes nothing', async (_label, headers) => {
    const user = await insertUser();
    const cookie = await insertSessionCookie(user.id);
    const { response, body } = await startDeletion(cookie, { headers });
    expect(response.status).toBe(403);
    expect(body.error?.code).toBe('CROSS_ORIGIN');
    expect(await verifyAuthStatus(cookie)).toBe(200);
    expect(await userRow(user.id)).toMatchObject({ id: user.id });
    const { results } = await env.DB.prepare('SELECT id FROM jobs WHERE user_id = ?').bind(user.id).all();
    expect(results).toEqual([]);
  });
});

describe('GET /api/accountJobStatus', () => {
  it('answers the job with nothing about whose it is', async () => {
    const user = await insertUser();
    const job = await insertDeletionJob(user.id, { state: 'running', step: 'delete-records', progress: 30 });
    const { status, body } = await jobStatus(job.id);
    expect(status).toBe(200);
    expect(body).toEqual({ id: job.id, state: 'running', progress: 30, step: 'delete-records', error: null, updatedAt: job.updated_at });
    expect(JSON.stringify(body)).not.toContain(user.id);
    expect(JSON.stringify(body)).not.toContain(user.email);
  });

  it.each([
    ['an unknown id', crypto.randomUUID()],
    ['a malformed id', 'not-a-job'],
    ['an empty id', ''],
    ['SQL', "' OR 1=1 --"],
  ])('answers 404 NOT_FOUND for %s', async (_label, jobId) => {
    const response = await call(`/api/accountJobStatus?jobId=${encodeURIComponent(jobId)}`);
    expect(response.status).toBe(404);
    expect(await errorCode(response)).toBe('NOT_FOUND');
  });

  it('answers 404 without a jobId', async () => {
    expect((await call('/api/accountJobStatus')).status).toBe(404);
  });
});

describe('a redelivered deletion', () => {
  it('acks and changes nothing once the job is done', async () => {
    const user = await userWithData();
    const { body } = await startDeletion(user.cookie);
    const done = await waitForJobDone(body.jobId!);
    const before = await jobRow(body.jobId!);
    const { message, result } = await deliverDeletion(body.jobId!, user.userId, 2);
    expect(result.explicitAcks).toEqual([message.id]);
    expect(result.retryMessages).toEqual([]);
    expect(await jobRow(body.jobId!)).toEqual(before);
    expect((await jobStatus(body.jobId!)).body).toEqual(done);
  });
});

describe('GET /api/devAccountDelete', () => {
  const productionLike = { ...env, DEV_TOOLS: 'off', GOOGLE_JWKS_URL: 'https://www.googleapis.com/oauth2/v3/certs' };

  async function callWithoutDevTools(path: string, headers: Record<string, string> = {}): Promise<Response> {
    const request = new Request(ORIGIN + path, { headers: { origin: ORIGIN, ...headers } });
    return createApp().fetch(request, productionLike, createExecutionContext());
  }

  it('does not exist without dev tools: 404 exactly like an unknown route', async () => {
    const user = await insertUser();
    const cookie = await insertSessionCookie(user.id);
    const unknown = await callWithoutDevTools('/api/noSuchRoute', { cookie });
    const variants: Array<Record<string, string>> = [{ cookie }, {}, { cookie, origin: 'https://evil.example' }];
    for (const headers of variants) {
      const response = await callWithoutDevTools('/api/devAccountDelete', headers);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual(await unknown.clone().json());
    }
    expect(await userRow(user.id)).not.toBeNull();
  });

  it('deletes everything at once with dev tools on', async () => {
    const user = await userWithData();
    const response = await call('/api/devAccountDelete', { cookie: user.cookie });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ deleted: true });
    expect(clearsSessionCookie(response)).toBe(true);
    expect(await rowsMentioning(user.userId, user.email, user.faxId, user.fileId)).toEqual([]);
    // The anonymised record stays for billing and audit: the fax is counted in its period's totals.
    expect(await ledgerTotals(LEDGER_PERIOD, 'SEND', 'DELIVERED')).toEqual({
      ...user.ledgerBefore,
      faxes: user.ledgerBefore.faxes + 1,
      pages: user.ledgerBefore.pages + 1,
      charged: user.ledgerBefore.charged + 1,
    });
    expect(await objectKeysUnder(userPrefix(user.userId))).toEqual([]);
    expect(await verifyAuthStatus(user.otherSession)).toBe(401);
  });

  it('answers 401 without a session and 403 from another site', async () => {
    expect((await call('/api/devAccountDelete')).status).toBe(401);
    const user = await insertUser();
    const cookie = await insertSessionCookie(user.id);
    const response = await call('/api/devAccountDelete', { cookie, headers: { 'sec-fetch-site': 'cross-site' } });
    expect(response.status).toBe(403);
    expect(await userRow(user.id)).not.toBeNull();
  });
});
