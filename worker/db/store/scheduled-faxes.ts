import { and, asc, eq, inArray, isNotNull, lte, min, sql } from 'drizzle-orm';
import { splitRefund } from '../../domain/credits';
import { isWaitingToStart } from '../../domain/schedule';
import { builtOnce } from './built-once';
import { moveCredits } from './credits';
import type { StoreScope, UserStore } from './open-store';
import { type StoreFaxRow, storeFaxEvents, storeFaxes } from './schema';

// Faxes sent later (decision 025) in the user's store: found when their time comes, moved to another
// time, or cancelled with their credits returned, all before they start and never after.

export type ScheduleChange = { faxes: StoreFaxRow[] } | 'NOT_FOUND' | 'STARTED';

/** Faxes named by id, or the faxes of one send to many. */
export type ScheduleTarget = { faxIds: string[] } | { broadcastId: string };

/** When the next scheduled fax starts, or null when none waits. */
export function nextSendAt(store: StoreScope): number | null {
  const query = builtOnce(store, 'next scheduled send', (s) =>
    s
      .select({ at: min(storeFaxes.sendAt) })
      .from(storeFaxes)
      .where(isNotNull(storeFaxes.sendAt))
      .prepare(),
  );
  return query.get()?.at ?? null;
}

/** Scheduled faxes whose time has come (at most `limit`), the earliest first. */
export function dueScheduledFaxes(store: StoreScope, now: number, limit: number): StoreFaxRow[] {
  const f = storeFaxes;
  return store
    .select()
    .from(f)
    .where(and(isNotNull(f.sendAt), lte(f.sendAt, now)))
    .orderBy(asc(f.sendAt))
    .limit(limit)
    .all();
}

/** Its time has come: from now on it is a fax on its way like any other (its dispatch is queued). */
export function startScheduledFax(store: StoreScope, faxId: string, now: number): StoreFaxRow | null {
  const f = storeFaxes;
  return (
    store
      .update(f)
      .set({ sendAt: null, updated: sql`max(${now}, ${f.updated} + 1)` })
      .where(and(eq(f.id, faxId), isNotNull(f.sendAt)))
      .returning()
      .get() ?? null
  );
}

/** The faxes named, or those of a send to many; null when the user has none by an id. */
function findTargets(store: StoreScope, target: ScheduleTarget): StoreFaxRow[] | null {
  const f = storeFaxes;
  if ('broadcastId' in target) {
    const rows = store.select().from(f).where(eq(f.broadcastId, target.broadcastId)).all();
    // Of a send to many, only those still waiting change; the others have started or ended.
    const waiting = rows.filter(isWaitingToStart);
    return rows.length === 0 ? null : waiting;
  }
  const rows = store.select().from(f).where(inArray(f.id, target.faxIds)).all();
  return rows.length < target.faxIds.length ? null : rows;
}

/**
 * Changes every targeted fax with `change` inside one transaction, if all are still waiting for
 * their time; otherwise nothing changes (NOT_FOUND for an id the user has no fax by, STARTED).
 */
function changeWaitingFaxes(
  store: UserStore,
  target: ScheduleTarget,
  change: (tx: StoreScope, fax: StoreFaxRow) => StoreFaxRow,
): ScheduleChange {
  return store.transaction((tx) => {
    const rows = findTargets(tx, target);
    if (!rows) return 'NOT_FOUND';
    if (rows.length === 0 || rows.some((fax) => !isWaitingToStart(fax))) return 'STARTED';
    return { faxes: rows.map((fax) => change(tx, fax)) };
  });
}

/** Moves scheduled faxes to another time, all or none. */
export function rescheduleFaxes(store: UserStore, target: ScheduleTarget, sendAt: number, now: number): ScheduleChange {
  const f = storeFaxes;
  return changeWaitingFaxes(store, target, (tx, fax) =>
    tx
      .update(f)
      .set({ sendAt, updated: sql`max(${now}, ${f.updated} + 1)` })
      .where(eq(f.id, fax.id))
      .returning()
      .get(),
  );
}

/**
 * Cancels scheduled faxes before they start, all or none: each ends FAILED (CANCELLED) with every
 * credit it took given back to the bucket it came from, and says so in its timeline.
 */
export function cancelScheduledFaxes(store: UserStore, target: ScheduleTarget, now: number): ScheduleChange {
  const f = storeFaxes;
  return changeWaitingFaxes(store, target, (tx, fax) => {
    const charge = { chargedDefault: fax.chargedDefault, chargedPaid: fax.chargedPaid, refunded: fax.refunded };
    const refund = splitRefund(fax.chargedDefault + fax.chargedPaid - fax.refunded, charge);
    const refunded = refund.toDefault + refund.toPaid;
    if (refunded > 0) {
      moveCredits(tx, 'send', 'FAX_REFUND', { defaultDelta: refund.toDefault, paidDelta: refund.toPaid }, now, fax.id);
    }
    const event = (kind: 'FAILED' | 'REFUNDED', reason: 'CANCELLED' | null) =>
      tx.insert(storeFaxEvents).values({ id: crypto.randomUUID(), faxId: fax.id, at: now, attempt: 0, kind, reason }).run();
    event('FAILED', 'CANCELLED');
    if (refunded > 0) event('REFUNDED', null);
    return tx
      .update(f)
      .set({
        status: 'FAILED',
        failureReason: 'CANCELLED',
        sendAt: null,
        refunded: fax.refunded + refunded,
        completed: now,
        updated: sql`max(${now}, ${f.updated} + 1)`,
      })
      .where(eq(f.id, fax.id))
      .returning()
      .get();
  });
}
