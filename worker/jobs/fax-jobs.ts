import { retryDelaySeconds } from '../domain/retry';
import { dispatchFax } from '../fax/dispatch';
import { faxJobSchema } from '../queues/fax-messages';
import { mailFaxToAddress } from '../receive/mail-to-address';

/** Consumer of the fax-jobs queue: each message is validated, handled, and acked or retried alone. */
export async function handleFaxJobs(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  for (const message of batch.messages) {
    const parsed = faxJobSchema.safeParse(message.body);
    if (!parsed.success) {
      // A message no handler understands would fail the same way on every retry.
      console.warn('Dropping malformed fax job', message.id, parsed.error.issues[0]?.message);
      message.ack();
      continue;
    }
    try {
      const job = parsed.data;
      if (job.kind === 'fax.mail-received') {
        await mailFaxToAddress(env, job.userId, job.faxId, job.addressId);
        message.ack();
        continue;
      }
      const { faxId, attempt, userId } = job;
      const outcome = await dispatchFax(env, { faxId, attempt }, userId, message.attempts);
      // The previous attempt's failure is being committed right now: look again in a moment.
      if (outcome === 'not-ready') message.retry({ delaySeconds: 1 });
      else message.ack();
    } catch (err) {
      console.warn('Fax job failed, will retry', message.id, err);
      message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
    }
  }
}
