import { env } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import { DELETION_MAX_ATTEMPTS } from '../../worker/jobs/delete-account';
import { DELETION_STEPS } from '../../worker/jobs/deletion-steps';
import { userPrefix } from '../../worker/storage/documents';
import { call, errorCode } from '../support/client';
import { insertUser } from '../support/db';
import {
  deliverDeletion,
  insertDeletionJob,
  jobRow,
  jobStatus,
  objectKeysUnder,
  openJobLive,
  requestJobLive,
  rowsMentioning,
  userWithDocuments,
  waitForJobDone,
} from '../support/deletion';
import { storeRowsOf } from '../support/user-store';

async function expectNothingLeft(user: { id: string; email: string }): Promise<void> {
  expect(await rowsMentioning(user.id, user.email)).toEqual([]);
  expect(await objectKeysUnder(userPrefix(user.id))).toEqual([]);
  expect(await storeRowsOf(user.id)).toBe(0);
}

const stepAt = (index: number) => DELETION_STEPS[index]!;

describe('the account.delete consumer', () => {
  it('pushes every step and the end to the job channel, in order', async () => {
    const user = await userWithDocuments();
    const job = await insertDeletionJob(user.id);
    const socket = await openJobLive(job.id);
    const { message, result } = await deliverDeletion(job.id, user.id);
    expect(result.explicitAcks).toEqual([message.id]);
    await socket.waitForEvent((e) => e['state'] === 'done');
    const seen = socket.events().map((e) => {
      const { type, jobId, state, step, progress, error } = e as Record<string, unknown>;
      return { type, jobId, state, step, progress, error };
    });
    expect(seen).toEqual([
      ...DELETION_STEPS.map((s) => ({
        type: 'job.updated',
        jobId: job.id,
        state: 'running',
        step: s.name,
        progress: s.progress,
        error: null,
      })),
      { type: 'job.updated', jobId: job.id, state: 'done', step: null, progress: 100, error: null },
    ]);
    await expectNothingLeft(user);
  });

  it.each(DELETION_STEPS.map((s, index) => [s.name, index] as const))(
    'finishes a job that crashed during %s, resuming at that step',
    async (name, index) => {
      const user = await userWithDocuments();
      for (const earlier of DELETION_STEPS.slice(0, index)) await earlier.run(env, user.id);
      // Half of the crashed step's work may be done already: here, one object is gone.
      await env.DOCUMENTS.delete(`users/${user.id}/documents/a`);
      const job = await insertDeletionJob(user.id, { state: 'running', step: name, progress: stepAt(index).progress });
      const socket = await openJobLive(job.id);
      const { message, result } = await deliverDeletion(job.id, user.id, 2);
      expect(result.explicitAcks).toEqual([message.id]);
      expect(await jobRow(job.id)).toMatchObject({ state: 'done', progress: 100, user_id: '' });
      await expectNothingLeft(user);
      // It went on from where it was: progress never went back.
      await socket.waitForEvent((e) => e['state'] === 'done');
      const progress = socket.events().map((e) => (e as { progress: number }).progress);
      expect(progress[0]).toBe(stepAt(index).progress);
      expect(progress).toEqual([...progress].sort((a, b) => a - b));
    },
  );

  it('acks a message for a job that does not exist', async () => {
    const { message, result } = await deliverDeletion(crypto.randomUUID(), crypto.randomUUID());
    expect(result.explicitAcks).toEqual([message.id]);
  });

  it('leaves the account alone when the message names another user than its job', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const [owner, stranger] = [await userWithDocuments(), await userWithDocuments()];
    const job = await insertDeletionJob(owner.id);
    const { result } = await deliverDeletion(job.id, stranger.id);
    expect(result.explicitAcks).toHaveLength(1);
    expect(warn).toHaveBeenCalled();
    expect(await objectKeysUnder(userPrefix(stranger.id))).toHaveLength(3);
    expect(await jobRow(job.id)).toMatchObject({ state: 'queued' });
  });

  it('records a failed step, shows the job retrying, and finishes on the next delivery', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const failing = stepAt(DELETION_STEPS.length - 1);
    vi.spyOn(failing, 'run').mockRejectedValueOnce(new Error('R2 is unreachable'));
    const user = await userWithDocuments();
    const job = await insertDeletionJob(user.id);

    const first = await deliverDeletion(job.id, user.id, 1);
    expect(first.result.explicitAcks).toEqual([]);
    expect(first.result.retryMessages.map((m) => m.msgId)).toEqual([first.message.id]);
    const { body } = await jobStatus(job.id);
    expect(body).toMatchObject({ state: 'running', step: failing.name, error: `The step ${failing.name} failed.` });
    expect(JSON.stringify(body)).not.toContain('unreachable');

    const second = await deliverDeletion(job.id, user.id, 2);
    expect(second.result.explicitAcks).toEqual([second.message.id]);
    expect(await jobRow(job.id)).toMatchObject({ state: 'done', error: null });
    await expectNothingLeft(user);
  });

  it('fails the job on the last attempt, and its page can run it again', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const failing = stepAt(1);
    vi.spyOn(failing, 'run').mockRejectedValueOnce(new Error('D1 is unreachable'));
    const user = await userWithDocuments();
    const job = await insertDeletionJob(user.id);

    const last = await deliverDeletion(job.id, user.id, DELETION_MAX_ATTEMPTS);
    expect(last.result.explicitAcks).toEqual([last.message.id]);
    expect(last.result.retryMessages).toEqual([]);
    expect(await jobRow(job.id)).toMatchObject({ state: 'failed', step: failing.name, error: `The step ${failing.name} failed.` });
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('Account deletion failed'), job.id, failing.name, expect.any(Error));

    const retry = await call('/api/retryAccountJob', { method: 'POST', body: { jobId: job.id } });
    expect(retry.status).toBe(200);
    expect(await retry.json()).toMatchObject({ id: job.id, state: 'queued', error: null });
    await waitForJobDone(job.id);
    await expectNothingLeft(user);
  });
});

describe('POST /api/retryAccountJob', () => {
  it('answers a job that has not failed as it is, changing nothing', async () => {
    const user = await insertUser();
    const job = await insertDeletionJob(user.id, { state: 'running', step: 'delete-records', progress: 30 });
    const response = await call('/api/retryAccountJob', { method: 'POST', body: { jobId: job.id } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      id: job.id,
      state: 'running',
      progress: 30,
      step: 'delete-records',
      error: null,
      updatedAt: job.updated_at,
    });
  });

  it('answers 404 for an unknown job, 400 for a malformed id and 403 from another site', async () => {
    const unknown = await call('/api/retryAccountJob', { method: 'POST', body: { jobId: crypto.randomUUID() } });
    expect(unknown.status).toBe(404);
    const malformed = await call('/api/retryAccountJob', { method: 'POST', body: { jobId: 'nope' } });
    expect(malformed.status).toBe(400);
    expect(await errorCode(malformed)).toBe('INVALID_INPUT');
    const user = await insertUser();
    const job = await insertDeletionJob(user.id, { state: 'failed', error: 'x' });
    const foreign = await call('/api/retryAccountJob', {
      method: 'POST',
      body: { jobId: job.id },
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.status).toBe(403);
    expect(await jobRow(job.id)).toMatchObject({ state: 'failed' });
  });
});

describe('GET /api/live/job (WebSocket)', () => {
  it.each([
    ['an unknown job', () => crypto.randomUUID()],
    ['a malformed id', () => 'job:../../etc'],
  ])('answers 404 for %s', async (_label, makeId) => {
    const response = await requestJobLive(makeId());
    expect(response.status).toBe(404);
    expect(response.webSocket).toBeNull();
    expect(await errorCode(response)).toBe('NOT_FOUND');
  });

  it('refuses a page of another site (403) and a request that is not an upgrade (400)', async () => {
    const job = await insertDeletionJob((await insertUser()).id);
    const foreign = await requestJobLive(job.id, { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(await errorCode(foreign)).toBe('CROSS_ORIGIN');
    const plain = await requestJobLive(job.id, { upgrade: null });
    expect(plain.status).toBe(400);
  });

  it("answers the heartbeat and carries only this job's events", async () => {
    const [one, two] = [await userWithDocuments(), await userWithDocuments()];
    const [jobOne, jobTwo] = [await insertDeletionJob(one.id), await insertDeletionJob(two.id)];
    const socket = await openJobLive(jobOne.id);
    socket.send('ping');
    await socket.waitForMessage((m) => m === 'pong');
    await deliverDeletion(jobTwo.id, two.id);
    await deliverDeletion(jobOne.id, one.id);
    await socket.waitForEvent((e) => e['state'] === 'done');
    expect(socket.events().every((e) => (e as { jobId: string }).jobId === jobOne.id)).toBe(true);
  });
});
