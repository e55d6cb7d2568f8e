import type { JobRow } from '../db/schema';
import type { UserHub } from '../user-store/user-hub';

// A job's page watches the job on its own channel: a hub of the UserHub class named `job:<id>`
// (a user's hub is named by the user's id, a UUID, so the names never meet). The job outlives the
// user's sessions, so its watchers hold no session; the tag only groups their sockets.
export const JOB_WATCHER_TAG = 'job-watcher';

export function jobHubStub(env: Env, jobId: string): DurableObjectStub<UserHub> {
  return env.USER_HUB.get(env.USER_HUB.idFromName(`job:${jobId}`));
}

/**
 * Tells the job's open pages about its new state. Best effort: the job row is the truth and a
 * page re-reads it after any reconnect, so a failed push is logged and never fails the job.
 */
export async function publishJobUpdate(env: Env, job: JobRow): Promise<void> {
  try {
    await jobHubStub(env, job.id).publish({
      type: 'job.updated',
      at: job.updatedAt,
      jobId: job.id,
      state: job.state,
      progress: job.progress,
      step: job.step,
      error: job.error,
    });
  } catch (err) {
    console.warn('Could not push the job update', job.id, err);
  }
}
