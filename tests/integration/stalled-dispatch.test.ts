import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { StoreFaxAttemptRow } from '../../worker/db/store/fax-attempts';
import { owedDispatchAttempt, STALLED_DISPATCH_MS } from '../../worker/domain/fax-sweeps';
import { passwordAccount } from '../support/db';
import { faxRow, insertSendFax, waitForFaxDone } from '../support/faxes';
import { ringStoreAlarm, storeSql, userStoreStub } from '../support/user-store';

// A fax is paid for when it is accepted; if its dispatch message is lost, the user's store notices
// on its own alarm and queues it again, and the fax goes out as if nothing had happened.

const NOW = 1_800_000_000_000;
const LONG_AGO = NOW - STALLED_DISPATCH_MS - 1;

function attempt(fields: Partial<StoreFaxAttemptRow>): StoreFaxAttemptRow {
  return {
    faxId: 'f',
    attempt: 1,
    carrier: 'loopback',
    carrierFaxId: null,
    status: 'QUEUED',
    pagesSent: 0,
    failureReason: null,
    startedAt: LONG_AGO,
    endedAt: null,
    ...fields,
  };
}

describe('owedDispatchAttempt', () => {
  it.each<[string, { attempt: number; nextAttemptAt: number | null }, StoreFaxAttemptRow | null, number | null]>([
    ['accepted, never started', { attempt: 0, nextAttemptAt: null }, null, 1],
    ['started long ago, the carrier never took it', { attempt: 1, nextAttemptAt: null }, attempt({}), 1],
    [
      'started a moment ago: its delivery may still be running',
      { attempt: 1, nextAttemptAt: null },
      attempt({ startedAt: NOW - 1000 }),
      null,
    ],
    ['with the carrier', { attempt: 1, nextAttemptAt: null }, attempt({ carrierFaxId: 'c1', status: 'SENDING' }), null],
    ['a retry long overdue', { attempt: 1, nextAttemptAt: LONG_AGO }, attempt({ status: 'FAILED' }), 2],
    ['a retry due later', { attempt: 1, nextAttemptAt: NOW + 60_000 }, attempt({ status: 'FAILED' }), null],
    ['failed for good', { attempt: 1, nextAttemptAt: null }, attempt({ status: 'FAILED' }), null],
  ])('%s → %s', (_label, fax, current, expected) => {
    expect(owedDispatchAttempt(fax, current, NOW)).toBe(expected);
  });
});

describe("the store's alarm", () => {
  it('sends a paid-for fax whose dispatch message was lost, and leaves a fresh one to its own message', async () => {
    const { userId } = await passwordAccount();
    const lost = await insertSendFax(userId, { documentPages: 1 });
    const fresh = await insertSendFax(userId, { documentPages: 1 });
    const longAgo = Date.now() - STALLED_DISPATCH_MS - 60_000;
    await storeSql(userId, 'UPDATE faxes SET start = ?, updated = ? WHERE id = ?', longAgo, longAgo, lost.faxId);

    expect(await ringStoreAlarm(userId)).toBe(true);
    expect(await waitForFaxDone(lost.faxId)).toMatchObject({ status: 'DELIVERED', pages_sent: 1 });
    expect(await faxRow(fresh.faxId)).toMatchObject({ status: 'QUEUED', attempt: 0 });
  });

  it('keeps watching while a fax is on its way, and stops once none is', async () => {
    const { userId } = await passwordAccount();
    const { faxId } = await insertSendFax(userId, { documentPages: 1 });
    const longAgo = Date.now() - STALLED_DISPATCH_MS - 60_000;
    await storeSql(userId, 'UPDATE faxes SET start = ?, updated = ? WHERE id = ?', longAgo, longAgo, faxId);
    expect(await ringStoreAlarm(userId)).toBe(true);
    const store = userStoreStub(userId);
    // While the fax is on its way its changes keep an alarm set.
    expect(await runInDurableObject(store, (_hub, state) => state.storage.getAlarm())).not.toBeNull();
    await waitForFaxDone(faxId);
    // Its end waits for the ledger (decision 042), which keeps the alarm set until it is added.
    expect(await runInDurableObject(store, (_hub, state) => state.storage.getAlarm())).not.toBeNull();
    expect(await store.flushLedger(userId)).toBe(true);
    // Once it has ended and been added, the alarm rings once more, finds nothing open and sets no other.
    await runDurableObjectAlarm(store);
    expect(await runDurableObjectAlarm(store)).toBe(false);
  });
});
