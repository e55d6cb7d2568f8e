import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { FaxDetails, SendFaxResult, SendStatus } from '../../src/common/faxes';
import { call, errorCode } from '../support/client';
import { makePdf, storedDocument } from '../support/documents';
import { insertSendFax, SAMPLE_COVER } from '../support/faxes';
import { faxList, insertFaxRow, senderWithCredits, sendFax } from '../support/send-fax';
import { storeSql } from '../support/user-store';

describe('GET /api/faxes', () => {
  it('lists sent faxes newest first: 30, then pages of 20 until the total is reached', async () => {
    const sender = await senderWithCredits(0);
    const base = Date.UTC(2026, 10, 1);
    // 55 faxes, two of them at the same millisecond, so the keyset has to break the tie by id.
    const ids: string[] = [];
    for (let i = 0; i < 55; i++) ids.push(await insertFaxRow(sender.userId, { start: base + Math.min(i, 53) * 1000 }));
    await insertFaxRow(sender.userId, { direction: 'RECEIVE' });
    await insertFaxRow(sender.userId, { trashedAt: Date.now() });

    const first = await faxList(sender.cookie);
    expect(first.total).toBe(55);
    expect(first.faxes).toHaveLength(30);
    expect(first.nextCursor).not.toBeNull();
    const second = await faxList(sender.cookie, `direction=SEND&cursor=${first.nextCursor}`);
    expect(second.faxes).toHaveLength(20);
    const third = await faxList(sender.cookie, `direction=SEND&cursor=${second.nextCursor}`);
    expect(third.faxes).toHaveLength(5);
    expect(third.nextCursor).toBeNull();

    const listed = [...first.faxes, ...second.faxes, ...third.faxes];
    expect(new Set(listed.map((f) => f.id))).toEqual(new Set(ids));
    const starts = listed.map((f) => f.start);
    expect(starts).toEqual([...starts].sort((a, b) => b - a));
  });

  it('lists received faxes apart from sent ones, and never another user’s', async () => {
    const me = await senderWithCredits(0);
    const other = await senderWithCredits(0);
    const received = await insertFaxRow(me.userId, { direction: 'RECEIVE' });
    await insertFaxRow(other.userId, { direction: 'RECEIVE' });
    const page = await faxList(me.cookie, 'direction=RECEIVE');
    expect(page.faxes.map((f) => f.id)).toEqual([received]);
    expect(page.total).toBe(1);
  });

  it.each([['direction=SIDEWAYS'], [''], ['direction=SEND&cursor=%%%'], ['direction=SEND&cursor=bm90LWEtY3Vyc29y']])(
    'answers 400 for ?%s',
    async (query) => {
      const sender = await senderWithCredits(0);
      const response = await call(`/api/faxes?${query}`, { cookie: sender.cookie });
      expect(response.status).toBe(400);
    },
  );

  it('answers 401 without a session', async () => {
    expect((await call('/api/faxes?direction=SEND')).status).toBe(401);
  });
});

describe('GET /api/faxes/:faxId', () => {
  it('answers the fax and its timeline', async () => {
    const sender = await senderWithCredits(5);
    const fileId = await storedDocument(sender.userId, 2);
    const sent = (await (await sendFax(sender.cookie, { toNumber: '(212) 555-0123', fileId, pageCount: 2 })).json()) as SendFaxResult;
    const response = await call(`/api/faxes/${sent.faxId}`, { cookie: sender.cookie });
    expect(response.status).toBe(200);
    const details = (await response.json()) as FaxDetails;
    expect(details.fax).toMatchObject({ id: sent.faxId, pageCount: 2, fileName: 'document-2p.pdf' });
    expect(details.timeline[0]).toMatchObject({ kind: 'QUEUED', attempt: 0 });
  });

  it('answers 404 alike for another user’s fax and a missing one, and 400 for a malformed id', async () => {
    const owner = await senderWithCredits(0);
    const other = await senderWithCredits(0);
    const faxId = await insertFaxRow(owner.userId);
    for (const id of [faxId, crypto.randomUUID()]) {
      const response = await call(`/api/faxes/${id}`, { cookie: other.cookie });
      expect(response.status).toBe(404);
      expect(await errorCode(response)).toBe('NOT_FOUND');
    }
    expect((await call('/api/faxes/not-an-id', { cookie: other.cookie })).status).toBe(400);
    expect((await call(`/api/faxes/${faxId}`)).status).toBe(401);
  });
});

describe('fax documents', () => {
  it('serves the document of the owner’s fax as a PDF, and to no one else', async () => {
    const sender = await senderWithCredits(5);
    const other = await senderWithCredits(0);
    const fileId = await storedDocument(sender.userId, 2);
    const { faxId } = (await (await sendFax(sender.cookie, { toNumber: '(212) 555-0123', fileId, pageCount: 2 })).json()) as SendFaxResult;
    const response = await call(`/api/faxes/${faxId}/document`, { cookie: sender.cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(new TextDecoder().decode((await response.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
    expect((await call(`/api/faxes/${faxId}/document`, { cookie: other.cookie })).status).toBe(404);
  });

  it('has a delivery confirmation only once the fax is delivered', async () => {
    const sender = await senderWithCredits(0);
    const queued = await insertFaxRow(sender.userId, { status: 'QUEUED' });
    const notYet = await call(`/api/faxes/${queued}/confirmation`, { cookie: sender.cookie });
    expect(notYet.status).toBe(409);
    expect(await errorCode(notYet)).toBe('FAX_NOT_READY');

    const delivered = await insertFaxRow(sender.userId, { status: 'DELIVERED' });
    await storeSql(sender.userId, 'UPDATE faxes SET pages_sent = 1, completed = ? WHERE id = ?', Date.now(), delivered);
    const response = await call(`/api/faxes/${delivered}/confirmation`, { cookie: sender.cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toContain('attachment');
    expect(new TextDecoder().decode((await response.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
  });
});

describe('the delivery confirmation of a large fax', () => {
  /** How many pages the confirmation pictures (embedded as Form XObjects). */
  async function picturedPages(faxId: string, cookie: string): Promise<number> {
    const response = await call(`/api/faxes/${faxId}/confirmation`, { cookie });
    expect(response.status).toBe(200);
    const pdf = await PDFDocument.load(await response.arrayBuffer());
    return pdf.getPage(0).node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict)?.keys().length ?? 0;
  }

  it('pictures the cover drawn again, and no page of a document too large to read whole', async () => {
    const sender = await senderWithCredits(0);
    const withCover = await insertSendFax(sender.userId, { documentPages: 2, cover: SAMPLE_COVER });
    const large = await insertSendFax(sender.userId, { documentPages: 1, documentBytes: await makePdf(1, { padBytes: 9 * 1024 * 1024 }) });
    const small = await insertSendFax(sender.userId, { documentPages: 1 });
    for (const { faxId } of [withCover, large, small]) {
      await storeSql(
        sender.userId,
        "UPDATE faxes SET status = 'DELIVERED', pages_sent = page_count, completed = ? WHERE id = ?",
        Date.now(),
        faxId,
      );
    }
    expect(await picturedPages(withCover.faxId, sender.cookie)).toBe(1);
    expect(await picturedPages(small.faxId, sender.cookie)).toBe(1);
    expect(await picturedPages(large.faxId, sender.cookie)).toBe(0);
  });
});

describe('GET /api/sendStatus', () => {
  it('answers the fax on its way, the newest sent, and the lifetime count', async () => {
    const sender = await senderWithCredits(0);
    const status = async (): Promise<SendStatus> => (await (await call('/api/sendStatus', { cookie: sender.cookie })).json()) as SendStatus;
    expect(await status()).toEqual({ sendingFax: null, lastSentEntry: null, lifetimeSendCount: 0 });

    const sending = await insertFaxRow(sender.userId, { status: 'SENDING', start: Date.now() - 60_000 });
    const delivered = await insertFaxRow(sender.userId, { status: 'DELIVERED' });
    await insertFaxRow(sender.userId, { direction: 'RECEIVE', status: 'SENDING' });
    await storeSql(sender.userId, "UPDATE fax_counters SET lifetime = 2 WHERE direction = 'SEND'");
    const now = await status();
    expect(now.sendingFax?.id).toBe(sending);
    expect(now.lastSentEntry?.id).toBe(delivered);
    expect(now.lifetimeSendCount).toBe(2);
    expect((await call('/api/sendStatus')).status).toBe(401);
  });
});
