import { t } from '../../src/i18n/t';
import { getDb } from '../db/client';
import { findActiveDeletionJob, findJob, insertDeletionJobUnlessActive, updateJob } from '../db/queries/jobs';
import type { JobRow } from '../db/schema';
import { publishJobUpdate } from '../live/job-channel';
import { enqueueAccountJob } from '../queues/account-messages';
import { lockAccount } from './deletion-steps';

/**
 * Queues the job's message. If the queue cannot be reached the job is marked failed (so nothing
 * waits for a message that never comes, and a new start makes a new job) and the error goes on.
 */
async function enqueueDeletion(env: Env, jobId: string, userId: string): Promise<void> {
  try {
    await enqueueAccountJob(env, { kind: 'account.delete', jobId, userId });
  } catch (err) {
    const failed = await updateJob(getDb(env), jobId, {
      state: 'failed',
      progress: 0,
      step: null,
      error: t('deletion.queueFailed'),
      updatedAt: Date.now(),
    });
    if (failed) await publishJobUpdate(env, failed);
    throw err;
  }
}

/**
 * Starts deleting the user's account (GET /api/fullAccountDelete): makes the job, or finds the one
 * already queued or running, queues it, and locks the account before answering, so the user is
 * signed out everywhere at once. Answers the job id; null when the account has just finished
 * being deleted by an earlier job (it no longer exists).
 */
export async function startAccountDeletion(env: Env, userId: string): Promise<string | null> {
  const db = getDb(env);
  const newId = crypto.randomUUID();
  const created = await insertDeletionJobUnlessActive(db, newId, userId, Date.now());
  const jobId = created ? newId : ((await findActiveDeletionJob(db, userId))?.id ?? null);
  if (!jobId) return null;
  // Queued before the lock: if the queue is down the user is told and stays signed in to try again.
  if (created) await enqueueDeletion(env, jobId, userId);
  await lockAccount(env, userId);
  return jobId;
}

/**
 * Runs a failed deletion again (POST /api/retryAccountJob): whoever holds the job's page may ask,
 * since it can only finish a deletion the user asked for. A job in any other state is answered as
 * it is. Null for an unknown job.
 */
export async function retryAccountDeletion(env: Env, jobId: string): Promise<JobRow | null> {
  const db = getDb(env);
  const job = await findJob(db, jobId);
  if (job?.state !== 'failed' || !job.userId) return job;
  const change = { state: 'queued', progress: job.progress, step: job.step, error: null, updatedAt: Date.now() } as const;
  const queued = await updateJob(db, jobId, change);
  if (!queued) return findJob(db, jobId);
  await publishJobUpdate(env, queued);
  await enqueueDeletion(env, jobId, job.userId);
  return queued;
}
