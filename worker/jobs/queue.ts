import { handleAccountJobs } from './account-jobs';
import { handleFaxJobs } from './fax-jobs';
import { handleWebhookJobs } from './webhook-jobs';

/** The Worker's queue handler: routes each batch to the consumer of its queue. */
export async function queue(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  switch (batch.queue) {
    case 'account-jobs':
      return handleAccountJobs(batch, env);
    case 'fax-jobs':
      return handleFaxJobs(batch, env);
    case 'webhook-jobs':
      return handleWebhookJobs(batch, env);
    default:
      console.warn('No consumer for queue', batch.queue);
      batch.retryAll();
  }
}
