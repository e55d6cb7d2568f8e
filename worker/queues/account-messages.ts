import { z } from 'zod';
import { SIGN_IN_METHODS } from '../../src/common/sign-in-link';

// Messages on the account-jobs queue. Each carries its own id so a redelivery is recognised.
export const accountJobSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('sign-in.record'),
    id: z.string().min(1),
    userId: z.string().min(1),
    /** The session the sign-in opened: its own pages are not told about it. */
    sessionId: z.string().min(1),
    at: z.number(),
    method: z.enum(SIGN_IN_METHODS),
    ip: z.string().nullable(),
    userAgent: z.string().nullable(),
    country: z.string().nullable(),
  }),
  // Runs (or resumes) the account deletion job `jobId` (worker/jobs/delete-account.ts).
  z.object({
    kind: z.literal('account.delete'),
    jobId: z.uuid(),
    userId: z.string().min(1),
  }),
]);

export type AccountJob = z.infer<typeof accountJobSchema>;

export async function enqueueAccountJob(env: Env, job: AccountJob): Promise<void> {
  await env.ACCOUNT_JOBS.send(job, { contentType: 'json' });
}
