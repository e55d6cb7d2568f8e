import { z } from 'zod';

// Messages on the webhook-jobs queue (decision 047). A message carries no event: it says that the
// user's store has deliveries due, and the consumer takes them from the store in order. Sending
// one twice, or for deliveries gone since, costs a look and changes nothing.
export const webhookJobSchema = z.object({ kind: z.literal('webhooks.drain'), userId: z.string().min(1) });

export type WebhookJob = z.infer<typeof webhookJobSchema>;

export async function enqueueWebhookDrain(env: Env, userId: string, delaySeconds = 0): Promise<void> {
  await env.WEBHOOK_JOBS.send({ kind: 'webhooks.drain', userId } satisfies WebhookJob, {
    contentType: 'json',
    // Queues hold a message back 12 hours at the most (the longest pause is 10 hours).
    delaySeconds: Math.min(43_200, Math.max(0, Math.ceil(delaySeconds))),
  });
}
