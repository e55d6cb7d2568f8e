import type { AccountJobStatus } from '../../src/common/account-deletion';
import type { JobRow } from '../db/schema';

/** What a job row may show to whoever holds its id: nothing about whose it is. */
export function toJobStatus(job: JobRow): AccountJobStatus {
  return {
    id: job.id,
    state: job.state,
    progress: job.progress,
    step: job.step,
    error: job.error,
    updatedAt: job.updatedAt,
  };
}
