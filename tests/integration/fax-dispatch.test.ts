import { createExecutionContext, createMessageBatch, getQueueResult, type MessageBatchMessage } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { type PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { describe, expect, it, vi } from 'vitest';
import type { FaxView } from '../../src/common/faxes';
import worker from '../../worker/app';
import { reportAttempt } from '../../worker/fax/lifecycle';
import { inboundFaxId } from '../../worker/receive/inbound-fax-id';
import { faxDocumentKey } from '../../worker/storage/documents';
import { startTelnyxAttempt } from '../support/carrier';
import { insertSessionCookie, insertUser } from '../support/db';
import {
  assignNumberTo,
  attemptRows,
  dispatchFirstAttempt,
  faxRow,
  insertSendFax,
  ledgerRow,
  SAMPLE_COVER,
  sendCreditsOf,
  setSendCredits,
  timelineOf,
  waitForFaxDone,
} from '../support/faxes';
import { openLiveFor } from '../support/live';
import { pageTexts } from '../support/pdf';
import { crossReferenceProblems, scannedPdf } from '../support/pdf-structure';
import { receiveCreditsOf, receivedFaxesOf, setReceiveCredits } from '../support/receive';
import { storeSql } from '../support/user-store';
import { waitFor } from '../support/wait';

// A queued fax through the real fax-jobs queue, the loopback carrier's simulated network (0 ms per
// page in tests) and its signed webhooks, to the end of its life, retries and refunds included.

const SENDER = '+18005550100';

async function sender(defaultCredits = 0, paidCredits = 0): Promise<string> {
  const user = await insertUser();
  await setSendCredits(user.id, defaultCredits, paidCredits);
  return user.id;
}

describe('dispatch through the loopback carrier', () => {
  it('renders the cover page first, sends every page, and pushes each change live', async () => {
    const user = await insertUser();
    const socket = await openLiveFor(await insertSessionCookie(user.id));
    const { faxId, pageCount } = await insertSendFax(user.id, { documentPages: 3, cover: SAMPLE_COVER });
    expect(pageCount).toBe(4);
    await dispatchFirstAttempt(faxId);

    const fax = await waitForFaxDone(faxId);
    expect(fax).toMatchObject({
      status: 'DELIVERED',
      pages_sent: 4,
      page_count: 4,
      attempt: 1,
      failure_reason: null,
      refunded: 0,
      next_attempt_at: null,
    });
    expect(fax.local_number).toBe(SENDER);
    expect(fax.completed).not.toBeNull();

    // The transmitted PDF: stored once under the fax's key, cover page first.
    expect(fax.document_key).toBe(faxDocumentKey(user.id, faxId));
    const stored = await env.DOCUMENTS.get(fax.document_key!);
    const pdf = await PDFDocument.load(await stored!.arrayBuffer());
    expect(pdf.getPageCount()).toBe(4);

    const [attempt] = await attemptRows(faxId);
    expect(attempt).toMatchObject({ attempt: 1, carrier: 'loopback', status: 'DELIVERED', pages_sent: 4, failure_reason: null });
    expect(attempt!.carrier_fax_id).toMatch(/^loopback-/);
    expect((await timelineOf(faxId)).map((e) => `${e.kind}:${e.attempt}`)).toEqual(['QUEUED:0', 'QUEUED:1', 'SENDING:1', 'DELIVERED:1']);
    expect(await ledgerRow(faxId)).toMatchObject({ status: 'DELIVERED', charged: 4, refunded: 0 });

    const delivered = await socket.waitForEvent<{ type: string; fax: FaxView }>(
      (e) => e.type === 'fax.updated' && e.fax.status === 'DELIVERED',
      15_000,
    );
    expect(delivered.fax).toMatchObject({ id: faxId, pagesSent: 4, pageCount: 4, attempt: 1 });
    const statuses = socket
      .events()
      .flatMap((e) => ((e as { type: string }).type === 'fax.updated' ? [(e as { fax: FaxView }).fax.status] : []));
    expect(statuses).toContain('SENDING');
  });

  it('sends from the user’s own number, or the shared one when anonymous', async () => {
    const user = await insertUser();
    const own = await assignNumberTo(user.id);
    const named = await insertSendFax(user.id);
    const anonymous = await insertSendFax(user.id, { anonymous: true });
    await Promise.all([dispatchFirstAttempt(named.faxId), dispatchFirstAttempt(anonymous.faxId)]);
    expect((await waitForFaxDone(named.faxId)).local_number).toBe(own);
    expect((await waitForFaxDone(anonymous.faxId)).local_number).toBe(SENDER);
  });

  it('555-0001 (busy): three retries, then FAILED BUSY and every credit back to its bucket', async () => {
    const userId = await sender(1, 1);
    const socket = await openLiveFor(await insertSessionCookie(userId));
    const { faxId } = await insertSendFax(userId, { documentPages: 5, toNumber: '+13125550001', chargedDefault: 2, chargedPaid: 3 });
    await dispatchFirstAttempt(faxId);

    const fax = await waitForFaxDone(faxId, 30_000);
    expect(fax).toMatchObject({ status: 'FAILED', failure_reason: 'BUSY', attempt: 4, next_attempt_at: null, refunded: 5, pages_sent: 0 });
    expect((await attemptRows(faxId)).map((a) => `${a.status}:${a.failure_reason}`)).toEqual(Array(4).fill('FAILED:BUSY'));
    const timeline = await timelineOf(faxId);
    expect(timeline.filter((e) => e.kind === 'RETRY_SCHEDULED').map((e) => e.attempt)).toEqual([2, 3, 4]);
    expect(timeline.at(-1)).toMatchObject({ kind: 'REFUNDED', pages_sent: 5 });
    expect(await sendCreditsOf(userId)).toEqual({ default: 3, paid: 4 });
    expect(await ledgerRow(faxId)).toMatchObject({ status: 'FAILED', charged: 5, refunded: 5 });
    // The refund's push says the credits moved.
    await socket.waitForEvent((e) => e.type === 'fax.updated' && e.creditsChanged === true, 15_000);
  });

  it('555-0002 (no answer): three retries, then FAILED NO_ANSWER', async () => {
    const userId = await sender();
    const { faxId } = await insertSendFax(userId, { toNumber: '+16465550002' });
    await dispatchFirstAttempt(faxId);
    expect(await waitForFaxDone(faxId, 30_000)).toMatchObject({ status: 'FAILED', failure_reason: 'NO_ANSWER', attempt: 4, refunded: 2 });
    expect(await sendCreditsOf(userId)).toEqual({ default: 2, paid: 0 });
  });

  it('555-0005 (busy once): delivered on the retry', async () => {
    const { faxId } = await insertSendFax(await sender(), { toNumber: '+14155550005' });
    await dispatchFirstAttempt(faxId);
    const fax = await waitForFaxDone(faxId);
    expect(fax).toMatchObject({ status: 'DELIVERED', attempt: 2, failure_reason: null, refunded: 0, pages_sent: 2 });
    expect((await timelineOf(faxId)).map((e) => `${e.kind}:${e.attempt}:${e.reason ?? ''}`)).toEqual([
      'QUEUED:0:',
      'QUEUED:1:',
      'FAILED:1:BUSY',
      'RETRY_SCHEDULED:2:BUSY',
      'QUEUED:2:',
      'SENDING:2:',
      'DELIVERED:2:',
    ]);
  });

  it.each([
    ['555-0003 not a fax machine', '+12125550003', 'NOT_A_FAX_MACHINE'],
    ['555-0004 invalid number (refused at send)', '+12125550004', 'INVALID_NUMBER'],
  ])('%s: no retry, full refund', async (_label, toNumber, reason) => {
    const userId = await sender();
    const { faxId } = await insertSendFax(userId, { toNumber, documentPages: 3 });
    await dispatchFirstAttempt(faxId);
    const fax = await waitForFaxDone(faxId);
    expect(fax).toMatchObject({ status: 'FAILED', failure_reason: reason, attempt: 1, refunded: 3 });
    expect(await attemptRows(faxId)).toEqual([expect.objectContaining({ status: 'FAILED', failure_reason: reason })]);
    expect(await sendCreditsOf(userId)).toEqual({ default: 3, paid: 0 });
    expect((await timelineOf(faxId)).some((e) => e.kind === 'RETRY_SCHEDULED')).toBe(false);
  });

  it('555-0006 (line drops after page 1): retried, then FAILED LINE_DROPPED with the pages that went through', async () => {
    const userId = await sender();
    const { faxId } = await insertSendFax(userId, { toNumber: '+12125550006', documentPages: 3 });
    await dispatchFirstAttempt(faxId);
    const fax = await waitForFaxDone(faxId, 30_000);
    expect(fax).toMatchObject({ status: 'FAILED', failure_reason: 'LINE_DROPPED', attempt: 4, pages_sent: 1, refunded: 3 });
    expect(await sendCreditsOf(userId)).toEqual({ default: 3, paid: 0 });
  });

  it('a document that cannot be rendered fails at once and is refunded', async () => {
    const userId = await sender();
    const { faxId } = await insertSendFax(userId, { documentPages: 2, documentBytes: new TextEncoder().encode('not a pdf at all') });
    await dispatchFirstAttempt(faxId);
    const fax = await waitForFaxDone(faxId);
    expect(fax).toMatchObject({ status: 'FAILED', failure_reason: 'DOCUMENT_UNREADABLE', attempt: 1, refunded: 2, document_key: null });
    expect(await sendCreditsOf(userId)).toEqual({ default: 2, paid: 0 });
  });
});

describe('a fax to a number of this instance', () => {
  it('arrives in the inbox of the account that owns the number: one unread fax, its pages, its credits', async () => {
    const senderId = await sender();
    const recipient = await insertUser();
    await setReceiveCredits(recipient.id, 5, 0);
    const to = await assignNumberTo(recipient.id);
    const { faxId } = await insertSendFax(senderId, { toNumber: to, documentPages: 2 });
    await dispatchFirstAttempt(faxId);
    expect(await waitForFaxDone(faxId)).toMatchObject({ status: 'DELIVERED', pages_sent: 2 });

    const [attempt] = await attemptRows(faxId);
    const received = await waitFor(async () => (await receivedFaxesOf(recipient.id)).find((fax) => fax.status === 'RECEIVED'), {
      what: 'the received fax',
    });
    expect(received).toMatchObject({
      id: await inboundFaxId(env.FAX_ID_SECRET, 'loopback', `${attempt!.carrier_fax_id}-in`, recipient.id),
      remote_number: SENDER,
      local_number: to,
      page_count: 2,
      read: 0,
      partial: 0,
    });
    const document = await env.DOCUMENTS.get(received.document_key!);
    expect((await PDFDocument.load(await document!.arrayBuffer())).getPageCount()).toBe(2);
    expect(await receiveCreditsOf(recipient.id)).toEqual({ default: 3, paid: 0, lifetime: 1 });
    // The events were de-duplicated in the recipient's own store; D1 kept none (decision 042).
    expect(await storeSql(recipient.id, "SELECT 1 FROM carrier_receipts WHERE provider = 'loopback'")).not.toEqual([]);
    const inD1 = await env.DB.prepare('SELECT 1 FROM carrier_inbound_events WHERE carrier_fax_id = ?')
      .bind(`${attempt!.carrier_fax_id}-in`)
      .first();
    expect(inD1).toBeNull();
  });

  it('a many-page scanned document goes with its cover first and every page after it, and arrives counted', async () => {
    const senderId = await sender();
    const recipient = await insertUser();
    await setReceiveCredits(recipient.id, 200, 0);
    const to = await assignNumberTo(recipient.id);
    const scan = await scannedPdf(150);
    const { faxId, pageCount } = await insertSendFax(senderId, {
      toNumber: to,
      documentPages: 150,
      documentBytes: scan,
      cover: SAMPLE_COVER,
    });
    expect(pageCount).toBe(151);
    await dispatchFirstAttempt(faxId);
    expect(await waitForFaxDone(faxId)).toMatchObject({ status: 'DELIVERED', pages_sent: 151 });

    // The transmitted PDF: the document as it was uploaded, then the cover page's update.
    const sent = new Uint8Array(await (await env.DOCUMENTS.get((await faxRow(faxId)).document_key!))!.arrayBuffer());
    expect(sent.subarray(0, scan.byteLength)).toEqual(scan);
    expect(crossReferenceProblems(sent)).toEqual([]);
    expect(await pageTexts(sent, 0)).toContain('151 pages including this cover');
    const pdf = await PDFDocument.load(sent);
    expect(pdf.getPageCount()).toBe(151);
    const images = pdf
      .getPages()
      .map((page) => (page.node.Resources()?.lookup(PDFName.of('XObject')) as PDFDict | undefined)?.keys().length ?? 0);
    expect(images[0]).toBe(0);
    expect(images.slice(1).every((count) => count === 1)).toBe(true);

    const received = await waitFor(async () => (await receivedFaxesOf(recipient.id)).find((fax) => fax.status === 'RECEIVED'), {
      what: 'the received fax',
    });
    expect(received.page_count).toBe(151);
    expect(await receiveCreditsOf(recipient.id)).toEqual({ default: 49, paid: 0, lifetime: 1 });
  });

  it('keeps the page that arrived when the line drops after page 1, as a partial fax charged for that page', async () => {
    const senderId = await sender();
    const recipient = await insertUser();
    await setReceiveCredits(recipient.id, 5, 0);
    // The loopback line that drops after page 1 (555-0006), assigned to the recipient.
    const to = '+13125550006';
    await env.DB.prepare(
      "INSERT INTO fax_numbers (id, number, area_code, city, region, state, owner_user_id, assigned_at) VALUES (?, ?, '312', 'Chicago', 'IL', 'ASSIGNED', ?, ?)",
    )
      .bind(crypto.randomUUID(), to, recipient.id, Date.now())
      .run();
    const { faxId } = await insertSendFax(senderId, { toNumber: to, documentPages: 3 });
    await dispatchFirstAttempt(faxId);
    expect(await waitForFaxDone(faxId)).toMatchObject({ status: 'FAILED', failure_reason: 'LINE_DROPPED' });

    const partial = await waitFor(
      async () => (await receivedFaxesOf(recipient.id)).find((fax) => fax.status === 'RECEIVED' && fax.partial === 1),
      {
        what: 'a partial received fax',
      },
    );
    expect(partial).toMatchObject({ page_count: 1, read: 0 });
    const document = await env.DOCUMENTS.get(partial.document_key!);
    expect((await PDFDocument.load(await document!.arrayBuffer())).getPageCount()).toBe(1);
  });

  it('is not recorded as inbound when the number is only in the pool', async () => {
    const { faxId } = await insertSendFax(await sender(), { toNumber: '+12125550150' });
    await dispatchFirstAttempt(faxId);
    await waitForFaxDone(faxId);
    const [attempt] = await attemptRows(faxId);
    const row = await env.DB.prepare('SELECT 1 FROM carrier_inbound_events WHERE carrier_fax_id = ?')
      .bind(`${attempt!.carrier_fax_id}-in`)
      .first();
    expect(row).toBeNull();
    expect((await faxRow(faxId)).status).toBe('DELIVERED');
  });
});

describe('partial delivery', () => {
  it('refunds the pages the carrier did not deliver, paid credits first', async () => {
    const userId = await sender(0, 0);
    const { faxId } = await insertSendFax(userId, { documentPages: 4, chargedDefault: 2, chargedPaid: 2 });
    await startTelnyxAttempt(faxId, 1, crypto.randomUUID());
    const outcome = await reportAttempt(env, {
      ref: { faxId, attempt: 1 },
      userId,
      carrierFaxId: null,
      receipt: null,
      report: { status: 'DELIVERED', pagesSent: 1, failureReason: null },
    });
    expect(outcome).toBe('applied');
    expect(await faxRow(faxId)).toMatchObject({ status: 'DELIVERED', pages_sent: 1, refunded: 3 });
    expect(await sendCreditsOf(userId)).toEqual({ default: 1, paid: 2 });
    expect(await ledgerRow(faxId)).toMatchObject({ status: 'DELIVERED', charged: 4, refunded: 3 });
  });
});

describe('the fax-jobs queue handler', () => {
  let counter = 0;
  async function deliver(body: unknown, attempts = 1) {
    const message: MessageBatchMessage = { id: `fax-job-${++counter}`, timestamp: new Date(), attempts, body };
    const batch = createMessageBatch('fax-jobs', [message]);
    await worker.queue(batch, env);
    return getQueueResult(batch, createExecutionContext());
  }

  it('drops a malformed message', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const result = await deliver({ kind: 'fax.dispatch', faxId: '', attempt: 0 });
    expect(result.explicitAcks).toHaveLength(1);
  });

  it('acknowledges a message for a fax that is gone', async () => {
    const result = await deliver({ kind: 'fax.dispatch', faxId: crypto.randomUUID(), attempt: 1 });
    expect(result.explicitAcks).toHaveLength(1);
    expect(result.retryMessages).toHaveLength(0);
  });

  it('asks again later for a retry whose previous attempt is still being recorded', async () => {
    const { faxId } = await insertSendFax(await sender());
    await startTelnyxAttempt(faxId, 1, crypto.randomUUID());
    const result = await deliver({ kind: 'fax.dispatch', faxId, attempt: 2 });
    expect(result.retryMessages).toHaveLength(1);
    expect(await attemptRows(faxId)).toHaveLength(1);
  });

  it('a repeated dispatch of a started attempt sends nothing twice', async () => {
    const { faxId } = await insertSendFax(await sender());
    const first = await deliver({ kind: 'fax.dispatch', faxId, attempt: 1 });
    expect(first.explicitAcks).toHaveLength(1);
    const again = await deliver({ kind: 'fax.dispatch', faxId, attempt: 1 });
    expect(again.explicitAcks).toHaveLength(1);
    expect(await waitForFaxDone(faxId)).toMatchObject({ status: 'DELIVERED', attempt: 1 });
    expect(await attemptRows(faxId)).toHaveLength(1);
  });

  it('ignores a dispatch for a fax that has finished', async () => {
    const { faxId } = await insertSendFax(await sender());
    await dispatchFirstAttempt(faxId);
    await waitForFaxDone(faxId);
    const before = await faxRow(faxId);
    const result = await deliver({ kind: 'fax.dispatch', faxId, attempt: 2 });
    expect(result.explicitAcks).toHaveLength(1);
    expect(await faxRow(faxId)).toEqual(before);
  });
});
