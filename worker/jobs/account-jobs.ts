import { retryDelaySeconds } from '../domain/retry';
import { accountJobSchema } from '../queues/account-messages';
import { runDeletionJob } from './delete-account';
import { recordSignIn } from './record-sign-in';

/** Consumer of the account-jobs queue: each message is validated, handled, and acked or retried alone. */
export async function handleAccountJobs(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  for (const message of batch.messages) {
    const parsed = accountJobSchema.safeParse(message.body);
    if (!parsed.success) {
      // A message no handler understands would fail the same way on every retry.
      console.warn('Dropping malformed account job', message.id, parsed.error.issues[0]?.message);
      message.ack();
      continue;
    }
    try {
      switch (parsed.data.kind) {
        case 'sign-in.record':
          await recordSignIn(env, parsed.data);
          break;
        case 'account.delete':
          await runDeletionJob(env, parsed.data, message.attempts);
          break;
      }
      message.ack();
    } catch (err) {
      console.warn('Account job failed, will retry', message.id, err);
      message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
    }
  }
}
