import { env } from 'cloudflare:workers';
import { PDFDocument } from 'pdf-lib';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { FaxCounts, FaxTotals, FaxView, ReceiveStatus, SetFaxReadStatusResult } from '../../src/common/faxes';
import { formatPhoneForDisplay } from '../../src/common/phone';
import { ABANDONED_CALL_MS } from '../../worker/domain/fax-sweeps';
import { outboxTo } from '../support/account';
import { postTelnyxWebhook, strangerKey } from '../support/carrier';
import { call, errorCode } from '../support/client';
import { makePdf } from '../support/documents';
import { ledgerRow, timelineOf } from '../support/faxes';
import { openLiveFor } from '../support/live';
import { scannedPdf } from '../support/pdf-structure';
import { receiveCreditsOf, receivedFaxesOf, receiver, TELNYX_MEDIA_HOST, telnyxInboundCall } from '../support/receive';
import { faxList, insertFaxRow } from '../support/send-fax';
import { ringStoreAlarm, storeSql } from '../support/user-store';

// Receiving through Telnyx's signed webhooks (decision 018): the carrier's media link is the only
// thing stubbed (a host of its own); D1, R2 and the live hub are real. Whatever the order or the
// number of deliveries, a call makes one fax, charged once.

let media: (url: string) => Response | Promise<Response>;
let mediaFetches = 0;
/** A host no media link may lead to: answered with a good PDF, so fetching it would be noticed. */
const OUTSIDE_HOST = 'internal.example';
let outsideFetches = 0;

beforeEach(() => {
  mediaFetches = 0;
  outsideFetches = 0;
  media = async () => new Response(await makePdf(2), { headers: { 'content-type': 'application/pdf' } });
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    if (new URL(request.url).hostname === OUTSIDE_HOST) {
      outsideFetches += 1;
      return new Response(await makePdf(1));
    }
    if (new URL(request.url).hostname !== TELNYX_MEDIA_HOST) return realFetch(input, init);
    mediaFetches += 1;
    return media(request.url);
  });
});

async function postAll(bodies: unknown[]): Promise<void> {
  for (const body of bodies) expect((await postTelnyxWebhook(body)).status).toBe(200);
}

async function json<T>(path: string, cookie: string): Promise<T> {
  const response = await call(path, { cookie });
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

function setRead(cookie: string, faxId: string, status: string): Promise<Response> {
  return call('/api/setFaxReadStatus', { method: 'POST', cookie, body: { faxId, status } });
}

describe('a fax arriving through Telnyx', () => {
  it('shows as receiving, then lands unread with its PDF copied, credits charged and counts right, all pushed live', async () => {
    const b = await receiver(10, 0);
    const live = await openLiveFor(b.cookie);
    const inbound = await telnyxInboundCall(b.number, { pages: 2 });

    const callStarted = Date.now();
    await postAll([inbound.started, inbound.processing]);
    const receiving = await json<ReceiveStatus>('/api/receiveStatus', b.cookie);
    expect(receiving.receivingFax[inbound.faxId]).toMatchObject({ remoteDisplay: '(613) 248-4850', pagesReceived: 2 });
    // Spec §3: each active fax carries its start.
    expect(receiving.receivingFax[inbound.faxId]!.start).toBeGreaterThanOrEqual(callStarted - 60_000);
    expect(receiving.receivingFax[inbound.faxId]!.start).toBeLessThanOrEqual(Date.now());
    expect(receiving.lastReceivedEntry).toBeNull();
    expect(await json<FaxCounts>('/api/faxCounts', b.cookie)).toEqual({ unreadReceived: 0, received: 1, sent: 0, scheduled: 0 });
    await live.waitForEvent<{ type: string; fax?: FaxView }>((e) => e.type === 'fax.updated' && e.fax?.status === 'RECEIVING');

    await postAll([inbound.received]);
    const [fax] = await receivedFaxesOf(b.userId);
    expect(fax).toMatchObject({
      id: inbound.faxId,
      status: 'RECEIVED',
      remote_number: '+16132484850',
      local_number: b.number,
      page_count: 2,
      read: 0,
      partial: 0,
    });
    expect(fax!.document_key).toBe(`users/${b.userId}/faxes/${inbound.faxId}.pdf`);
    const stored = await env.DOCUMENTS.get(fax!.document_key!);
    expect((await PDFDocument.load(await stored!.arrayBuffer())).getPageCount()).toBe(2);
    expect(await receiveCreditsOf(b.userId)).toEqual({ default: 8, paid: 0, lifetime: 1 });
    expect((await timelineOf(inbound.faxId, b.userId)).map((e) => e.kind)).toEqual(['RECEIVING', 'RECEIVED']);
    expect(await ledgerRow(inbound.faxId)).toMatchObject({ status: 'RECEIVED', charged: 2, refunded: 0 });

    const arrived = await live.waitForEvent<{ type: string; fax?: FaxView; totals?: FaxTotals }>(
      (e) => e.type === 'fax.updated' && e.fax?.status === 'RECEIVED',
    );
    expect(arrived.fax).toMatchObject({ id: inbound.faxId, direction: 'RECEIVE', read: false, pageCount: 2, creditsCharged: 2 });
    // The push carries the figures after the arrival: pages apply them without asking the server.
    expect(arrived.totals).toEqual({
      counts: { unreadReceived: 1, received: 1, sent: 0, scheduled: 0 },
      lifetimeSendCount: 0,
      lifetimeReceiveCount: 1,
    });
    // The same push says the credits moved: pages showing the balance read it again.
    expect(arrived).toMatchObject({ creditsChanged: true });
    const status = await json<ReceiveStatus>('/api/receiveStatus', b.cookie);
    expect(status).toMatchObject({
      receivingFax: {},
      lastReceivedEntry: { id: inbound.faxId, status: 'RECEIVED' },
      lifetimeReceiveCount: 1,
    });
    expect(await json<FaxCounts>('/api/faxCounts', b.cookie)).toEqual({ unreadReceived: 1, received: 1, sent: 0, scheduled: 0 });

    const [mail, ...more] = await outboxTo(b.email);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ subject: 'New fax from (613) 248-4850' });
    expect(mail!.text).toContain(`You have a new fax from (613) 248-4850 to ${formatPhoneForDisplay(b.number)}: 2 pages.`);

    const inbox = await json<{ faxes: FaxView[]; total: number }>('/api/faxes?direction=RECEIVE', b.cookie);
    expect(inbox).toMatchObject({ total: 1, faxes: [{ id: inbound.faxId, status: 'RECEIVED', read: false }] });
    const document = await call(`/api/faxes/${inbound.faxId}/document`, { cookie: b.cookie });
    expect(document.status).toBe(200);
    expect(document.headers.get('content-type')).toBe('application/pdf');
    expect(document.headers.get('content-disposition')).toBe(
      `inline; filename="fax-from-16132484850-${new Date().toISOString().slice(0, 10)}.pdf"`,
    );
    expect((await PDFDocument.load(await document.arrayBuffer())).getPageCount()).toBe(2);
    live.close();
  });

  it('a duplicated fax.received, in turn and at once, makes one fax charged once', async () => {
    const b = await receiver(10, 0);
    const inbound = await telnyxInboundCall(b.number, { pages: 3 });
    media = async () => new Response(await makePdf(3));
    await postAll([inbound.started, inbound.received, inbound.received]);
    const responses = await Promise.all([1, 2, 3].map(() => postTelnyxWebhook(inbound.received)));
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200]);

    expect(await receivedFaxesOf(b.userId)).toEqual([
      expect.objectContaining({ id: inbound.faxId, status: 'RECEIVED', charged_default: 3 }),
    ]);
    expect(await receiveCreditsOf(b.userId)).toEqual({ default: 7, paid: 0, lifetime: 1 });
    expect((await timelineOf(inbound.faxId, b.userId)).filter((e) => e.kind === 'RECEIVED')).toHaveLength(1);
    expect(mediaFetches).toBe(1);
    expect(await outboxTo(b.email)).toHaveLength(1);
    // De-duplicated in the number owner's store (decision 042): each event recorded once, none in D1.
    expect(await storeSql(b.userId, "SELECT event_id FROM carrier_receipts WHERE provider = 'telnyx'")).toHaveLength(2);
    expect(
      await env.DB.prepare('SELECT 1 FROM carrier_inbound_events WHERE carrier_fax_id = ?').bind(inbound.carrierFaxId).first(),
    ).toBeNull();
  });

  it('two deliveries of the same new event racing each other still charge once', async () => {
    const b = await receiver(10, 0);
    const inbound = await telnyxInboundCall(b.number, { pages: 2 });
    const responses = await Promise.all([postTelnyxWebhook(inbound.received), postTelnyxWebhook(inbound.received)]);
    expect(responses.map((r) => r.status)).toEqual([200, 200]);
    expect(await receivedFaxesOf(b.userId)).toHaveLength(1);
    expect(await receiveCreditsOf(b.userId)).toEqual({ default: 8, paid: 0, lifetime: 1 });
  });

  it('events out of order: fax.received first, a late receiving.started changes nothing', async () => {
    const b = await receiver(10, 0);
    const inbound = await telnyxInboundCall(b.number, { pages: 2 });
    await postAll([inbound.received, inbound.processing, inbound.started]);
    const [fax] = await receivedFaxesOf(b.userId);
    expect(fax).toMatchObject({ status: 'RECEIVED', page_count: 2 });
    expect((await json<ReceiveStatus>('/api/receiveStatus', b.cookie)).receivingFax).toEqual({});
    expect((await timelineOf(inbound.faxId, b.userId)).map((e) => e.kind)).toEqual(['RECEIVING', 'RECEIVED']);
  });

  it('a fax to a number nobody owns is acknowledged, logged and makes no fax', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const inbound = await telnyxInboundCall('+17733372863');
    await postAll([inbound.received, inbound.received]);
    // Answered and dropped: a line in the log, no row per event (decision 042).
    const row = await env.DB.prepare('SELECT 1 FROM carrier_inbound_events WHERE carrier_fax_id = ?').bind(inbound.carrierFaxId).first();
    expect(row).toBeNull();
    expect(mediaFetches).toBe(0);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('nobody owns'), expect.objectContaining({ to: '+17733372863' }));
  });

  it('a forged or stale signature is refused and nothing is recorded', async () => {
    const b = await receiver(10, 0);
    const inbound = await telnyxInboundCall(b.number);
    const forged = await postTelnyxWebhook(inbound.received, { key: await strangerKey() });
    const stale = await postTelnyxWebhook(inbound.received, { timestamp: Math.floor(Date.now() / 1000) - 600 });
    const unsigned = await postTelnyxWebhook(inbound.received, { headers: { 'telnyx-signature-ed25519': null } });
    for (const response of [forged, stale, unsigned]) {
      expect(response.status).toBe(401);
      expect(await errorCode(response)).toBe('INVALID_SIGNATURE');
    }
    expect(
      await env.DB.prepare('SELECT 1 FROM carrier_inbound_events WHERE carrier_fax_id = ?').bind(inbound.carrierFaxId).first(),
    ).toBeNull();
    expect(await receivedFaxesOf(b.userId)).toEqual([]);
  });

  it('a media link that fails for now answers 503, and the redelivery keeps the fax', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const b = await receiver(10, 0);
    const inbound = await telnyxInboundCall(b.number, { pages: 2 });
    media = () => new Response('busy', { status: 503 });
    const first = await postTelnyxWebhook(inbound.received);
    expect(first.status).toBe(503);
    expect(await errorCode(first)).toBe('MEDIA_NOT_READY');
    expect(await receivedFaxesOf(b.userId)).toEqual([expect.objectContaining({ status: 'RECEIVING' })]);
    expect(await receiveCreditsOf(b.userId)).toEqual({ default: 10, paid: 0, lifetime: 0 });

    media = async () => new Response(await makePdf(2));
    expect((await postTelnyxWebhook(inbound.received)).status).toBe(200);
    expect(await receivedFaxesOf(b.userId)).toEqual([expect.objectContaining({ status: 'RECEIVED', page_count: 2 })]);
    expect(await receiveCreditsOf(b.userId)).toEqual({ default: 8, paid: 0, lifetime: 1 });
  });

  it('a large fax streams from the link into storage by its length and is counted there; a length that lies keeps nothing', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const b = await receiver(200, 0);
    const scan = await scannedPdf(120);
    const inbound = await telnyxInboundCall(b.number, { pages: 120 });
    const key = `users/${b.userId}/faxes/${inbound.faxId}.pdf`;
    // Fewer bytes than announced: the copy breaks off, nothing is stored, the carrier redelivers.
    media = () => new Response(scan, { headers: { 'content-length': String(scan.byteLength + 1000) } });
    expect((await postTelnyxWebhook(inbound.received)).status).toBe(503);
    expect(await env.DOCUMENTS.head(key)).toBeNull();

    media = () => new Response(scan, { headers: { 'content-length': String(scan.byteLength) } });
    expect((await postTelnyxWebhook(inbound.received)).status).toBe(200);
    expect(await receivedFaxesOf(b.userId)).toEqual([expect.objectContaining({ status: 'RECEIVED', page_count: 120, document_key: key })]);
    expect(new Uint8Array(await (await env.DOCUMENTS.get(key))!.arrayBuffer())).toEqual(scan);
    expect(await receiveCreditsOf(b.userId)).toEqual({ default: 80, paid: 0, lifetime: 1 });
  });

  it('a fax from a link that gives no length goes into storage in parts, whole, and is counted there', async () => {
    const b = await receiver(50, 0);
    const scan = await scannedPdf(40, { width: 1700, height: 3000 });
    expect(scan.byteLength).toBeGreaterThan(8 * 1024 * 1024); // more than one part
    const inbound = await telnyxInboundCall(b.number, { pages: 40 });
    // Small pieces with no Content-Length, as a chunked answer comes.
    media = () =>
      new Response(
        new ReadableStream({
          start(controller) {
            for (let at = 0; at < scan.byteLength; at += 65_536) controller.enqueue(scan.slice(at, at + 65_536));
            controller.close();
          },
        }),
      );
    expect((await postTelnyxWebhook(inbound.received)).status).toBe(200);
    const [fax] = await receivedFaxesOf(b.userId);
    expect(fax).toMatchObject({ status: 'RECEIVED', page_count: 40 });
    expect(new Uint8Array(await (await env.DOCUMENTS.get(fax!.document_key!))!.arrayBuffer())).toEqual(scan);
  });

  it('an expired media link or one that is not a PDF ends the fax failed, read and free', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const b = await receiver(10, 0);
    const expired = await telnyxInboundCall(b.number);
    media = () => new Response('<Error>AccessDenied</Error>', { status: 403 });
    await postAll([expired.received]);
    const garbage = await telnyxInboundCall(b.number);
    media = () => new Response('not a pdf at all');
    await postAll([garbage.received]);

    const faxes = await receivedFaxesOf(b.userId);
    expect(faxes.map(({ status, failure_reason, read, document_key }) => ({ status, failure_reason, read, document_key }))).toEqual([
      { status: 'FAILED', failure_reason: 'DOCUMENT_UNREADABLE', read: 1, document_key: null },
      { status: 'FAILED', failure_reason: 'DOCUMENT_UNREADABLE', read: 1, document_key: null },
    ]);
    expect(await receiveCreditsOf(b.userId)).toEqual({ default: 10, paid: 0, lifetime: 0 });
    expect((await json<FaxCounts>('/api/faxCounts', b.cookie)).unreadReceived).toBe(0);
  });

  it("fetches media only from the carrier's hosts, redirects included (CARRIER_MEDIA_HOSTS)", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const b = await receiver(10, 0);
    const elsewhere = await telnyxInboundCall(b.number, { mediaUrl: `https://${OUTSIDE_HOST}/fax.pdf` });
    await postAll([elsewhere.received]);
    const redirected = await telnyxInboundCall(b.number);
    media = () => new Response(null, { status: 302, headers: { location: `https://${OUTSIDE_HOST}/fax.pdf` } });
    await postAll([redirected.received]);
    expect(outsideFetches).toBe(0);

    const withinCarrier = await telnyxInboundCall(b.number);
    media = async (url) =>
      url.endsWith('/moved.pdf')
        ? new Response(await makePdf(2))
        : new Response(null, { status: 301, headers: { location: `https://${TELNYX_MEDIA_HOST}/moved.pdf` } });
    await postAll([withinCarrier.received]);

    const faxes = await receivedFaxesOf(b.userId);
    expect(faxes.map(({ status, failure_reason }) => ({ status, failure_reason }))).toEqual([
      { status: 'FAILED', failure_reason: 'DOCUMENT_UNREADABLE' },
      { status: 'FAILED', failure_reason: 'DOCUMENT_UNREADABLE' },
      { status: 'RECEIVED', failure_reason: null },
    ]);
  });

  it('with too few credits the fax is still kept whole: default then paid are used up, the rest counted uncovered', async () => {
    const b = await receiver(1, 1);
    const inbound = await telnyxInboundCall(b.number, { pages: 4 });
    media = async () => new Response(await makePdf(4));
    await postAll([inbound.received]);
    const [fax] = await receivedFaxesOf(b.userId);
    expect(fax).toMatchObject({ status: 'RECEIVED', page_count: 4, charged_default: 1, charged_paid: 1, uncovered_pages: 2 });
    expect(await receiveCreditsOf(b.userId)).toEqual({ default: 0, paid: 0, lifetime: 1 });
    expect((await call(`/api/faxes/${inbound.faxId}/document`, { cookie: b.cookie })).status).toBe(200);
    const { fax: view } = await json<{ fax: FaxView }>(`/api/faxes/${inbound.faxId}`, b.cookie);
    expect(view).toMatchObject({ uncoveredPages: 2, creditsCharged: 2 });
  });

  it('a call that breaks off keeps the pages that arrived, marked partial; one with no pages fails unread-free', async () => {
    const b = await receiver(10, 0);
    const broken = await telnyxInboundCall(b.number, { pages: 3 });
    media = async () => new Response(await makePdf(1));
    await postAll([broken.started, broken.failed('connection_lost', 1, true)]);
    const nothing = await telnyxInboundCall(b.number);
    await postAll([nothing.started, nothing.failed('receiver_call_dropped', 0, false)]);

    const [partial, failed] = await receivedFaxesOf(b.userId);
    expect(partial).toMatchObject({ id: broken.faxId, status: 'RECEIVED', partial: 1, page_count: 1, read: 0, charged_default: 1 });
    expect(failed).toMatchObject({ id: nothing.faxId, status: 'FAILED', page_count: 0, read: 1, charged_default: 0, document_key: null });
    expect(await receiveCreditsOf(b.userId)).toEqual({ default: 9, paid: 0, lifetime: 1 });
    expect(await json<FaxCounts>('/api/faxCounts', b.cookie)).toEqual({ unreadReceived: 1, received: 2, sent: 0, scheduled: 0 });
    // One mail, for the fax that arrived; it says the call broke off. A call with nothing to read mails nothing.
    const mails = await outboxTo(b.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('The call broke off before the end');
  });
});

describe('the mail when a fax arrives', () => {
  it('can be turned off and on in settings (same-origin only); while off, a fax arrives without a mail', async () => {
    const b = await receiver();
    const off = await call('/api/updateFaxMail?faxReceived=off', { cookie: b.cookie });
    expect(off.status).toBe(200);
    expect(((await off.json()) as { account: { mailOnFaxReceived: boolean } }).account.mailOnFaxReceived).toBe(false);
    const quiet = await telnyxInboundCall(b.number);
    await postAll([quiet.received]);
    expect(await receivedFaxesOf(b.userId)).toEqual([expect.objectContaining({ status: 'RECEIVED' })]);
    expect(await outboxTo(b.email)).toEqual([]);

    const crossSite = await call('/api/updateFaxMail?faxReceived=on', { cookie: b.cookie, headers: { origin: 'https://evil.example' } });
    expect(crossSite.status).toBe(403);
    const bad = await call('/api/updateFaxMail?faxReceived=maybe', { cookie: b.cookie });
    expect(bad.status).toBe(400);
    expect(await errorCode(bad)).toBe('INVALID_INPUT');

    expect((await call('/api/updateFaxMail?faxReceived=on', { cookie: b.cookie })).status).toBe(200);
    const loud = await telnyxInboundCall(b.number);
    await postAll([loud.received]);
    expect(await outboxTo(b.email)).toHaveLength(1);
  });
});

describe('the inbox list', () => {
  it('pages received faxes newest first: 30, then 20, then the rest, without sent or trashed ones', async () => {
    const b = await receiver();
    const dayAgo = Date.now() - 24 * 60 * 60 * 1000;
    const older: string[] = [];
    for (let i = 0; i < 50; i++)
      older.push(await insertFaxRow(b.userId, { direction: 'RECEIVE', status: 'RECEIVED', start: dayAgo + i * 1000 }));
    const latest: string[] = [];
    for (let i = 0; i < 2; i++) {
      const inbound = await telnyxInboundCall(b.number);
      await postAll([inbound.received]);
      latest.push(inbound.faxId);
    }
    await insertFaxRow(b.userId, { direction: 'SEND' });
    await insertFaxRow(b.userId, { direction: 'RECEIVE', status: 'RECEIVED', trashedAt: Date.now() });

    const first = await faxList(b.cookie, 'direction=RECEIVE');
    expect(first.total).toBe(52);
    expect(first.faxes).toHaveLength(30);
    expect(first.faxes.every((f) => f.direction === 'RECEIVE')).toBe(true);
    expect(new Set(first.faxes.slice(0, 2).map((f) => f.id))).toEqual(new Set(latest));
    expect(first.faxes.slice(0, 2).every((f) => !f.read)).toBe(true);
    const second = await faxList(b.cookie, `direction=RECEIVE&cursor=${first.nextCursor}`);
    expect(second.faxes).toHaveLength(20);
    const third = await faxList(b.cookie, `direction=RECEIVE&cursor=${second.nextCursor}`);
    expect(third.faxes).toHaveLength(2);
    expect(third.nextCursor).toBeNull();

    const listed = [...first.faxes, ...second.faxes, ...third.faxes].map((f) => f.id);
    expect(listed.slice(2)).toEqual([...older].reverse());
  });

  it('has no next page with exactly 30 received faxes', async () => {
    const b = await receiver();
    for (let i = 0; i < 30; i++) await insertFaxRow(b.userId, { direction: 'RECEIVE', status: 'RECEIVED', start: Date.now() - i * 1000 });
    const page = await faxList(b.cookie, 'direction=RECEIVE');
    expect(page.faxes).toHaveLength(30);
    expect(page.nextCursor).toBeNull();
  });
});

describe('read status', () => {
  async function arrived(b: Awaited<ReturnType<typeof receiver>>): Promise<string> {
    const inbound = await telnyxInboundCall(b.number);
    await postAll([inbound.received]);
    return inbound.faxId;
  }

  it('opening marks read and the unread count drops; it can be marked unread again; repeating changes nothing', async () => {
    const b = await receiver();
    const faxId = await arrived(b);
    await arrived(b);
    const live = await openLiveFor(b.cookie);

    const read = await setRead(b.cookie, faxId, 'read');
    expect(read.status).toBe(200);
    const body = (await read.json()) as SetFaxReadStatusResult;
    expect(body.fax).toMatchObject({ id: faxId, read: true });
    expect(body.counts).toEqual({ unreadReceived: 1, received: 2, sent: 0, scheduled: 0 });
    const pushed = await live.waitForEvent<{ type: string; fax?: FaxView; totals?: FaxTotals }>(
      (e) => e.type === 'fax.updated' && e.fax?.id === faxId && e.fax.read === true,
    );
    expect(pushed.totals?.counts).toEqual({ unreadReceived: 1, received: 2, sent: 0, scheduled: 0 });

    const again = (await (await setRead(b.cookie, faxId, 'read')).json()) as SetFaxReadStatusResult;
    expect(again.counts.unreadReceived).toBe(1);
    const unread = (await (await setRead(b.cookie, faxId, 'unread')).json()) as SetFaxReadStatusResult;
    expect(unread).toMatchObject({ fax: { read: false }, counts: { unreadReceived: 2 } });
    live.close();
  });

  it('refuses a fax still arriving or a sent one with 409, bad input with 400, a cross-site call with 403', async () => {
    const b = await receiver();
    const inbound = await telnyxInboundCall(b.number);
    await postAll([inbound.started]);
    const receiving = await setRead(b.cookie, inbound.faxId, 'read');
    expect(receiving.status).toBe(409);
    expect(await errorCode(receiving)).toBe('NOT_A_RECEIVED_FAX');

    const bad = await setRead(b.cookie, inbound.faxId, 'seen');
    expect(bad.status).toBe(400);
    const notAnId = await setRead(b.cookie, 'not-a-uuid', 'read');
    expect(notAnId.status).toBe(400);

    const sent = await insertFaxRow(b.userId, { direction: 'SEND', status: 'DELIVERED' });
    for (const status of ['read', 'unread']) {
      const refused = await setRead(b.cookie, sent, status);
      expect(refused.status).toBe(409);
      expect(await errorCode(refused)).toBe('NOT_A_RECEIVED_FAX');
    }

    const faxId = await arrived(b);
    const crossSite = await call('/api/setFaxReadStatus', {
      method: 'POST',
      cookie: b.cookie,
      body: { faxId, status: 'read' },
      headers: { origin: 'https://evil.example' },
    });
    expect(crossSite.status).toBe(403);
    expect((await receivedFaxesOf(b.userId)).find((f) => f.id === faxId)?.read).toBe(0);
  });

  it('asks for a session on every receiving endpoint', async () => {
    for (const response of [
      await call('/api/receiveStatus'),
      await call('/api/faxCounts'),
      await call('/api/setFaxReadStatus', { method: 'POST', body: { faxId: crypto.randomUUID(), status: 'read' } }),
    ]) {
      expect(response.status).toBe(401);
    }
  });
});

describe('another user’s received fax', () => {
  it('answers 404 on every endpoint that takes a fax id, and changes nothing', async () => {
    const b = await receiver();
    const inbound = await telnyxInboundCall(b.number);
    await postAll([inbound.received]);
    const stranger = await receiver();

    const responses = [
      await call(`/api/faxes/${inbound.faxId}`, { cookie: stranger.cookie }),
      await call(`/api/faxes/${inbound.faxId}/document`, { cookie: stranger.cookie }),
      await call(`/api/faxes/${inbound.faxId}/confirmation`, { cookie: stranger.cookie }),
      await setRead(stranger.cookie, inbound.faxId, 'read'),
      await setRead(stranger.cookie, crypto.randomUUID(), 'read'),
    ];
    for (const response of responses) {
      expect(response.status).toBe(404);
      expect(await errorCode(response)).toBe('NOT_FOUND');
    }
    expect((await receivedFaxesOf(b.userId))[0]!.read).toBe(0);
    expect(await json<FaxCounts>('/api/faxCounts', stranger.cookie)).toEqual({ unreadReceived: 0, received: 0, sent: 0, scheduled: 0 });
    expect((await json<ReceiveStatus>('/api/receiveStatus', stranger.cookie)).lastReceivedEntry).toBeNull();
  });
});

describe('a call the carrier never finishes', () => {
  it("is closed as failed by the store's alarm after two hours of silence, charged nothing; a late end changes nothing", async () => {
    const b = await receiver(10, 0);
    const inbound = await telnyxInboundCall(b.number, { pages: 2 });
    await postAll([inbound.started]);
    // A call still within the two hours is left alone.
    expect(await ringStoreAlarm(b.userId)).toBe(true);
    expect(await receivedFaxesOf(b.userId)).toEqual([expect.objectContaining({ status: 'RECEIVING' })]);
    const silentSince = Date.now() - ABANDONED_CALL_MS - 60_000;
    await storeSql(b.userId, "UPDATE faxes SET updated = ? WHERE direction = 'RECEIVE'", silentSince);
    expect(await ringStoreAlarm(b.userId)).toBe(true);
    expect(await receivedFaxesOf(b.userId)).toEqual([
      expect.objectContaining({ status: 'FAILED', failure_reason: 'CARRIER_ERROR', read: 1 }),
    ]);

    await postAll([inbound.received]);
    expect(await receivedFaxesOf(b.userId)).toEqual([expect.objectContaining({ status: 'FAILED' })]);
    expect(mediaFetches).toBe(0);
    expect(await receiveCreditsOf(b.userId)).toEqual({ default: 10, paid: 0, lifetime: 0 });
  });
});
