import { z } from 'zod';
import type { JobState } from './account-deletion-rules';

// The contract of account deletion between worker/ and the deletion page: the job id (also the
// capability in /account_delete/{uuid}), the job's public status, and the start answer.

export { isRetrying, JOB_STATES, type JobState } from './account-deletion-rules';

/** Job ids are random UUIDs; anything else is not a job (answered as not found). */
const jobIdSchema = z.uuid();

export function isJobId(value: unknown): value is string {
  return jobIdSchema.safeParse(value).success;
}

/**
 * What anyone holding the job id may see (GET /api/accountJobStatus): never whose account it was
 * or anything from it. `error` is set while a failed step waits for its retry, and when the job failed.
 */
export interface AccountJobStatus {
  id: string;
  state: JobState;
  /** 0..100 */
  progress: number;
  /** The step running now (a name from the server's list of deletion steps); null before and after. */
  step: string | null;
  error: string | null;
  /** Epoch milliseconds of the last change. */
  updatedAt: number;
}

/** GET /api/fullAccountDelete (spec §7). */
export interface StartAccountDeletionResponse {
  started: true;
  jobId: string;
}

/** GET /api/devAccountDelete. */
export interface DevAccountDeleteResponse {
  deleted: true;
}

export const retryAccountJobSchema = z.object({ jobId: jobIdSchema });
