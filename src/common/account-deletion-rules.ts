// The zod-free part of account deletion: what the pages carry. The schemas stay in ./account-deletion.ts, which re-exports
// these, so the server reads one contract (docs/decisions/032).

export const JOB_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

/** A failed step is being retried: the job is not finished but has met an error. */
export function isRetrying(job: { state: JobState; error: string | null }): boolean {
  return (job.state === 'queued' || job.state === 'running') && job.error !== null;
}
