import { WEBHOOK_RETENTION_DAYS } from '../../src/common/outgoing-webhook-rules';
import * as hooks from '../db/store/webhooks';
import { enqueueWebhookDrain } from '../queues/webhook-messages';
import type { StoreRoom } from './room';

// The object's alarm over outgoing webhooks (decision 047): the queue carries every delivery, and
// the alarm is there for a message that was lost. What is past retention is forgotten whenever
// events are made and whenever the alarm rings for anything; no alarm is kept for that alone, so an
// account at rest has none, and what it lists is cut at the retention anyway.

export const RETENTION_MS = WEBHOOK_RETENTION_DAYS * 86_400_000;
/** The alarm sends a drain for a delivery this long overdue: its queue message was lost. */
const OVERDUE_MS = 60_000;

/** The alarm's part: a delivery whose queue message was lost is sent for again; what is past retention is forgotten. */
export async function watchWebhooks(room: StoreRoom, userId: string, now: number): Promise<void> {
  hooks.pruneStoreWebhooks(room.store, now - RETENTION_MS);
  const due = hooks.nextStoreWebhookDue(room.store);
  if (due !== null && due <= now - OVERDUE_MS) await enqueueWebhookDrain(room.env, userId);
}

/** When the alarm should look at webhooks next (a delivery due, in case its message is lost), or null. */
export function webhookAlarmDue(room: StoreRoom, now: number): number | null {
  const due = hooks.nextStoreWebhookDue(room.store);
  return due === null ? null : Math.max(now + OVERDUE_MS, due + OVERDUE_MS);
}
