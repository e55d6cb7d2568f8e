import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import type { FaxCounts, FaxListPage, SendStatus } from '../../src/common/faxes';
import { userHubStub } from '../../worker/user-store/stub';
import type { AccountDetails } from '../../worker/views/account';
import { call, errorCode } from '../support/client';
import { storedDocument } from '../support/documents';
import { sendCreditsOf, waitForFaxDone } from '../support/faxes';
import { type LiveSocket, openLiveFor } from '../support/live';
import { insertFaxRow, senderWithCredits, sendFax } from '../support/send-fax';
import { storeSql } from '../support/user-store';

// The user's UserHub Durable Object reset (decision 029) — what the platform does on a deploy, an
// overload or a fault — with live sockets open and changes in flight, by ctx.abort() in the object
// itself. The sockets close (the page reconnects, docs/api.md "Live updates"), a re-read gives the
// truth, a reconnected socket gets the next change, and no change is half made: every credit
// taken belongs to a fax in the store, none is taken twice, and every fax accepted is delivered.

async function resetUserHub(userId: string): Promise<void> {
  await runInDurableObject(userHubStub(env, userId), (_hub, state) => {
    state.abort('reset by the fault test');
  }).catch(() => {
    // The call that resets the object fails with it, as any call in flight does.
  });
}

/**
 * Makes the user's object reset itself the next time it runs `method`, one it calls itself (on this
 * instance only: the object that starts after the reset is a fresh one), as if the platform reset
 * it at that moment.
 */
async function resetAt(userId: string, method: 'publish' | 'ready'): Promise<void> {
  await runInDurableObject(userHubStub(env, userId), (hub, state) => {
    Object.assign(hub, {
      [method]: () => {
        state.abort(`reset by the fault test in ${method}`);
      },
    });
  });
}

async function json<T>(path: string, cookie: string): Promise<T> {
  const response = await call(path, { cookie });
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

/** The truth, read as a page reads it after reconnecting. */
async function readAgain(cookie: string) {
  const { account } = await json<{ account: AccountDetails }>('/api/account', cookie);
  return {
    counts: await json<FaxCounts>('/api/faxCounts', cookie),
    sendStatus: await json<SendStatus>('/api/sendStatus', cookie),
    credits: account.faxCredits,
    trash: (await json<FaxListPage>('/api/trash', cookie)).total,
  };
}

describe('the UserHub reset with sockets open', () => {
  it('closes every socket; a re-read gives the truth, and a new socket gets the next change', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const sender = await senderWithCredits(5, 0);
    await insertFaxRow(sender.userId);
    const trashed = await insertFaxRow(sender.userId);
    const tabs: LiveSocket[] = [await openLiveFor(sender.cookie), await openLiveFor(sender.cookie)];
    const moved = await call('/api/trashFaxes', { method: 'POST', cookie: sender.cookie, body: { faxIds: [trashed] } });
    expect(moved.status).toBe(200);
    for (const tab of tabs) await tab.waitForEvent<{ type: string }>((e) => e.type === 'fax.updated');

    await resetUserHub(sender.userId);
    for (const tab of tabs) expect((await tab.waitForClose()).code).not.toBe(1000);

    // What the page shows after reconnecting is what was committed before the reset.
    expect(await readAgain(sender.cookie)).toMatchObject({
      counts: { sent: 1, received: 0, unreadReceived: 0, scheduled: 0 },
      sendStatus: { lifetimeSendCount: 2 },
      credits: { defaultCreditsSend: 5, paidCreditsSend: 0 },
      trash: 1,
    });
    const reconnected = await openLiveFor(sender.cookie);
    expect((await call('/api/restoreFaxes', { method: 'POST', cookie: sender.cookie, body: { faxIds: [trashed] } })).status).toBe(200);
    await reconnected.waitForEvent<{ type: string; fax?: { id: string; trashedAt: number | null } }>(
      (e) => e.type === 'fax.updated' && e.fax?.id === trashed && e.fax.trashedAt === null,
    );
    expect((await readAgain(sender.cookie)).counts.sent).toBe(2);
  });

  it.each([
    ['as it starts the send', 'ready'],
    ['after the charge, as it tells the pages', 'publish'],
  ] as const)('a reset %s: nothing is half made, the page re-reads, sending again charges once', async (_when, method) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const sender = await senderWithCredits(10, 0);
    const fileId = await storedDocument(sender.userId, 2);
    const tab = await openLiveFor(sender.cookie);
    await resetAt(sender.userId, method);

    const response = await sendFax(sender.cookie, { toNumber: '+1 312 555 0190', fileId, pageCount: 2 });
    expect(response.status).toBe(500);
    expect(await errorCode(response)).toBe('INTERNAL');
    expect((await tab.waitForClose()).code).not.toBe(1000);
    // The object's writes since its last answer went with it: no fax, no charge (decision 023).
    const truth = await readAgain(sender.cookie);
    expect(truth.sendStatus).toMatchObject({ lifetimeSendCount: 0, sendingFax: null });
    expect(truth.credits.defaultCreditsSend).toBe(10);

    // The page, told the send failed, sends again: one fax, charged once, delivered.
    const again = await sendFax(sender.cookie, { toNumber: '+1 312 555 0190', fileId, pageCount: 2 });
    expect(again.status).toBe(201);
    const { faxId } = (await again.json()) as { faxId: string };
    expect(await waitForFaxDone(faxId)).toMatchObject({ status: 'DELIVERED', refunded: 0 });
    expect(await sendCreditsOf(sender.userId)).toEqual({ default: 8, paid: 0 });
    expect((await readAgain(sender.cookie)).sendStatus.lifetimeSendCount).toBe(1);
  });

  it('resets landing anywhere among concurrent sends: every credit taken belongs to one fax, every accepted fax goes out', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const sender = await senderWithCredits(40, 0);
    const fileId = await storedDocument(sender.userId, 2);
    const answers: number[] = [];
    const accepted: string[] = [];
    for (let round = 0; round < 3; round++) {
      const sends = Array.from({ length: 4 }, () =>
        sendFax(sender.cookie, { toNumber: '+1 312 555 0190', fileId, pageCount: 2 }).then(async (response) => {
          answers.push(response.status);
          if (response.status === 201) accepted.push(((await response.json()) as { faxId: string }).faxId);
          else await response.body?.cancel();
        }),
      );
      await Promise.all([...sends, new Promise((resolve) => setTimeout(resolve, round * 3)).then(() => resetUserHub(sender.userId))]);
    }
    // A send cut off by a reset is answered 500 INTERNAL (the page re-reads); never anything else.
    expect(answers.every((status) => status === 201 || status === 500)).toBe(true);

    const faxes = await storeSql<{ id: string; charged: number }>(
      sender.userId,
      "SELECT id, charged_default + charged_paid AS charged FROM faxes WHERE direction = 'SEND'",
    );
    expect(faxes.every((fax) => fax.charged === 2)).toBe(true);
    expect((await sendCreditsOf(sender.userId)).default).toBe(40 - 2 * faxes.length);
    expect(faxes.map((fax) => fax.id)).toEqual(expect.arrayContaining(accepted));
    for (const faxId of accepted) expect((await waitForFaxDone(faxId)).status).toBe('DELIVERED');
    expect((await readAgain(sender.cookie)).sendStatus.lifetimeSendCount).toBe(faxes.length);
  }, 60_000);
});
