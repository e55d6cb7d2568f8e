import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { CoverPageInput } from '../../src/common/cover-page';
import type { SendFaxResult } from '../../src/common/faxes';
import { errorCode } from '../support/client';
import { storedDocument } from '../support/documents';
import { findLedgerRow, sendCreditsOf } from '../support/faxes';
import { customTokenFor, openLive } from '../support/live';
import { senderWithCredits, sendFax } from '../support/send-fax';
import { ownerOfFax, storeLifetime, storeSql } from '../support/user-store';
import { waitFor } from '../support/wait';

const COVER: CoverPageInput = {
  toName: 'Dr. Ada Lovelace',
  subject: 'Referral',
  message: 'Please find the referral attached.',
  localDateOptions: { hours: 9, minutes: 5, month: 11, date: 22, year: 2026, iso: '2026-11-22T09:05:00-05:00' },
};

async function faxCount(userId: string): Promise<number> {
  const [row] = await storeSql<{ n: number }>(userId, 'SELECT count(*) AS n FROM faxes');
  return row!.n;
}

describe('POST /api/sendFax', () => {
  it('accepts the fax, charges default credits first, and records it queued', async () => {
    const sender = await senderWithCredits(2, 5);
    const fileId = await storedDocument(sender.userId, 3);
    const response = await sendFax(sender.cookie, { toNumber: '(212) 555-0123', fileId, coverpage: COVER, pageCount: 4 });
    expect(response.status).toBe(201);
    const { faxId, fax } = (await response.json()) as SendFaxResult;
    expect(fax).toMatchObject({
      id: faxId,
      direction: 'SEND',
      status: 'QUEUED',
      remoteNumber: '+12125550123',
      remoteDisplay: '(212) 555-0123',
      pageCount: 4,
      hasCoverPage: true,
      anonymous: false,
      creditsCharged: 4,
    });
    expect(await sendCreditsOf(sender.userId)).toEqual({ default: 0, paid: 3 });
    const [row] = await storeSql<{ charged_default: number; charged_paid: number; cover_page: string }>(
      sender.userId,
      'SELECT charged_default, charged_paid, cover_page FROM faxes WHERE id = ?',
      faxId,
    );
    expect(row).toMatchObject({ charged_default: 2, charged_paid: 2 });
    expect(JSON.parse(row!.cover_page)).toMatchObject({ template: 'classic', toName: 'Dr. Ada Lovelace', subject: 'Referral' });
    // D1 learns nothing of the fax: its id names its owner's store (decision 042).
    expect(await ownerOfFax(faxId)).toBe(sender.userId);
    expect(await env.DB.prepare('SELECT 1 FROM fax_owners WHERE fax_id = ?').bind(faxId).first()).toBeNull();
    expect(await findLedgerRow(faxId)).toBeNull();
    expect(await storeLifetime(sender.userId, 'SEND')).toBe(1);
  });

  it('counts the pages itself instead of trusting the page count it is sent', async () => {
    const sender = await senderWithCredits(10);
    const fileId = await storedDocument(sender.userId, 3);
    const response = await sendFax(sender.cookie, { toNumber: '+1 212 555 0123', fileId, coverpage: false, pageCount: 1 });
    expect(response.status).toBe(201);
    expect(((await response.json()) as SendFaxResult).fax).toMatchObject({ pageCount: 3, creditsCharged: 3, hasCoverPage: false });
    expect(await sendCreditsOf(sender.userId)).toEqual({ default: 7, paid: 0 });
  });

  it('takes an international number and an anonymous send', async () => {
    const sender = await senderWithCredits(10);
    const fileId = await storedDocument(sender.userId, 1);
    const response = await sendFax(sender.cookie, { toNumber: '+44 20 7946 0958', fileId, pageCount: 1, anonymous: true });
    expect(response.status).toBe(201);
    expect(((await response.json()) as SendFaxResult).fax).toMatchObject({ remoteNumber: '+442079460958', anonymous: true });
  });

  it('answers 402 with a message the page can show when credits are short, and writes nothing', async () => {
    const sender = await senderWithCredits(1, 1);
    const fileId = await storedDocument(sender.userId, 3);
    const response = await sendFax(sender.cookie, { toNumber: '2125550123', fileId, pageCount: 3 });
    expect(response.status).toBe(402);
    const { error } = (await response.json()) as { error: { code: string; message: string } };
    expect(error.code).toBe('INSUFFICIENT_CREDITS');
    expect(error.message).toBe('This fax needs 3 credits and you have 2. Buy credits or upgrade your plan, then send again.');
    expect(await sendCreditsOf(sender.userId)).toEqual({ default: 1, paid: 1 });
    expect(await faxCount(sender.userId)).toBe(0);
  });

  it('accepts exactly as many of 50 simultaneous one-page sends as there are credits', async () => {
    const sender = await senderWithCredits(6, 4);
    const fileId = await storedDocument(sender.userId, 1);
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => sendFax(sender.cookie, { toNumber: '(212) 555-0123', fileId, pageCount: 1 })),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 402)).toHaveLength(40);
    // Every refusal names the balance as it was then, never more than was left.
    for (const refused of responses.filter((r) => r.status === 402)) {
      const { error } = (await refused.json()) as { error: { message: string } };
      expect(error.message).toMatch(/^This fax needs 1 credit and you have (\d+)\./);
    }
    expect(await sendCreditsOf(sender.userId)).toEqual({ default: 0, paid: 0 });
    expect(await faxCount(sender.userId)).toBe(10);
    const [charged] = await storeSql<{ d: number; p: number }>(
      sender.userId,
      'SELECT sum(charged_default) AS d, sum(charged_paid) AS p FROM faxes',
    );
    expect(charged).toEqual({ d: 6, p: 4 });
  });

  it('pushes the new fax to the sender’s open pages', async () => {
    const sender = await senderWithCredits(5);
    const fileId = await storedDocument(sender.userId, 1);
    const live = await openLive(await customTokenFor(sender.cookie));
    const response = await sendFax(sender.cookie, { toNumber: '(212) 555-0123', fileId, pageCount: 1 });
    const { faxId } = (await response.json()) as SendFaxResult;
    await waitFor(() =>
      live
        .events()
        .some(
          (e) => (e as { type: string; fax?: { id: string } }).type === 'fax.updated' && (e as { fax: { id: string } }).fax.id === faxId,
        ),
    );
    live.close();
  });

  it.each([
    ['a number that is no number', { toNumber: '12345' }, 'INVALID_FAX_NUMBER'],
    ['letters', { toNumber: 'call me' }, 'INVALID_FAX_NUMBER'],
    ['no number', { toNumber: '' }, 'INVALID_INPUT'],
    ['a malformed file id', { fileId: 'nope' }, 'INVALID_INPUT'],
    ['no page count', { pageCount: undefined }, 'INVALID_INPUT'],
    ['a cover page without its date', { coverpage: { subject: 'x' } }, 'INVALID_INPUT'],
  ])('answers 400 for %s', async (_, change, code) => {
    const sender = await senderWithCredits(5);
    const fileId = await storedDocument(sender.userId, 1);
    const response = await sendFax(sender.cookie, { toNumber: '(212) 555-0123', fileId, pageCount: 1, ...change });
    expect(response.status).toBe(400);
    expect(await errorCode(response)).toBe(code);
    expect(await sendCreditsOf(sender.userId)).toEqual({ default: 5, paid: 0 });
  });

  it('refuses a fax over the page limit', async () => {
    const sender = await senderWithCredits(500);
    const fileId = await storedDocument(sender.userId, 1, { recordedPages: 350 });
    const response = await sendFax(sender.cookie, { toNumber: '(212) 555-0123', fileId, coverpage: COVER, pageCount: 351 });
    expect(response.status).toBe(400);
    expect(await errorCode(response)).toBe('TOO_MANY_PAGES');
  });

  it('answers 404 for another user’s document, and for one that does not exist', async () => {
    const owner = await senderWithCredits(5);
    const other = await senderWithCredits(5);
    const fileId = await storedDocument(owner.userId, 1);
    for (const id of [fileId, crypto.randomUUID()]) {
      const response = await sendFax(other.cookie, { toNumber: '(212) 555-0123', fileId: id, pageCount: 1 });
      expect(response.status).toBe(404);
    }
    expect(await faxCount(other.userId)).toBe(0);
  });

  it('answers 401 without a session and 403 from another site', async () => {
    const sender = await senderWithCredits(5);
    const fileId = await storedDocument(sender.userId, 1);
    const body = { toNumber: '(212) 555-0123', fileId, pageCount: 1 };
    expect((await sendFax(null, body)).status).toBe(401);
    const crossSite = await sendFax(sender.cookie, body, { origin: 'https://evil.example' });
    expect(crossSite.status).toBe(403);
    expect(await faxCount(sender.userId)).toBe(0);
  });
});
