import { and, eq, sql } from 'drizzle-orm';
import type { FaxEventKind, FaxFailureReason, FaxStatus } from '../../../src/common/faxes';
import type { FaxProgress } from '../../domain/fax-status';
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
  return store.transaction((tx) => {
    if (change.receipt) {
      const { provider, eventId } = change.receipt;
      const seen = tx
        .select()
        .from(storeCarrierReceipts)
        .where(and(eq(storeCarrierReceipts.provider, provider), eq(storeCarrierReceipts.eventId, eventId)))
        .get();
      if (seen) return 'duplicate';
    }
    if (change.attemptInsert) {
      const taken = tx
        .select()
        .from(storeFaxAttempts)
        .where(and(eq(storeFaxAttempts.faxId, change.faxId), eq(storeFaxAttempts.attempt, change.attemptInsert.attempt)))
        .get();
      if (taken) return 'duplicate';
    }
    const current = tx.select({ updated: storeFaxes.updated }).from(storeFaxes).where(eq(storeFaxes.id, change.faxId)).get();
    if (current?.updated !== change.version) return 'conflict';

    if (change.receipt)
      tx.insert(storeCarrierReceipts)
        .values({ ...change.receipt, receivedAt: change.now })
        .run();
    if (change.attemptInsert) {
      const { attempt, carrier } = change.attemptInsert;
      tx.insert(storeFaxAttempts).values({ faxId: change.faxId, attempt, carrier, status: 'QUEUED', startedAt: change.now }).run();
    }
    if (change.attemptUpdate) {
      const a = change.attemptUpdate;
      tx.update(storeFaxAttempts)
        .set({
          status: a.status,
          pagesSent: a.pagesSent,
          failureReason: a.failureReason,
          carrierFaxId: sql`coalesce(${storeFaxAttempts.carrierFaxId}, ${a.carrierFaxId})`,
          endedAt: a.endedAt,
        })
        .where(and(eq(storeFaxAttempts.faxId, change.faxId), eq(storeFaxAttempts.attempt, a.attempt)))
        .run();
    }
    for (const entry of change.timeline) {
      tx.insert(storeFaxEvents)
        .values({ id: crypto.randomUUID(), faxId: change.faxId, at: change.now, ...entry })
        .run();
    }
    const refunded = change.refund ? change.refund.toPaid + change.refund.toDefault : 0;
    if (change.refund && refunded > 0) {
      const delta = { defaultDelta: change.refund.toDefault, paidDelta: change.refund.toPaid };
      moveCredits(tx, 'send', 'FAX_REFUND', delta, change.now, change.faxId);
    }
    const { fax } = change;
    tx.update(storeFaxes)
      .set({
        status: fax.status,
        pagesSent: fax.pagesSent,
        attempt: fax.attempt,
        nextAttemptAt: fax.nextAttemptAt,
        failureReason: fax.failureReason,
        completed: fax.completed,
        refunded: sql`${storeFaxes.refunded} + ${refunded}`,
        localNumber: sql`coalesce(${fax.localNumber ?? null}, ${storeFaxes.localNumber})`,
        updated: Math.max(change.now, change.version + 1),
      })
      .where(eq(storeFaxes.id, change.faxId))
      .run();
    return 'committed';
  });
}
