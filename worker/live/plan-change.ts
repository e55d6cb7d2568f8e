import { formatPhoneForDisplay } from '../../src/common/phone';
import type { FaxNumberRow } from '../db/schema';
import { userStore } from '../user-store/stub';
import { publishToUser } from './publish';

/** Tells the user's open pages their plan (and credits) changed, and their number when it did. */
export async function publishPlanChange(env: Env, userId: string, number: { changed: boolean; row: FaxNumberRow | null }): Promise<void> {
  const at = Date.now();
  const events: Promise<unknown>[] = [
    publishToUser(env, userId, { type: 'subscription.updated', at }),
    publishToUser(env, userId, { type: 'account.updated', at }),
  ];
  if (number.changed) {
    const view = number.row ? { number: number.row.number, display: formatPhoneForDisplay(number.row.number) } : null;
    events.push(publishToUser(env, userId, { type: 'number.updated', at, number: view }));
    // The account's software hears of a number it can now receive at (decision 047).
    if (number.row) {
      const data = { number: number.row.number, assigned_at: new Date(at).toISOString() };
      events.push(userStore(env, userId).emitWebhookEvent({ type: 'number.assigned', data }));
    }
  }
  await Promise.all(events);
}
