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
]);

type FaxJob = z.infer<typeof faxJobSchema>;

export async function enqueueFaxJob(env: Env, job: FaxJob, delaySeconds = 0): Promise<void> {
  await env.FAX_JOBS.send(job, { contentType: 'json', delaySeconds });
}
