import { retryDelaySeconds } from '../domain/retry';
import { drainWebhooks } from '../outgoing-webhooks/drain';
import { webhookJobSchema } from '../queues/webhook-messages';

/**
 * Consumer of the webhook-jobs queue (decision 047): each message drains one account's due
 * deliveries. Messages of one batch naming the same account drain it once; the accounts of a
 * batch drain side by side.
 */
export async function handleWebhookJobs(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  const byUser = new Map<string, Message<unknown>[]>();
  for (const message of batch.messages) {
    const parsed = webhookJobSchema.safeParse(message.body);
    if (!parsed.success) {
      console.warn('Dropping malformed webhook job', message.id, parsed.error.issues[0]?.message);
      message.ack();
      continue;
    }
    byUser.set(parsed.data.userId, [...(byUser.get(parsed.data.userId) ?? []), message]);
  }
  await Promise.all(
    [...byUser].map(async ([userId, messages]) => {
      try {
        await drainWebhooks(env, userId);
        for (const message of messages) message.ack();
      } catch (err) {
        console.warn('Webhook drain failed, will retry', userId, err);
        for (const message of messages) message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
      }
    }),
  );
}
