import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { listCreditMoves, moveCredits, readBalance, setPeriodCredits } from '../../worker/db/store/credits';
import type { FaxChange } from '../../worker/db/store/fax-changes';
import { commitStoreFaxChange } from '../../worker/db/store/fax-changes';
import { readFaxCounters, recountFaxCounters } from '../../worker/db/store/fax-counters';
import { createSendFax, findStoreFax, listStoreFaxEvents } from '../../worker/db/store/faxes';
import type { UserStore } from '../../worker/db/store/open-store';
import {
  endStoreReceivedFax,
  findLastStoreReceivedFax,
  listStoreReceivingFaxes,
  noteStoreReceivingFax,
  setStoreFaxRead,
} from '../../worker/db/store/received-faxes';
import { storeFaxAttempts } from '../../worker/db/store/schema';
import { planAttemptChange } from '../../worker/domain/attempt-change';
import type { UserHub } from '../../worker/user-store/user-hub';

// A fax's life in the user's own store (decision 023): attempt changes planned by the same rules
// as today (domain/attempt-change.ts) and committed once, refunds to the right buckets, and received
// faxes charged once with the counters kept right through every step.

function freshObject(): DurableObjectStub<UserHub> {
  return env.USER_HUB.get(env.USER_HUB.newUniqueId());
}

function sentFax(store: UserStore, id: string, pages: number) {
  const result = createSendFax(store, {
    id,
    toNumber: '+12125550123',
    pageCount: pages,
    fileId: 'f',
    fileName: 'f.pdf',
    coverPage: null,
    anonymous: false,
    now: 1_000,
  });
  if (!result.accepted) throw new Error('not accepted');
  return result.fax;
}

function startFirstAttempt(store: UserStore, faxId: string, now: number): FaxChange {
  const fax = findStoreFax(store, faxId)!;
  return {
    faxId,
    version: fax.updated,
    now,
    fax: { status: 'QUEUED', pagesSent: 0, attempt: 1, nextAttemptAt: null, failureReason: null, completed: null },
    attemptInsert: { attempt: 1, carrier: 'loopback' },
    timeline: [{ kind: 'QUEUED', attempt: 1, pagesSent: null, reason: null }],
  };
}

/** What the carrier reporting on attempt 1 does, planned as the product plans it. */
function report(store: UserStore, faxId: string, status: 'SENDING' | 'DELIVERED' | 'FAILED', pagesSent: number | null, now: number) {
  const fax = findStoreFax(store, faxId)!;
  const attempt = store
    .select()
    .from(storeFaxAttempts)
    .where(and(eq(storeFaxAttempts.faxId, faxId), eq(storeFaxAttempts.attempt, 1)))
    .get()!;
  return planAttemptChange({
    fax: { ...fax, userId: 'the-user' },
    attempt,
    report: { status, pagesSent, failureReason: status === 'FAILED' ? 'NOT_A_FAX_MACHINE' : null },
    carrierFaxId: 'carrier-1',
    retryBaseSeconds: 0,
    now,
  });
}

describe("a sent fax's changes in the user's store", () => {
  it('starts an attempt once, follows the carrier, and refunds a failed fax to paid credits first, once', async () => {
    await runInDurableObject(freshObject(), (hub) => {
      const store = hub.store;
      setPeriodCredits(store, { defaultCreditsSend: 3, defaultCreditsReceive: 0 }, 1);
      moveCredits(store, 'send', 'MIGRATED', { defaultDelta: 0, paidDelta: 2 }, 2);
      sentFax(store, 'fax-1', 5);
      const start = startFirstAttempt(store, 'fax-1', 2_000);
      expect(commitStoreFaxChange(store, start)).toBe('committed');
      expect(commitStoreFaxChange(store, { ...start, version: findStoreFax(store, 'fax-1')!.updated })).toBe('duplicate');

      const sending = report(store, 'fax-1', 'SENDING', 1, 3_000)!;
      expect(commitStoreFaxChange(store, { ...sending.change, receipt: { provider: 'loopback', eventId: 'e-1' } })).toBe('committed');
      // The same delivery again, planned afresh: refused as a duplicate, nothing written.
      const again = report(store, 'fax-1', 'SENDING', 2, 3_500)!;
      expect(commitStoreFaxChange(store, { ...again.change, receipt: { provider: 'loopback', eventId: 'e-1' } })).toBe('duplicate');
      expect(findStoreFax(store, 'fax-1')!.pagesSent).toBe(1);

      const failed = report(store, 'fax-1', 'FAILED', 1, 4_000)!;
      expect(failed.refunded).toBe(5);
      // Planned from an old version: a conflict, and no refund.
      expect(commitStoreFaxChange(store, { ...failed.change, version: 1 })).toBe('conflict');
      expect(readBalance(store, 'send')).toEqual({ defaultCredits: 0, paidCredits: 0 });
      expect(commitStoreFaxChange(store, failed.change)).toBe('committed');

      const fax = findStoreFax(store, 'fax-1')!;
      expect([fax.status, fax.failureReason, fax.refunded]).toEqual(['FAILED', 'NOT_A_FAX_MACHINE', 5]);
      expect(readBalance(store, 'send')).toEqual({ defaultCredits: 3, paidCredits: 2 });
      expect(listCreditMoves(store, 'send').at(-1)).toMatchObject({ move: 'FAX_REFUND', faxId: 'fax-1', defaultDelta: 3, paidDelta: 2 });
      expect(listStoreFaxEvents(store, 'fax-1').map((e) => e.kind)).toEqual(['QUEUED', 'QUEUED', 'SENDING', 'FAILED', 'REFUNDED']);
      // A late report changes nothing.
      expect(report(store, 'fax-1', 'DELIVERED', 5, 5_000)).toBeNull();
    });
  });

  it('a delivered fax gives back the pages that did not go through', async () => {
    await runInDurableObject(freshObject(), (hub) => {
      const store = hub.store;
      setPeriodCredits(store, { defaultCreditsSend: 10, defaultCreditsReceive: 0 }, 1);
      sentFax(store, 'fax-2', 4);
      commitStoreFaxChange(store, startFirstAttempt(store, 'fax-2', 2_000));
      const delivered = report(store, 'fax-2', 'DELIVERED', 3, 3_000)!;
      expect(commitStoreFaxChange(store, delivered.change)).toBe('committed');
      expect(readBalance(store, 'send')).toEqual({ defaultCredits: 7, paidCredits: 0 });
      expect(findStoreFax(store, 'fax-2')!.status).toBe('DELIVERED');
    });
  });
});

const call = (faxId: string, now: number) => ({ faxId, from: '+13125550100', to: '+12125550101', now });

describe("received faxes in the user's store", () => {
  it('shows the call while it arrives, then charges its pages as far as the credits go, once', async () => {
    await runInDurableObject(freshObject(), (hub) => {
      const store = hub.store;
      setPeriodCredits(store, { defaultCreditsSend: 0, defaultCreditsReceive: 2 }, 1);
      moveCredits(store, 'receive', 'MIGRATED', { defaultDelta: 0, paidDelta: 1 }, 2);
      expect(noteStoreReceivingFax(store, call('in-1', 1_000), null)).toBe(true);
      expect(noteStoreReceivingFax(store, call('in-1', 1_100), 2)).toBe(true);
      expect(noteStoreReceivingFax(store, call('in-1', 1_200), 1)).toBe(false);
      expect(listStoreReceivingFaxes(store).map((f) => [f.id, f.pagesSent])).toEqual([['in-1', 2]]);
      expect(readFaxCounters(store, 'RECEIVE')).toEqual({ total: 1, unread: 0, trashed: 0, lifetime: 0 });

      const end = { kind: 'received', pageCount: 5, documentKey: 'users/u/received/in-1.pdf', partial: false } as const;
      expect(endStoreReceivedFax(store, call('in-1', 2_000), end)).toBe(true);
      expect(endStoreReceivedFax(store, call('in-1', 2_100), end)).toBe(false);
      const fax = findStoreFax(store, 'in-1')!;
      expect([fax.status, fax.chargedDefault, fax.chargedPaid, fax.uncoveredPages, fax.read]).toEqual(['RECEIVED', 2, 1, 2, false]);
      expect(readBalance(store, 'receive')).toEqual({ defaultCredits: 0, paidCredits: 0 });
      expect(readFaxCounters(store, 'RECEIVE')).toEqual({ total: 1, unread: 1, trashed: 0, lifetime: 1 });
      expect(findLastStoreReceivedFax(store)?.id).toBe('in-1');
      expect(listStoreFaxEvents(store, 'in-1').map((e) => e.kind)).toEqual(['RECEIVING', 'RECEIVED']);
    });
  });

  it('a call that fails before anything arrives is kept read, uncharged and out of the lifetime count', async () => {
    await runInDurableObject(freshObject(), (hub) => {
      const store = hub.store;
      setPeriodCredits(store, { defaultCreditsSend: 0, defaultCreditsReceive: 5 }, 1);
      expect(endStoreReceivedFax(store, call('in-2', 1_000), { kind: 'failed', reason: 'LINE_DROPPED', pagesReceived: 0 })).toBe(true);
      const fax = findStoreFax(store, 'in-2')!;
      expect([fax.status, fax.read, fax.chargedDefault]).toEqual(['FAILED', true, 0]);
      expect(readBalance(store, 'receive').defaultCredits).toBe(5);
      expect(readFaxCounters(store, 'RECEIVE')).toEqual({ total: 1, unread: 0, trashed: 0, lifetime: 0 });
      expect(setStoreFaxRead(store, 'in-2', false, 2_000)).toBe(true);
      expect(readFaxCounters(store, 'RECEIVE').unread).toBe(1);
    });
  });

  it('any run of calls, endings and read changes keeps the counters equal to a recount and the credits never below zero', async () => {
    const step = fc.oneof(
      fc.record({ note: fc.integer({ min: 0, max: 5 }), pages: fc.option(fc.integer({ min: 0, max: 6 })) }),
      fc.record({ end: fc.integer({ min: 0, max: 5 }), pages: fc.integer({ min: 1, max: 6 }), failed: fc.boolean() }),
      fc.record({ read: fc.integer({ min: 0, max: 5 }), value: fc.boolean() }),
      fc.record({ grant: fc.integer({ min: 0, max: 8 }) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 20 }), async (steps) => {
        await runInDurableObject(freshObject(), (hub, state) => {
          const store = hub.store;
          steps.forEach((s, i) => {
            const now = 1_000 + i;
            if ('note' in s) noteStoreReceivingFax(store, call(`in-${s.note}`, now), s.pages);
            else if ('end' in s) {
              const end = s.failed
                ? ({ kind: 'failed', reason: 'LINE_DROPPED', pagesReceived: s.pages } as const)
                : ({ kind: 'received', pageCount: s.pages, documentKey: 'k', partial: false } as const);
              endStoreReceivedFax(store, call(`in-${s.end}`, now), end);
            } else if ('read' in s) setStoreFaxRead(store, `in-${s.read}`, s.value, now);
            else setPeriodCredits(store, { defaultCreditsSend: 0, defaultCreditsReceive: s.grant }, now);

            const { lifetime, ...kept } = readFaxCounters(store, 'RECEIVE');
            expect(kept).toEqual(recountFaxCounters(store, 'RECEIVE'));
            const balance = readBalance(store, 'receive');
            expect(balance.defaultCredits).toBeGreaterThanOrEqual(0);
            expect(balance.paidCredits).toBeGreaterThanOrEqual(0);
            const moves = listCreditMoves(store, 'receive');
            expect(moves.reduce((sum, m) => sum + m.defaultDelta, 0)).toBe(balance.defaultCredits);
            const received = state.storage.sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM faxes WHERE status = 'RECEIVED'").one().n;
            expect(lifetime).toBe(received);
          });
        });
      }),
      { numRuns: 40, seed: 23 },
    );
  });
});
