import type { FaxView } from '../../src/common/faxes';
import type { LiveEvent } from '../../src/common/live-messages';
import { TRASH_RETENTION_MS } from '../../src/common/trash';
import { oldestApiRecords } from '../db/store/api-calls';
import { contactNamesByNumber } from '../db/store/contacts';
import { readFaxTotals } from '../db/store/fax-counters';
import { oldestOpenFaxChange } from '../db/store/fax-sweeps';
import { ledgerPendingSince } from '../db/store/ledger-backlog';
import type { UserStore } from '../db/store/open-store';
import { nextSendAt } from '../db/store/scheduled-faxes';
import type { StoreFaxRow } from '../db/store/schema';
import { oldestTrashing } from '../db/store/trash';
import { API_RATE_LIMIT, IDEMPOTENCY_WINDOW_MS } from '../domain/api-limits';
import { STALLED_DISPATCH_MS } from '../domain/fax-sweeps';
import { toFaxView } from '../views/faxes';
import { webhookAlarmDue } from './webhook-watch';

// What the object's methods, kept by concern in the modules of this room, work with: the user's
// store and the few things of the object itself (user-hub.ts) they need. Each module's methods
// are put on the object's class, so `this` in them is the object.

export interface StoreRoom {
  readonly store: UserStore;
  readonly env: Env;
  readonly ctx: Pick<DurableObjectState, 'storage' | 'blockConcurrencyWhile'>;
  /** Makes the store ready for this user (the one-time copy out of D1); every call names the user. */
  ready(userId: string): Promise<void>;
  /** Sends the event to the user's open pages; answers how many got it. */
  publish(event: LiveEvent, exceptSessionId?: string | null, ownEvent?: LiveEvent | null): Promise<number>;
}

/** How often, at the most, an object with a fax on its way looks at it again (its alarm). */
const WATCH_MS = STALLED_DISPATCH_MS;

/** How long an ended fax may wait before the alarm adds its part of D1's ledger (user-store/ledger.ts). */
export const LEDGER_FLUSH_MS = 10 * 60_000;

/** The faxes as the API shows them, each with its other party's name from the phonebook. */
export function faxViews(room: StoreRoom, rows: readonly StoreFaxRow[]): FaxView[] {
  const numbers = rows.flatMap((row) => (row.remoteNumber ? [row.remoteNumber] : []));
  const names = numbers.length > 0 ? contactNamesByNumber(room.store, numbers) : new Map<string, string>();
  return rows.map((row) => toFaxView(row, (row.remoteNumber && names.get(row.remoteNumber)) || null));
}

export function faxView(room: StoreRoom, row: StoreFaxRow): FaxView {
  return faxViews(room, [row])[0]!;
}

/**
 * Tells the user's pages that a fax changed, and in the same push whether their credits did (a
 * charge or refund): one change, one push (tests/integration/live-pushes.test.ts). A sandbox fax's
 * changes are not pushed.
 */
export async function pushFax(room: StoreRoom, row: StoreFaxRow, creditsChanged: boolean): Promise<void> {
  // The site never shows a sandbox fax (decision 048): its pages are not told of one.
  if (!row.livemode) return;
  await room.publish({ type: 'fax.updated', at: Date.now(), fax: faxView(room, row), totals: readFaxTotals(room.store), creditsChanged });
}

/**
 * Keeps an alarm set while there is something to watch: a fax on its way (a lost dispatch, a
 * silent call), a scheduled fax, a fax in the trash (its purge when the retention ends), or
 * ended faxes whose part of D1's ledger is still to be added, or the public API's records to prune
 * (an Idempotency-Key's answer after 24 hours, a key's call count once its window has ended).
 */
export async function watchOpenFaxes(room: StoreRoom): Promise<void> {
  const now = Date.now();
  const dues: number[] = [];
  const oldest = oldestOpenFaxChange(room.store);
  if (oldest !== null) dues.push(Math.max(now + WATCH_MS, oldest + STALLED_DISPATCH_MS));
  const scheduled = nextSendAt(room.store);
  if (scheduled !== null) dues.push(Math.max(now, scheduled));
  const trashedSince = oldestTrashing(room.store);
  if (trashedSince !== null) dues.push(Math.max(now, trashedSince + TRASH_RETENTION_MS));
  const ledgerSince = ledgerPendingSince(room.store);
  if (ledgerSince !== null) dues.push(Math.max(now, ledgerSince + LEDGER_FLUSH_MS));
  const webhooks = webhookAlarmDue(room, now);
  if (webhooks !== null) dues.push(webhooks);
  const api = oldestApiRecords(room.store);
  if (api.claim !== null) dues.push(Math.max(now, api.claim + IDEMPOTENCY_WINDOW_MS));
  if (api.window !== null) dues.push(Math.max(now, api.window + 2 * API_RATE_LIMIT.windowMs));
  const set = await room.ctx.storage.getAlarm();
  if (dues.length === 0) {
    if (set !== null) await room.ctx.storage.deleteAlarm();
    return;
  }
  // Exactly when the first of them is due: a fax moved to a later time moves the alarm too.
  const due = Math.min(...dues);
  if (set !== due) await room.ctx.storage.setAlarm(due);
}
