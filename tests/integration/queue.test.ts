import { createExecutionContext, createMessageBatch, getQueueResult, type MessageBatchMessage } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import worker from '../../worker/app';
import type { AccountJob } from '../../worker/queues/account-messages';
import { logInOk } from '../support/auth';
import { signUp } from '../support/client';
import { insertSessionCookie, insertUser, loginEventsOf, sessionIdOf } from '../support/db';
import { openLiveFor } from '../support/live';
import { sleep, waitFor } from '../support/wait';

const FIREFOX_ON_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

describe('account-jobs through the real queue', () => {
  it('a sign-in writes a login_events row and tells the open pages of that user', async () => {
    const { email, userId, cookie } = await signUp();
    const socket = await openLiveFor(cookie);
    const before = Date.now();
    await logInOk(email, { headers: { 'user-agent': FIREFOX_ON_LINUX, 'cf-connecting-ip': '203.0.113.7' } });

    const row = await waitFor(async () => (await loginEventsOf(userId)).find((e) => e.user_agent === FIREFOX_ON_LINUX), {
      timeoutMs: 15_000,
      what: 'the login_events row of the sign-in',
    });
    expect(row).toMatchObject({ user_id: userId, method: 'password', ip: '203.0.113.7', user_agent: FIREFOX_ON_LINUX });
    expect(row.at).toBeGreaterThanOrEqual(before);

    const event = await socket.waitForEvent<{ type: string; device: string | null }>(
      (e) => e.type === 'session.started' && e.device === 'Firefox on Linux',
      15_000,
    );
    expect(event).toEqual({ type: 'session.started', at: row.at, method: 'password', device: 'Firefox on Linux', yours: false });
  });
});

describe('the queue handler fed directly', () => {
  type SignInJob = Extract<AccountJob, { kind: 'sign-in.record' }>;

  function signInJob(userId: string, overrides: Partial<SignInJob> = {}): SignInJob {
    return {
      kind: 'sign-in.record',
      id: crypto.randomUUID(),
      userId,
      sessionId: 'session-of-the-sign-in',
      at: Date.now(),
      method: 'password',
      ip: '198.51.100.1',
      userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
      country: 'NL',
      ...overrides,
    };
  }

  let messageCounter = 0;

  function message(body: unknown, attempts = 1): MessageBatchMessage {
    messageCounter += 1;
    return { id: `msg-${messageCounter}`, timestamp: new Date(), attempts, body };
  }

  async function deliver(queueName: string, messages: MessageBatchMessage[]) {
    const batch = createMessageBatch(queueName, messages);
    const ctx = createExecutionContext();
    await worker.queue(batch, env);
    return getQueueResult(batch, ctx);
  }

  /** A socket on the user's hub, to count what the job publishes. */
  async function listen(userId: string) {
    return openLiveFor(await insertSessionCookie(userId));
  }

  it('acks a valid sign-in.record, writes one row and publishes session.started', async () => {
    const user = await insertUser();
    const socket = await listen(user.id);
    const job = signInJob(user.id);
    const msg = message(job);
    const result = await deliver('account-jobs', [msg]);
    expect(result.explicitAcks).toEqual([msg.id]);
    expect(result.retryMessages).toEqual([]);
    expect(result.retryBatch.retry).toBe(false);
    expect(await loginEventsOf(user.id)).toEqual([
      {
        id: job.id,
        user_id: user.id,
        at: job.at,
        method: 'password',
        ip: job.ip,
        user_agent: job.userAgent,
        device: 'Chrome on Windows',
        country: 'NL',
      },
    ]);
    const event = await socket.waitForEvent((e) => e['at'] === job.at);
    expect(event).toEqual({ type: 'session.started', at: job.at, method: 'password', device: 'Chrome on Windows', yours: false });
  });

  it('tells the pages of the session that signed in that the sign-in is theirs, and the others that it is news', async () => {
    const user = await insertUser();
    const ownCookie = await insertSessionCookie(user.id);
    const own = await openLiveFor(ownCookie);
    const other = await listen(user.id);
    const job = signInJob(user.id, { sessionId: await sessionIdOf(ownCookie) });
    await deliver('account-jobs', [message(job)]);
    expect(await other.waitForEvent((e) => e['at'] === job.at)).toMatchObject({ type: 'session.started', yours: false });
    expect(await own.waitForEvent((e) => e['at'] === job.at)).toMatchObject({ type: 'session.started', yours: true });
    expect(own.events()).toHaveLength(1);
  });

  it('writes one row and publishes once when the same job is delivered twice', async () => {
    const user = await insertUser();
    const socket = await listen(user.id);
    const job = signInJob(user.id);
    const first = await deliver('account-jobs', [message(job)]);
    const redelivered = message(job, 2);
    const second = await deliver('account-jobs', [redelivered]);
    expect(first.explicitAcks).toHaveLength(1);
    expect(second.explicitAcks).toEqual([redelivered.id]);
    expect(second.retryMessages).toEqual([]);
    // Twice in one batch as well.
    await deliver('account-jobs', [message(job), message(job)]);
    expect(await loginEventsOf(user.id)).toHaveLength(1);
    await socket.waitForEvent((e) => e['at'] === job.at);
    await sleep(100);
    expect(socket.events().filter((e) => (e as { at?: number }).at === job.at)).toHaveLength(1);
  });

  it('records a sign-in with no user agent, address or country, and describes no device', async () => {
    const user = await insertUser();
    const socket = await listen(user.id);
    const job = signInJob(user.id, { userAgent: null, ip: null, country: null, method: 'google' });
    const result = await deliver('account-jobs', [message(job)]);
    expect(result.explicitAcks).toHaveLength(1);
    expect(await loginEventsOf(user.id)).toMatchObject([{ id: job.id, method: 'google', user_agent: null }]);
    expect(await socket.waitForEvent((e) => e['at'] === job.at)).toEqual({
      type: 'session.started',
      at: job.at,
      method: 'google',
      device: null,
      yours: false,
    });
  });

  it.each([
    ['an unknown kind', { kind: 'account.explode', id: 'x' }],
    ['a string', 'sign-in.record'],
    ['null', null],
    ['an empty id', { kind: 'sign-in.record', id: '', userId: 'u', at: 1, method: 'password', ip: null, userAgent: null, country: null }],
    ['an unknown method', { kind: 'sign-in.record', id: 'i', userId: 'u', at: 1, method: 'sms', ip: null, userAgent: null, country: null }],
    ['a missing field', { kind: 'sign-in.record', id: 'i', userId: 'u', at: 1, method: 'password' }],
    [
      'a time as text',
      { kind: 'sign-in.record', id: 'i', userId: 'u', at: 'now', method: 'password', ip: null, userAgent: null, country: null },
    ],
  ])('drops (acks, never retries) a malformed message: %s', async (_label, body) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const msg = message(body);
    const result = await deliver('account-jobs', [msg]);
    expect(result.explicitAcks).toEqual([msg.id]);
    expect(result.retryMessages).toEqual([]);
    expect(result.retryBatch.retry).toBe(false);
    expect(warn).toHaveBeenCalledWith('Dropping malformed account job', msg.id, expect.any(String));
  });

  it('handles each message of a batch on its own: a malformed one does not stop a good one', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const user = await insertUser();
    const bad = message({ kind: 'nope' });
    const good = message(signInJob(user.id));
    const result = await deliver('account-jobs', [bad, good]);
    expect([...result.explicitAcks].sort()).toEqual([bad.id, good.id].sort());
    expect(await loginEventsOf(user.id)).toHaveLength(1);
  });

  it('acks a sign-in job whose account has been deleted since, and writes nothing', async () => {
    const msg = message(signInJob('no-such-user'));
    const result = await deliver('account-jobs', [msg]);
    expect(result.explicitAcks).toEqual([msg.id]);
    expect(result.retryMessages).toEqual([]);
    expect(await loginEventsOf('no-such-user')).toEqual([]);
  });

  it('retries a batch from a queue it has no consumer for', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const result = await deliver('some-other-queue', [message({ anything: true })]);
    expect(warn).toHaveBeenCalledWith('No consumer for queue', 'some-other-queue');
    expect(result.retryBatch.retry).toBe(true);
    expect(result.explicitAcks).toEqual([]);
  });
});
