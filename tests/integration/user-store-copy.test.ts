import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { FaxDirection } from '../../src/common/faxes';
import { readBalance } from '../../worker/db/store/credits';
import { COPY_PAGE_FAXES, readCopyProgress } from '../../worker/db/store/copy-from-d1';
import { readFaxCounters, readFaxTotals, recountFaxCounters } from '../../worker/db/store/fax-counters';
import { listStoreFaxEvents, listStoreFaxes } from '../../worker/db/store/faxes';
import { storeFaxAttempts, storeFaxes } from '../../worker/db/store/schema';
import type { UserHub } from '../../worker/live/user-hub';
import { storedDocument } from '../support/documents';
import { setSendCredits, waitForFaxDone } from '../support/faxes';
import { receivedFaxesOf, receiver } from '../support/receive';
import { insertFaxRow, sendFax, senderWithCredits } from '../support/send-fax';
import { waitFor } from '../support/wait';

// The one-time copy of each user's history out of D1 into their own store (issue 13, point 4):
// on a database populated by real sends, retries, refunds and a received fax, plus a long history,
// every user's faxes, attempts, timelines, balance and counts read the same before and after; the
// copy resumes where it was cut off and a second run changes nothing.

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
    const faxes = ids.map((id) => raw('SELECT * FROM faxes WHERE id = ?', id)[0]!);
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

async function populate(): Promise<{ senderId: string; receiverId: string }> {
  const sender = await senderWithCredits(30, 5);
  const to = await receiver(10, 0);
  const fileId = await storedDocument(sender.userId, 2);
  const sent: string[] = [];
  // Delivered; busy three times then failed and refunded; busy once then delivered; to a number here.
  for (const toNumber of ['+12125550123', '+14155550001', '+14155550005', to.number]) {
    const response = await sendFax(sender.cookie, { toNumber, fileId, coverpage: false, pageCount: 2 });
    expect(response.status).toBe(201);
    sent.push(((await response.json()) as { faxId: string }).faxId);
  }
  for (const faxId of sent) await waitForFaxDone(faxId);
  await waitFor(async () => ((await receivedFaxesOf(to.userId)).some((f) => f.status === 'RECEIVED') ? true : null), {
    what: 'the received fax',
  });
  // A long history besides: more than a few pages, some in the trash, some received and unread.
  for (let i = 0; i < 3 * COPY_PAGE_FAXES; i++) {
    await insertFaxRow(sender.userId, {
      start: Date.now() - (i + 1) * 60_000,
      direction: i % 3 === 0 ? 'RECEIVE' : 'SEND',
      status: i % 3 === 0 ? 'RECEIVED' : 'DELIVERED',
      trashedAt: i % 10 === 0 ? Date.now() : null,
    });
  }
  await setSendCredits(sender.userId, 17, 4);
  return { senderId: sender.userId, receiverId: to.userId };
}

/** The counts as D1's rows say (the query every page ran before the store, decision 023). */
async function d1FaxCounts(userId: string) {
  const row = await env.DB.prepare(
    `SELECT coalesce(sum(direction = 'RECEIVE' AND status <> 'RECEIVING' AND read = 0), 0) AS unreadReceived,
       coalesce(sum(direction = 'RECEIVE'), 0) AS received, coalesce(sum(direction = 'SEND'), 0) AS sent
     FROM faxes WHERE user_id = ? AND trashed_at IS NULL`,
  )
    .bind(userId)
    .first<{ unreadReceived: number; received: number; sent: number }>();
  return { unreadReceived: row!.unreadReceived, received: row!.received, sent: row!.sent };
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
