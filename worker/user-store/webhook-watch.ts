import { WEBHOOK_RETENTION_DAYS } from '../../src/common/outgoing-webhook-rules';
import * as hooks from '../db/store/webhooks';
import { enqueueWebhookDrain } from '../queues/webhook-messages';
import type { StoreRoom } from './room';

// The object's alarm over outgoing webhooks (decision 047): the queue carries every delivery, and
// the alarm is there for a message that was lost, and to forget what is past retention.

const RETENTION_MS = WEBHOOK_RETENTION_DAYS * 86_400_000;
/** The alarm sends a drain for a delivery this long overdue: its queue message was lost. */
const OVERDUE_MS = 60_000;

/** The alarm's part: a delivery whose queue message was lost is sent for again; what is past retention is forgotten. */
export async function watchWebhooks(room: StoreRoom, userId: string, now: number): Promise<void> {
  hooks.pruneStoreWebhooks(room.store, now - RETENTION_MS);
  const due = hooks.nextStoreWebhookDue(room.store);
  if (due !== null && due <= now - OVERDUE_MS) await enqueueWebhookDrain(room.env, userId);
}

/** When the alarm should look at webhooks next, or null. */
export function webhookAlarmDue(room: StoreRoom, now: number): number | null {
  const dues: number[] = [];
  const due = hooks.nextStoreWebhookDue(room.store);
  if (due !== null) dues.push(Math.max(now + OVERDUE_MS, due + OVERDUE_MS));
  const oldest = hooks.oldestStoreWebhookEvent(room.store);
  if (oldest !== null) dues.push(Math.max(now, oldest + RETENTION_MS));
  return dues.length > 0 ? Math.min(...dues) : null;
}
