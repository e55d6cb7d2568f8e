import { and, eq, sql } from 'drizzle-orm';
import type { FaxEventKind, FaxFailureReason, FaxStatus } from '../../../src/common/faxes';
import type { FaxProgress } from '../../domain/fax-status';
import { builtOnce } from './built-once';
import { moveCredits } from './credits';
import type { UserStore } from './open-store';
import { storeCarrierReceipts, storeFaxAttempts, storeFaxEvents, storeFaxes } from './schema';

// One step of a sent fax's life (planned by domain/attempt-change.ts from the rules of
// domain/fax-status.ts) written to the user's store in one transaction. The object runs one call
// at a time, so the version check and the writes cannot interleave with another change; the
// version (`faxes.updated`) still guards against a change planned from a fax read before another
// change landed. A refund rides with the move to a final status, which happens once.

export interface TimelineEntry {
  kind: FaxEventKind;
  attempt: number;
  pagesSent: number | null;
  reason: FaxFailureReason | null;
}

/** One planned step of a sent fax's life (domain/attempt-change.ts), committed whole or not at all. */
export interface FaxChange {
  faxId: string;
  /** `faxes.updated` as read. */
  version: number;
  now: number;
  fax: FaxProgress & { localNumber?: string };
  attemptInsert?: { attempt: number; carrier: string };
  attemptUpdate?: {
    attempt: number;
    status: FaxStatus;
    pagesSent: number;
    failureReason: FaxFailureReason | null;
    carrierFaxId: string | null;
    endedAt: number | null;
  };
  timeline: TimelineEntry[];
  refund?: { userId: string; toPaid: number; toDefault: number };
  /** The webhook delivery that caused it: recorded with it, so a repeat is refused as a duplicate. */
  receipt?: { provider: string; eventId: string };
}

export type CommitResult = 'committed' | 'conflict' | 'duplicate';

export function commitStoreFaxChange(store: UserStore, change: FaxChange): CommitResult {
  // Every page a carrier reports is one change (350 for the largest fax): the statements are built
  // once per store and run inside the transaction, which is the store's one connection.
  const q = changeStatements(store);
  return store.transaction((tx) => {
    if (change.receipt && q.receiptSeen.get(change.receipt)) return 'duplicate';
    if (change.attemptInsert && q.attemptTaken.get({ faxId: change.faxId, attempt: change.attemptInsert.attempt })) return 'duplicate';
    if (q.version.get({ faxId: change.faxId })?.updated !== change.version) return 'conflict';

    if (change.receipt) q.recordReceipt.run({ ...change.receipt, receivedAt: change.now });
    if (change.attemptInsert) {
      const { attempt, carrier } = change.attemptInsert;
      q.insertAttempt.run({ faxId: change.faxId, attempt, carrier, startedAt: change.now });
    }
    if (change.attemptUpdate) {
      const { carrierFaxId, ...a } = change.attemptUpdate;
      q.updateAttempt.run({ ...a, carrierFaxId: carrierFaxId ?? null, faxId: change.faxId });
    }
    for (const entry of change.timeline) {
      q.insertEvent.run({ id: crypto.randomUUID(), faxId: change.faxId, at: change.now, ...entry });
    }
    const refunded = change.refund ? change.refund.toPaid + change.refund.toDefault : 0;
    if (change.refund && refunded > 0) {
      const delta = { defaultDelta: change.refund.toDefault, paidDelta: change.refund.toPaid };
      moveCredits(tx, 'send', 'FAX_REFUND', delta, change.now, change.faxId);
    }
    const { fax } = change;
    q.updateFax.run({
      faxId: change.faxId,
      status: fax.status,
      pagesSent: fax.pagesSent,
      attempt: fax.attempt,
      nextAttemptAt: fax.nextAttemptAt,
      failureReason: fax.failureReason,
      completed: fax.completed,
      refunded,
      localNumber: fax.localNumber ?? null,
      updated: Math.max(change.now, change.version + 1),
    });
    return 'committed';
  });
}

function changeStatements(store: UserStore) {
  const p = (name: string) => sql.placeholder(name);
  const a = storeFaxAttempts;
  const f = storeFaxes;
  return builtOnce(store, 'commit a fax change', (s) => ({
    receiptSeen: s
      .select({ eventId: storeCarrierReceipts.eventId })
      .from(storeCarrierReceipts)
      .where(and(eq(storeCarrierReceipts.provider, p('provider')), eq(storeCarrierReceipts.eventId, p('eventId'))))
      .prepare(),
    attemptTaken: s
      .select({ attempt: a.attempt })
      .from(a)
      .where(and(eq(a.faxId, p('faxId')), eq(a.attempt, p('attempt'))))
      .prepare(),
    version: s
      .select({ updated: f.updated })
      .from(f)
      .where(eq(f.id, p('faxId')))
      .prepare(),
    recordReceipt: s
      .insert(storeCarrierReceipts)
      .values({ provider: p('provider'), eventId: p('eventId'), receivedAt: p('receivedAt') })
      .prepare(),
    insertAttempt: s
      .insert(a)
      .values({ faxId: p('faxId'), attempt: p('attempt'), carrier: p('carrier'), status: 'QUEUED', startedAt: p('startedAt') })
      .prepare(),
    updateAttempt: s
      .update(a)
      .set({
        status: sql`${p('status')}`,
        pagesSent: sql`${p('pagesSent')}`,
        failureReason: sql`${p('failureReason')}`,
        carrierFaxId: sql`coalesce(${a.carrierFaxId}, ${p('carrierFaxId')})`,
        endedAt: sql`${p('endedAt')}`,
      })
      .where(and(eq(a.faxId, p('faxId')), eq(a.attempt, p('attempt'))))
      .prepare(),
    insertEvent: s
      .insert(storeFaxEvents)
      .values({
        id: p('id'),
        faxId: p('faxId'),
        at: p('at'),
        kind: p('kind'),
        attempt: p('attempt'),
        pagesSent: p('pagesSent'),
        reason: p('reason'),
      })
      .prepare(),
    updateFax: s
      .update(f)
      .set({
        status: sql`${p('status')}`,
        pagesSent: sql`${p('pagesSent')}`,
        attempt: sql`${p('attempt')}`,
        nextAttemptAt: sql`${p('nextAttemptAt')}`,
        failureReason: sql`${p('failureReason')}`,
        completed: sql`${p('completed')}`,
        refunded: sql`${f.refunded} + ${p('refunded')}`,
        localNumber: sql`coalesce(${p('localNumber')}, ${f.localNumber})`,
        updated: sql`${p('updated')}`,
      })
      .where(eq(f.id, p('faxId')))
      .prepare(),
  }));
}
