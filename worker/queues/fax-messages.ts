import { z } from 'zod';

// Messages on the fax-jobs queue. Every handler is idempotent: a redelivered message, or one for
// a fax that has moved on, changes nothing.
export const faxJobSchema = z.discriminatedUnion('kind', [
  // Render the final PDF (cover page first) and hand attempt `attempt` of the fax to the carrier.
  // `userId` names the store the fax is in (decision 023); a message queued before it did is found
  // through D1's fax_owners.
  z.object({
    kind: z.literal('fax.dispatch'),
    faxId: z.string().min(1),
    userId: z.string().min(1).optional(),
    attempt: z.number().int().min(1),
  }),
  // Mail received fax `faxId` of `userId` to one address they confirmed for received faxes (decision 028).
  z.object({
    kind: z.literal('fax.mail-received'),
    faxId: z.string().min(1),
    userId: z.string().min(1),
    addressId: z.string().min(1),
  }),
]);

type FaxJob = z.infer<typeof faxJobSchema>;

export async function enqueueFaxJob(env: Env, job: FaxJob, delaySeconds = 0): Promise<void> {
  await env.FAX_JOBS.send(job, { contentType: 'json', delaySeconds });
}

/** Several jobs in one call (a queue takes up to 100 messages a batch; callers send fewer). */
export async function enqueueFaxJobs(env: Env, jobs: FaxJob[]): Promise<void> {
  if (jobs.length > 0) await env.FAX_JOBS.sendBatch(jobs.map((body) => ({ body, contentType: 'json' as const })));
}
