import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { FaxCounts, SendFaxResult, SendStatus } from '../../src/common/faxes';
import { type BroadcastView, MAX_SCHEDULE_MS, type ScheduleChangeResult, type SendFaxToManyResult } from '../../src/common/send-many';
import { faxIdOwner } from '../../worker/crypto/fax-id';
import { call, errorCode } from '../support/client';
import { storedDocument } from '../support/documents';
import { faxRow, findLedgerRow, sendCreditsOf, timelineOf, waitForFaxDone } from '../support/faxes';
import { senderWithCredits, sendFax } from '../support/send-fax';
import { ringStoreAlarm, storeSql, userStoreStub } from '../support/user-store';

// Sending one document to many numbers and sending later (decision 025): every recipient's fax is
// charged in one transaction of the user's store or none is; a scheduled fax is charged when it is
// scheduled, starts on the store's alarm at its time and not before, and a cancelled one never
// starts and gets its credits back at once.

const COVER = {
  template: 'classic',
  toName: '',
  fromName: 'Ada Lovelace',
  subject: 'Quarterly figures',
  message: 'Attached.',
  localDateOptions: { hours: 9, minutes: 0, month: 11, date: 25, year: 2026, iso: '2026-11-25T09:00:00-05:00' },
};

function numbers(count: number): string[] {
  // Loopback numbers that deliver (decision 014's test numbers end in anything but their fault digits).
  return Array.from({ length: count }, (_, i) => `+1 312 555 ${String(1000 + i).padStart(4, '0')}`);
}

function sendToMany(cookie: string, body: Record<string, unknown>) {
  return call('/api/sendFaxToMany', { method: 'POST', cookie, body });
}

/** How many of the faxes name their owner's store in their id (decision 042: D1 keeps none of them). */
async function ownersOf(faxIds: string[], userId: string): Promise<number> {
  const owners = await Promise.all(faxIds.map((faxId) => faxIdOwner(env.FAX_ID_SECRET, faxId)));
  const inD1 = await env.DB.prepare(`SELECT count(*) AS n FROM fax_owners WHERE fax_id IN (${faxIds.map(() => '?').join(', ')})`)
    .bind(...faxIds)
    .first<{ n: number }>();
  expect(inD1!.n).toBe(0);
  return owners.filter((owner) => owner === userId).length;
}

describe('sending to many numbers', () => {
  it('refuses the whole send when the credits cover all but one recipient, and changes nothing', async () => {
    const sender = await senderWithCredits(49);
    const fileId = await storedDocument(sender.userId, 1);
    const response = await sendToMany(sender.cookie, {
      recipients: numbers(50).map((toNumber) => ({ toNumber })),
      fileId,
      pageCount: 1,
    });
    expect(response.status).toBe(402);
    expect(await errorCode(response.clone())).toBe('INSUFFICIENT_CREDITS');
    expect(((await response.json()) as { error: { message: string } }).error.message).toContain('50');
    expect(await sendCreditsOf(sender.userId)).toEqual({ default: 49, paid: 0 });
    expect(await storeSql(sender.userId, 'SELECT id FROM faxes')).toEqual([]);
    const { results } = await env.DB.prepare('SELECT fax_id FROM fax_owners WHERE user_id = ?').bind(sender.userId).all();
    expect(results).toEqual([]);
  });

  it('with enough credits makes 50 faxes in one transaction, each addressed on its own cover page, each delivered', async () => {
    const sender = await senderWithCredits(60, 50);
    const fileId = await storedDocument(sender.userId, 1);
    const recipients = numbers(50).map((toNumber, i) => ({ toNumber, toName: `Recipient ${i + 1}` }));
    const response = await sendToMany(sender.cookie, { recipients, fileId, pageCount: 1, coverpage: COVER });
    expect(response.status).toBe(201);
    const { broadcastId, faxes } = (await response.json()) as SendFaxToManyResult;
    expect(faxes).toHaveLength(50);
    expect(new Set(faxes.map((fax) => fax.remoteNumber)).size).toBe(50);
    expect(faxes.every((fax) => fax.broadcastId === broadcastId && fax.pageCount === 2 && fax.creditsCharged === 2)).toBe(true);
    // Default credits first, then paid: 100 pages from 60 + 50.
    expect(await sendCreditsOf(sender.userId)).toEqual({ default: 0, paid: 10 });
    expect(
      await ownersOf(
        faxes.map((fax) => fax.id),
        sender.userId,
      ),
    ).toBe(50);

    const [first] = await storeSql<{ cover_page: string }>(sender.userId, 'SELECT cover_page FROM faxes WHERE id = ?', faxes[0]!.id);
    expect(JSON.parse(first!.cover_page)).toMatchObject({
      toName: 'Recipient 1',
      toNumber: '(312) 555-1000',
      subject: 'Quarterly figures',
    });

    for (const fax of faxes.slice(0, 3)) expect(await waitForFaxDone(fax.id)).toMatchObject({ status: 'DELIVERED' });
    const view = await call(`/api/broadcasts/${broadcastId}`, { cookie: sender.cookie });
    expect(view.status).toBe(200);
    const group = (await view.json()) as BroadcastView;
    expect(group.faxes.map((fax) => fax.id)).toEqual(faxes.map((fax) => fax.id));
  }, 60_000);

  it('sends again to the failed recipients only, with their own cover pages, charged anew', async () => {
    const sender = await senderWithCredits(20);
    const fileId = await storedDocument(sender.userId, 1);
    const recipients = [{ toNumber: '+13125550003', toName: 'Voice line' }, { toNumber: '+13125551100' }, { toNumber: '+13125551101' }];
    const first = (await (
      await sendToMany(sender.cookie, { recipients, fileId, pageCount: 1, coverpage: COVER })
    ).json()) as SendFaxToManyResult;
    for (const fax of first.faxes) await waitForFaxDone(fax.id);

    const response = await call('/api/resendBroadcastFailures', {
      method: 'POST',
      cookie: sender.cookie,
      body: { broadcastId: first.broadcastId },
    });
    expect(response.status).toBe(201);
    const again = (await response.json()) as SendFaxToManyResult;
    expect(again.broadcastId).not.toBe(first.broadcastId);
    expect(again.faxes.map((fax) => fax.remoteNumber)).toEqual(['+13125550003']);
    const [copy] = await storeSql<{ cover_page: string }>(sender.userId, 'SELECT cover_page FROM faxes WHERE id = ?', again.faxes[0]!.id);
    expect(JSON.parse(copy!.cover_page)).toMatchObject({ toName: 'Voice line' });
    // 6 pages charged, 2 given back for the failed pair: 20 - 6 + 2.
    await waitForFaxDone(again.faxes[0]!.id);
    expect(await sendCreditsOf(sender.userId)).toEqual({ default: 16, paid: 0 });

    const delivered = (await (
      await sendToMany(sender.cookie, { recipients: recipients.slice(1), fileId, pageCount: 1 })
    ).json()) as SendFaxToManyResult;
    for (const fax of delivered.faxes) await waitForFaxDone(fax.id);
    const nothing = await call('/api/resendBroadcastFailures', {
      method: 'POST',
      cookie: sender.cookie,
      body: { broadcastId: delivered.broadcastId },
    });
    expect(nothing.status).toBe(409);
    expect(await errorCode(nothing)).toBe('NO_FAILED_FAXES');
  }, 60_000);

  it('never overdraws under concurrent sends to many', async () => {
    const sender = await senderWithCredits(30);
    const fileId = await storedDocument(sender.userId, 1);
    const body = { recipients: numbers(15).map((toNumber) => ({ toNumber })), fileId, pageCount: 1 };
    const answers = await Promise.all([1, 2, 3].map(() => sendToMany(sender.cookie, body)));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 201, 402]);
    expect(await sendCreditsOf(sender.userId)).toEqual({ default: 0, paid: 0 });
    expect(await storeSql(sender.userId, 'SELECT id FROM faxes')).toHaveLength(30);
  });

  it('merges duplicates, names the rows it cannot read, and validates its input', async () => {
    const sender = await senderWithCredits(10);
    const fileId = await storedDocument(sender.userId, 1);
    const merged = await sendToMany(sender.cookie, {
      recipients: [{ toNumber: '(312) 555-2000' }, { toNumber: '+13125552000', toName: 'Grace' }, { toNumber: '312.555.2001' }],
      fileId,
      pageCount: 1,
    });
    expect(merged.status).toBe(201);
    expect(((await merged.json()) as SendFaxToManyResult).faxes.map((fax) => fax.remoteNumber)).toEqual(['+13125552000', '+13125552001']);

    const unreadable = await sendToMany(sender.cookie, {
      recipients: [{ toNumber: '+13125552002' }, { toNumber: 'call me' }],
      fileId,
      pageCount: 1,
    });
    expect(unreadable.status).toBe(400);
    expect(await errorCode(unreadable.clone())).toBe('INVALID_FAX_NUMBER');
    expect(((await unreadable.json()) as { error: { message: string } }).error.message).toContain('2');

    for (const body of [
      { recipients: [], fileId, pageCount: 1 },
      { recipients: numbers(51).map((toNumber) => ({ toNumber })), fileId, pageCount: 1 },
      { recipients: [{ toNumber: '+13125552003' }], fileId: 'nope', pageCount: 1 },
    ]) {
      const response = await sendToMany(sender.cookie, body);
      expect(response.status).toBe(400);
      expect(await errorCode(response)).toBe('INVALID_INPUT');
    }
    const stranger = await senderWithCredits(10);
    expect((await call(`/api/broadcasts/${crypto.randomUUID()}`, { cookie: stranger.cookie })).status).toBe(404);
    expect((await sendToMany('', { recipients: [{ toNumber: '+13125552003' }], fileId, pageCount: 1 })).status).toBe(401);
  });
});

describe('sending later', () => {
  async function scheduled(sender: { userId: string; cookie: string }, inMs: number): Promise<SendFaxResult> {
    const fileId = await storedDocument(sender.userId, 2);
    const response = await sendFax(sender.cookie, { toNumber: '+13125550190', fileId, pageCount: 2, sendAt: Date.now() + inMs });
    expect(response.status).toBe(201);
    return (await response.json()) as SendFaxResult;
  }

  async function alarmOf(userId: string): Promise<number | null> {
    return runInDurableObject(userStoreStub(userId), (_hub, state) => state.storage.getAlarm());
  }

  it('charges when scheduled, waits for its time on the store alarm, then starts and is delivered', async () => {
    const sender = await senderWithCredits(10);
    const { faxId, fax } = await scheduled(sender, 10 * 60_000);
    expect(fax).toMatchObject({ status: 'QUEUED', sendAt: expect.any(Number), creditsCharged: 2 });
    expect(await sendCreditsOf(sender.userId)).toEqual({ default: 8, paid: 0 });
    // Its start is the store's alarm at its time: within a minute of it, whatever else happens.
    expect(await alarmOf(sender.userId)).toBe(fax.sendAt);
    const status = (await (await call('/api/sendStatus', { cookie: sender.cookie })).json()) as SendStatus;
    expect(status.sendingFax).toBeNull();

    // An alarm before its time starts nothing.
    await ringStoreAlarm(sender.userId);
    expect(await faxRow(faxId)).toMatchObject({ status: 'QUEUED', attempt: 0 });

    // Its time comes.
    await storeSql(sender.userId, 'UPDATE faxes SET send_at = ? WHERE id = ?', Date.now() - 1000, faxId);
    await ringStoreAlarm(sender.userId);
    expect(await waitForFaxDone(faxId)).toMatchObject({ status: 'DELIVERED', pages_sent: 2 });
  }, 60_000);

  it('a cancelled fax gets its credits back at once and never starts; a started one cannot be cancelled', async () => {
    const sender = await senderWithCredits(10);
    const { faxId } = await scheduled(sender, 60 * 60_000);
    const cancel = await call('/api/cancelScheduledFax', { method: 'POST', cookie: sender.cookie, body: { faxId } });
    expect(cancel.status).toBe(200);
    const { faxes } = (await cancel.json()) as ScheduleChangeResult;
    expect(faxes[0]).toMatchObject({ status: 'FAILED', failureReason: 'CANCELLED', creditsRefunded: 2, sendAt: null });
    expect(await sendCreditsOf(sender.userId)).toEqual({ default: 10, paid: 0 });
    expect((await timelineOf(faxId)).map((e) => e.kind)).toEqual(['QUEUED', 'FAILED', 'REFUNDED']);
    expect(await findLedgerRow(faxId)).toMatchObject({ status: 'FAILED', refunded: 2 });

    await ringStoreAlarm(sender.userId);
    expect(await faxRow(faxId)).toMatchObject({ status: 'FAILED', attempt: 0 });
    const again = await call('/api/cancelScheduledFax', { method: 'POST', cookie: sender.cookie, body: { faxId } });
    expect(again.status).toBe(409);
    expect(await errorCode(again)).toBe('FAX_STARTED');
  });

  it('moves to another time, and refuses a time in the past or beyond 90 days', async () => {
    const sender = await senderWithCredits(10);
    const { faxId } = await scheduled(sender, 60 * 60_000);
    const later = Date.now() + 2 * 60 * 60_000;
    const moved = await call('/api/rescheduleFax', { method: 'POST', cookie: sender.cookie, body: { faxId, sendAt: later } });
    expect(moved.status).toBe(200);
    expect(((await moved.json()) as ScheduleChangeResult).faxes[0]!.sendAt).toBe(later);
    expect(await alarmOf(sender.userId)).toBe(later);

    const fileId = await storedDocument(sender.userId, 1);
    for (const sendAt of [Date.now() - 60_000, Date.now() + MAX_SCHEDULE_MS + 60_000]) {
      const refused = await sendFax(sender.cookie, { toNumber: '+13125550190', fileId, pageCount: 1, sendAt });
      expect(refused.status).toBe(400);
      expect(await errorCode(refused)).toBe('INVALID_SEND_TIME');
      const badMove = await call('/api/rescheduleFax', { method: 'POST', cookie: sender.cookie, body: { faxId, sendAt } });
      expect(badMove.status).toBe(400);
    }
    const stranger = await senderWithCredits(1);
    const theirs = await call('/api/cancelScheduledFax', { method: 'POST', cookie: stranger.cookie, body: { faxId } });
    expect(theirs.status).toBe(404);
    expect(await sendCreditsOf(sender.userId)).toEqual({ default: 8, paid: 0 });
  });

  it('counts the faxes waiting for their time, for the navigation: up when scheduled, down when started or cancelled', async () => {
    const sender = await senderWithCredits(10);
    const counts = async (): Promise<number> =>
      ((await (await call('/api/faxCounts', { cookie: sender.cookie })).json()) as FaxCounts).scheduled;
    expect(await counts()).toBe(0);
    const first = await scheduled(sender, 60 * 60_000);
    const second = await scheduled(sender, 2 * 60 * 60_000);
    expect(await counts()).toBe(2);
    await call('/api/cancelScheduledFax', { method: 'POST', cookie: sender.cookie, body: { faxId: first.faxId } });
    expect(await counts()).toBe(1);
    await storeSql(sender.userId, 'UPDATE faxes SET send_at = ? WHERE id = ?', Date.now() - 1000, second.faxId);
    await ringStoreAlarm(sender.userId);
    expect(await counts()).toBe(0);
  });

  it('a scheduled send to many is cancelled whole by its broadcast id', async () => {
    const sender = await senderWithCredits(10);
    const fileId = await storedDocument(sender.userId, 1);
    const response = await sendToMany(sender.cookie, {
      recipients: numbers(3).map((toNumber) => ({ toNumber })),
      fileId,
      pageCount: 1,
      sendAt: Date.now() + 60 * 60_000,
    });
    const { broadcastId } = (await response.json()) as SendFaxToManyResult;
    expect(await sendCreditsOf(sender.userId)).toEqual({ default: 7, paid: 0 });
    const cancel = await call('/api/cancelScheduledFax', { method: 'POST', cookie: sender.cookie, body: { broadcastId } });
    expect(cancel.status).toBe(200);
    expect(((await cancel.json()) as ScheduleChangeResult).faxes).toHaveLength(3);
    expect(await sendCreditsOf(sender.userId)).toEqual({ default: 10, paid: 0 });
  });
});
