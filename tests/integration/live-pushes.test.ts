import { describe, expect, it, vi } from 'vitest';
import type { FaxView } from '../../src/common/faxes';
import { showsChange } from '../../worker/domain/fax-push';
import { postTelnyxWebhook } from '../support/carrier';
import { call } from '../support/client';
import { makePdf, storedDocument } from '../support/documents';
import { customTokenFor, type LiveSocket, openLive, openLiveFor } from '../support/live';
import { receiver, TELNYX_MEDIA_HOST, telnyxInboundCall } from '../support/receive';
import { insertFaxRow, senderWithCredits, sendFax } from '../support/send-fax';

// Each change a user's pages can see is pushed once (issue 30, decision 043): a push that repeats
// what the page already has costs every open page a re-render and the object a send per socket.
// A change that moves credits says so in its own push (`creditsChanged`), not in a second one.

interface Pushed {
  type: string;
  fax?: FaxView;
  creditsChanged?: boolean;
}

/** What the socket got, one line a push: "fax.updated:QUEUED:0:credits" or the event's type. */
function described(socket: LiveSocket): string[] {
  return (socket.events() as Pushed[]).map((e) =>
    e.fax ? `${e.type}:${e.fax.status}:${e.fax.pagesSent}${e.creditsChanged ? ':credits' : ''}` : e.type,
  );
}

/** Each fax push shows the page something the one before it did not. */
function repeatedPushes(socket: LiveSocket): FaxView[] {
  const faxes = (socket.events() as Pushed[]).flatMap((e) => (e.type === 'fax.updated' && e.fax ? [e.fax] : []));
  return faxes.filter((fax, i) => i > 0 && faxes[i - 1]!.id === fax.id && !showsChange(faxes[i - 1]!, fax));
}

/**
 * Every push of what came before has reached the socket: the object runs one call at a time and
 * pushes inside the call that made the change, so one more call to it answers after them.
 */
async function settled(cookie: string): Promise<void> {
  expect((await call('/api/sendStatus', { cookie })).status).toBe(200);
}

describe('live pushes, one per change', () => {
  it('a sent fax: accepted and charged in one push, then sending, each page, delivered', async () => {
    const sender = await senderWithCredits(10);
    const socket = await openLive(await customTokenFor(sender.cookie));
    const fileId = await storedDocument(sender.userId, 2);
    const response = await sendFax(sender.cookie, { toNumber: '+12125550123', fileId, coverpage: false, pageCount: 2 });
    expect(response.status).toBe(201);
    await socket.waitForEvent<Pushed>((e) => e.type === 'fax.updated' && e.fax?.status === 'DELIVERED', 20_000);
    await settled(sender.cookie);
    console.log(`pushes per sent fax: ${socket.events().length} (${described(socket).join(', ')})`);
    expect(repeatedPushes(socket)).toEqual([]);
    expect(described(socket)).toEqual([
      'fax.updated:QUEUED:0:credits',
      'fax.updated:SENDING:0',
      'fax.updated:SENDING:1',
      'fax.updated:SENDING:2',
      'fax.updated:DELIVERED:2',
    ]);
  });

  it('a fax the network refuses: charged in one push, refunded in one', async () => {
    const sender = await senderWithCredits(10);
    const socket = await openLiveFor(sender.cookie);
    const fileId = await storedDocument(sender.userId, 1);
    // +1 NXX 555-0004: a number the loopback network refuses outright (README "Loopback test numbers").
    const response = await sendFax(sender.cookie, { toNumber: '+12125550004', fileId, coverpage: false, pageCount: 1 });
    expect(response.status).toBe(201);
    await socket.waitForEvent<Pushed>((e) => e.type === 'fax.updated' && e.fax?.status === 'FAILED', 20_000);
    await settled(sender.cookie);
    expect(described(socket)).toEqual(['fax.updated:QUEUED:0:credits', 'fax.updated:FAILED:0:credits']);
  });

  it('a received fax: receiving, then received and charged in one push; a repeated event pushes nothing', async () => {
    const realFetch = globalThis.fetch;
    // The carrier's media link is the one thing stubbed, as in receive-fax.test.ts.
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) =>
      new URL(new Request(input, init).url).hostname === TELNYX_MEDIA_HOST
        ? new Response(await makePdf(2), { headers: { 'content-type': 'application/pdf' } })
        : realFetch(input, init),
    );
    const owner = await receiver(10, 0);
    const socket = await openLiveFor(owner.cookie);
    const inbound = await telnyxInboundCall(owner.number, { pages: 2 });
    for (const event of [inbound.started, inbound.processing, inbound.processing, inbound.received, inbound.received]) {
      expect((await postTelnyxWebhook(event)).status).toBe(200);
    }
    await socket.waitForEvent<Pushed>((e) => e.fax?.status === 'RECEIVED');
    await settled(owner.cookie);
    expect(repeatedPushes(socket)).toEqual([]);
    // The call's start and its announced pages are two changes the page shows.
    expect(described(socket)).toEqual(['fax.updated:RECEIVING:0', 'fax.updated:RECEIVING:2', 'fax.updated:RECEIVED:2:credits']);
  });

  it('trash and restore: one push per fax moved, none for a fax already where it was asked to go', async () => {
    const sender = await senderWithCredits(10);
    const faxIds = [await insertFaxRow(sender.userId, { status: 'DELIVERED' }), await insertFaxRow(sender.userId, { status: 'FAILED' })];
    const socket = await openLiveFor(sender.cookie);
    const move = (path: string, ids: string[]) => call(path, { method: 'POST', cookie: sender.cookie, body: { faxIds: ids } });
    const pushOf = (faxId: string, where: 'in' | 'out') => (e: Pushed) =>
      e.fax?.id === faxId && (e.fax.trashedAt === null) === (where === 'out');
    expect((await move('/api/trashFaxes', faxIds)).status).toBe(200);
    await socket.waitForEvent(pushOf(faxIds[1]!, 'in'));
    // Asked again: nothing moves, nothing is pushed (a push would come before the restore's below).
    expect((await move('/api/trashFaxes', faxIds)).status).toBe(200);
    expect((await move('/api/restoreFaxes', faxIds)).status).toBe(200);
    await socket.waitForEvent(pushOf(faxIds[1]!, 'out'));
    await settled(sender.cookie);
    const pushed = socket.events() as Pushed[];
    // Each fax's own pushes in order; the faxes of one move may be pushed in any order.
    const pushesOf = (faxId: string) =>
      pushed.filter((e) => e.fax?.id === faxId).map((e) => `${e.type}:${e.fax?.trashedAt === null ? 'out' : 'in'}`);
    expect(pushed).toHaveLength(4);
    for (const faxId of faxIds) expect(pushesOf(faxId)).toEqual(['fax.updated:in', 'fax.updated:out']);
  });
});
