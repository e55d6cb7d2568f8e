import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { FaxDirection } from '../../src/common/faxes';
import { COPY_PAGE_FAXES, readCopyProgress } from '../../worker/db/store/copy-from-d1';
import { readBalance } from '../../worker/db/store/credits';
import { readFaxCounters, readFaxTotals, recountFaxCounters } from '../../worker/db/store/fax-counters';
import { listStoreFaxEvents, listStoreFaxes } from '../../worker/db/store/faxes';
import { storeFaxAttempts, storeFaxes } from '../../worker/db/store/schema';
import { moveHistoriesToStores } from '../../worker/jobs/move-histories';
import type { UserHub } from '../../worker/user-store/user-hub';
import { call } from '../support/client';
import { seedD1History, setD1Credits } from '../support/d1-history';
import { passwordAccount } from '../support/db';

// The one-time copy of each user's history out of D1 into their own store (decision 023, step 4 of its move):
// on a database holding the history D1 had before the stores (deliveries, retries, refunds, faxes
// received whole, in part or not at all, the trash), every user's faxes, attempts, timelines, balance
// and counts read the same before and after; the copy resumes where it was cut off and a second run
// changes nothing. The cron moves every user's history and empties D1 of it; a user's first call
// finds the whole history without waiting for the cron.

function hubOf(userId: string): DurableObjectStub<UserHub> {
  return env.USER_HUB.get(env.USER_HUB.idFromName(userId));
}

interface History {
  faxes: Record<string, unknown>[];
  attempts: Record<string, unknown>[];
  timelines: Record<string, unknown[]>;
  credits: { send: [number, number]; receive: [number, number] };
  totals: { counts: unknown; lifetimeSendCount: number; lifetimeReceiveCount: number };
}

/** The user's history as D1 holds it: every fax (newest first), attempt, timeline, balance and count. */
async function historyInD1(userId: string): Promise<History> {
  const { results: faxes } = await env.DB.prepare('SELECT * FROM faxes WHERE user_id = ? ORDER BY start DESC, id DESC')
    .bind(userId)
    .all<Record<string, unknown>>();
  const timelines: Record<string, unknown[]> = {};
  const attempts: Record<string, unknown>[] = [];
  for (const fax of faxes) {
    const events = await env.DB.prepare('SELECT * FROM fax_events WHERE fax_id = ? ORDER BY at, rowid').bind(fax.id).all();
    timelines[fax.id as string] = events.results;
    const tries = await env.DB.prepare('SELECT * FROM fax_attempts WHERE fax_id = ? ORDER BY attempt')
      .bind(fax.id)
      .all<Record<string, unknown>>();
    attempts.push(...tries.results);
    delete fax.user_id;
  }
  const user = (await env.DB.prepare('SELECT * FROM users WHERE id = ?').bind(userId).first<Record<string, number>>())!;
  return {
    faxes,
    attempts,
    timelines,
    credits: {
      send: [user.default_credits_send!, user.paid_credits_send!],
      receive: [user.default_credits_receive!, user.paid_credits_receive!],
    },
    totals: {
      counts: await d1FaxCounts(userId),
      lifetimeSendCount: user.lifetime_send_count!,
      lifetimeReceiveCount: user.lifetime_receive_count!,
    },
  };
}

/** The same, read from the user's store: history pages of 30 then 20, as the product pages them. */
async function historyInStore(userId: string): Promise<History> {
  return runInDurableObject(hubOf(userId), (hub, state) => {
    const store = hub.store;
    const listed: { id: string; start: number }[] = [];
    for (const direction of ['SEND', 'RECEIVE'] as FaxDirection[]) {
      let page = listStoreFaxes(store, direction, null, 30);
      while (page.length > 0) {
        listed.push(...page);
        const last = page.at(-1)!;
        page = listStoreFaxes(store, direction, { start: last.start, id: last.id }, 20);
      }
    }
    const trashed = store
      .select()
      .from(storeFaxes)
      .all()
      .filter((fax) => fax.trashedAt !== null);
    // Every fax, as raw columns in D1's order (newest first), to compare column by column.
    const ids = [...listed, ...trashed].sort((a, b) => b.start - a.start || (a.id < b.id ? 1 : -1)).map((fax) => fax.id);
    const raw = (sql: string, ...binds: unknown[]) => state.storage.sql.exec(sql, ...binds).toArray() as Record<string, unknown>[];
    // Columns D1 never had (send later, send to many, the sandbox's mark) are null in a copied fax, or
    // live, and left out.
    const faxes = ids.map((id) => {
      const { send_at: sendAt, broadcast_id: broadcastId, livemode, ...row } = raw('SELECT * FROM faxes WHERE id = ?', id)[0]!;
      expect([sendAt, broadcastId, livemode]).toEqual([null, null, 1]);
      return row;
    });
    const timelines: Record<string, unknown[]> = {};
    for (const id of ids)
      timelines[id] = listStoreFaxEvents(store, id).map((e) => ({ ...raw('SELECT * FROM fax_events WHERE id = ?', e.id)[0] }));
    const attempts = ids.flatMap((id) => raw('SELECT * FROM fax_attempts WHERE fax_id = ? ORDER BY attempt', id));
    const send = readBalance(store, 'send');
    const receive = readBalance(store, 'receive');
    return {
      faxes,
      attempts,
      timelines,
      credits: { send: [send.defaultCredits, send.paidCredits], receive: [receive.defaultCredits, receive.paidCredits] },
      totals: readFaxTotals(store),
    };
  });
}

/** Two users as D1 held them before the stores: a long history of every shape, and a short one. */
async function populate(): Promise<{ senderId: string; receiverId: string }> {
  const sender = await passwordAccount();
  const receiver = await passwordAccount();
  await seedD1History(sender.userId, 3 * COPY_PAGE_FAXES + 7);
  await seedD1History(receiver.userId, 5);
  await setD1Credits(sender.userId, {
    sendDefault: 17,
    sendPaid: 4,
    receiveDefault: 8,
    receivePaid: 1,
    lifetimeSend: 131,
    lifetimeReceive: 60,
  });
  await setD1Credits(receiver.userId, {
    sendDefault: 0,
    sendPaid: 0,
    receiveDefault: 10,
    receivePaid: 0,
    lifetimeSend: 3,
    lifetimeReceive: 2,
  });
  return { senderId: sender.userId, receiverId: receiver.userId };
}

/** The counts as D1's rows say (the query every page ran before the store, decision 023); D1 never held a scheduled fax. */
async function d1FaxCounts(userId: string) {
  const row = await env.DB.prepare(
    `SELECT coalesce(sum(direction = 'RECEIVE' AND status <> 'RECEIVING' AND read = 0), 0) AS unreadReceived,
       coalesce(sum(direction = 'RECEIVE'), 0) AS received, coalesce(sum(direction = 'SEND'), 0) AS sent
     FROM faxes WHERE user_id = ? AND trashed_at IS NULL`,
  )
    .bind(userId)
    .first<{ unreadReceived: number; received: number; sent: number }>();
  return { unreadReceived: row!.unreadReceived, received: row!.received, sent: row!.sent, scheduled: 0 };
}

describe("the one-time copy of a user's history into their store", () => {
  it('keeps every fax, attempt, timeline, balance and count, resumes where it stopped, and changes nothing when run again', async () => {
    const { senderId, receiverId } = await populate();
    for (const userId of [senderId, receiverId]) {
      const before = await historyInD1(userId);
      // Cut short after every page: it must get there by resuming, one page a call.
      let calls = 0;
      while (!(await hubOf(userId).copyHistoryFromD1(userId, 1))) calls++;
      expect(calls).toBeGreaterThanOrEqual(userId === senderId ? 3 : 0);
      expect(await historyInStore(userId)).toEqual(before);

      // Again, from the start: nothing doubles, the balance is not given twice.
      await runInDurableObject(hubOf(userId), (hub, state) => {
        state.storage.sql.exec("DELETE FROM store_facts WHERE key = 'd1-copy'");
        expect(readCopyProgress(hub.store).done).toBe(false);
      });
      expect(await hubOf(userId).copyHistoryFromD1(userId)).toBe(true);
      expect(await historyInStore(userId)).toEqual(before);

      await runInDurableObject(hubOf(userId), (hub) => {
        expect(hub.store.select().from(storeFaxAttempts).all().length).toBe(before.attempts.length);
        // The kept counters are what the rows say.
        for (const direction of ['SEND', 'RECEIVE'] as const) {
          const { lifetime: _lifetime, ...kept } = readFaxCounters(hub.store, direction);
          expect(kept).toEqual(recountFaxCounters(hub.store, direction));
        }
      });
    }
  });
});

describe('moving every history out of D1', () => {
  it('the cron copies each user with history left, then removes it from D1; the next run finds none', async () => {
    const { senderId, receiverId } = await populate();
    const before = { sender: await historyInD1(senderId), receiver: await historyInD1(receiverId) };
    // Other tests' users may have D1 history too: run until none is left.
    while ((await moveHistoriesToStores(env)) > 0);
    expect(await moveHistoriesToStores(env)).toBe(0);
    for (const userId of [senderId, receiverId]) {
      const left = await env.DB.prepare('SELECT count(*) AS n FROM faxes WHERE user_id = ?').bind(userId).first<{ n: number }>();
      expect(left!.n).toBe(0);
    }
    expect(await historyInStore(senderId)).toEqual(before.sender);
    expect(await historyInStore(receiverId)).toEqual(before.receiver);
  });

  it("a user's first page after the move shows the history and credits D1 had", async () => {
    const user = await passwordAccount();
    await seedD1History(user.userId, 14);
    await setD1Credits(user.userId, {
      sendDefault: 5,
      sendPaid: 2,
      receiveDefault: 9,
      receivePaid: 0,
      lifetimeSend: 40,
      lifetimeReceive: 12,
    });
    const counts = await d1FaxCounts(user.userId);

    const response = await call('/api/faxCounts', { cookie: user.cookie });
    expect(await response.json()).toEqual(counts);
    const { account } = (await (await call('/api/account', { cookie: user.cookie })).json()) as { account: { faxCredits: unknown } };
    expect(account.faxCredits).toEqual({ defaultCreditsSend: 5, paidCreditsSend: 2, defaultCreditsReceive: 9, paidCreditsReceive: 0 });
  });
});
