import { t } from '../../src/i18n/t';
import { getDb } from '../db/client';
import { findJob, finishDeletionJobs, type JobChange, updateJob } from '../db/queries/jobs';
import type { JobRow } from '../db/schema';
import { publishJobUpdate } from '../live/job-channel';
import type { AccountJob } from '../queues/account-messages';
import { DELETION_STEPS, type DeletionStep } from './deletion-steps';

// The runner of account deletion: it knows nothing of what the steps do (deletion-steps.ts).

type DeletionMessage = Extract<AccountJob, { kind: 'account.delete' }>;

/** wrangler.toml gives account-jobs `max_retries = 5`: a message is delivered at most 6 times. */
export const DELETION_MAX_ATTEMPTS = 6;

/** Runs every step at once, with no job to report to (GET /api/devAccountDelete). */
export async function deleteAccountNow(env: Env, userId: string): Promise<void> {
  for (const step of DELETION_STEPS) await step.run(env, userId);
}

/** A (re)started job picks up at the step it was on; that step runs again from its start. */
function resumeIndex(job: JobRow): number {
  return Math.max(
    0,
    DELETION_STEPS.findIndex((step) => step.name === job.step),
  );
}

async function changeJob(env: Env, jobId: string, change: Omit<JobChange, 'updatedAt'>): Promise<JobRow | null> {
  const job = await updateJob(getDb(env), jobId, { ...change, updatedAt: Date.now() });
  if (job) await publishJobUpdate(env, job);
  return job;
}

/**
 * Records a failed step. Before the last delivery the job shows the error while the queue retries
 * the message (the error is rethrown for that); on the last one the job fails for good and waits
 * for someone holding its page to try again (POST /api/retryAccountJob).
 */
async function recordFailure(env: Env, jobId: string, step: DeletionStep, attempts: number, err: unknown): Promise<void> {
  const final = attempts >= DELETION_MAX_ATTEMPTS;
  // Only the step's name is kept: an exception's text could carry the user's data.
  const error = t('deletion.stepFailed', { step: step.name });
  await changeJob(env, jobId, { state: final ? 'failed' : 'running', step: step.name, progress: step.progress, error });
  if (!final) throw err;
  console.error('Account deletion failed after the last attempt; the account stays locked', jobId, step.name, err);
}

/**
 * Consumer of `account.delete`. A job that is done is left alone, so a redelivery changes nothing;
 * any other job runs its remaining steps, each recorded and pushed live before it starts.
 */
export async function runDeletionJob(env: Env, message: DeletionMessage, attempts: number): Promise<void> {
  const db = getDb(env);
  const job = await findJob(db, message.jobId);
  if (!job || job.state === 'done') return;
  if (job.userId !== message.userId) {
    console.warn('Dropping an account.delete message that does not match its job', message.jobId);
    return;
  }
  for (const step of DELETION_STEPS.slice(resumeIndex(job))) {
    // Null: another delivery of the same job has finished it meanwhile.
    if (!(await changeJob(env, job.id, { state: 'running', step: step.name, progress: step.progress, error: null }))) return;
    try {
      await step.run(env, job.userId);
    } catch (err) {
      await recordFailure(env, job.id, step, attempts, err);
      return;
    }
  }
  const done = await finishDeletionJobs(db, job.id, job.userId, Date.now());
  if (done) await publishJobUpdate(env, done);
}
