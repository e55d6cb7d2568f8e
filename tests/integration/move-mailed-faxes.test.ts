import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { encodeAttemptRef } from '../../worker/carrier/attempt-ref';
import { moveMailedFaxesToStores } from '../../worker/jobs/move-mailed-faxes';
import { outboxTo } from '../support/account';
import { postTelnyxWebhook, startTelnyxAttempt, telnyxEvent } from '../support/carrier';
import { uniqueEmail } from '../support/client';
import { insertUser } from '../support/db';
import { insertSendFax, setSendCredits } from '../support/faxes';
import { storeSql } from '../support/user-store';

// D1's mailed_faxes of before decision 042's amendment empties into the owners' stores: a fax
// still on its way is told of its end by its store, one that ended before the hand-over is told at
// the hand-over, one already told just goes, and running the mover again mails nothing twice.

async function oldMailedFax(userId: string, faxId: string, endMailedAt: number | null = null): Promise<string> {
  const replyTo = uniqueEmail('old').replace('@example.com', '@mail.example.org');
  await env.DB.prepare('INSERT INTO mailed_faxes (fax_id, user_id, reply_to, subject, created_at, end_mailed_at) VALUES (?, ?, ?, ?, ?, ?)')
    .bind(faxId, userId, replyTo, 'Old report', Date.now(), endMailedAt)
    .run();
  return replyTo;
}

async function endMails(replyTo: string): Promise<string[]> {
  return (await outboxTo(replyTo)).map((mail) => mail.subject).filter((subject) => /was delivered|failed$/.test(subject));
}

describe('moving faxes sent by e-mail out of D1', () => {
  it('hands each owed notice to its owner’s store once, mails it once, and leaves D1 empty', async () => {
    const user = await insertUser();
    await setSendCredits(user.id, 10, 0);
    const onItsWay = await insertSendFax(user.id, { documentPages: 1 });
    const ended = await insertSendFax(user.id, { documentPages: 1 });
    const told = await insertSendFax(user.id, { documentPages: 1 });
    await storeSql(
      user.id,
      "UPDATE faxes SET status = 'DELIVERED', pages_sent = 1, completed = ? WHERE id IN (?, ?)",
      Date.now(),
      ended.faxId,
      told.faxId,
    );
    const onItsWayTo = await oldMailedFax(user.id, onItsWay.faxId);
    const endedTo = await oldMailedFax(user.id, ended.faxId);
    const toldTo = await oldMailedFax(user.id, told.faxId, Date.now());

    let moved = 0;
    for (let run = 0; run < 4; run++) moved += await moveMailedFaxesToStores(env, 1);
    expect(moved).toBe(3);
    expect(await env.DB.prepare('SELECT count(*) AS n FROM mailed_faxes WHERE user_id = ?').bind(user.id).first('n')).toBe(0);
    expect(await moveMailedFaxesToStores(env)).toBe(0);

    // The fax that ended before the hand-over is told at once, the one told already is not told again.
    expect(await endMails(endedTo)).toEqual(['Your fax to (212) 555-0123 was delivered']);
    expect(await endMails(toldTo)).toEqual([]);
    expect(await endMails(onItsWayTo)).toEqual([]);
    // The one on its way is told by its store when it ends, once.
    const carrierFaxId = crypto.randomUUID();
    await startTelnyxAttempt(onItsWay.faxId, 1, carrierFaxId);
    const base = { fax_id: carrierFaxId, client_state: encodeAttemptRef({ faxId: onItsWay.faxId, attempt: 1 }) };
    await postTelnyxWebhook(telnyxEvent('fax.failed', { ...base, status: 'failed', failure_reason: 'destination_invalid' }));
    expect(await endMails(onItsWayTo)).toEqual(['Your fax to (212) 555-0123 failed']);
    expect(await storeSql(user.id, 'SELECT fax_id FROM mailed_faxes WHERE end_mailed_at IS NULL')).toEqual([]);
  });

  it('hands a row over twice without a second mail when its deletion from D1 was lost', async () => {
    const user = await insertUser();
    await setSendCredits(user.id, 10, 0);
    const ended = await insertSendFax(user.id, { documentPages: 1 });
    await storeSql(user.id, "UPDATE faxes SET status = 'DELIVERED', pages_sent = 1, completed = ? WHERE id = ?", Date.now(), ended.faxId);
    const replyTo = await oldMailedFax(user.id, ended.faxId);
    const row = await env.DB.prepare('SELECT * FROM mailed_faxes WHERE fax_id = ?').bind(ended.faxId).first();
    expect(await moveMailedFaxesToStores(env)).toBeGreaterThanOrEqual(1);
    // As if the run had stopped between the store's answer and D1's delete.
    await env.DB.prepare(
      'INSERT INTO mailed_faxes (fax_id, user_id, reply_to, subject, created_at, end_mailed_at) VALUES (?, ?, ?, ?, ?, NULL)',
    )
      .bind(row!.fax_id, row!.user_id, row!.reply_to, row!.subject, row!.created_at)
      .run();
    expect(await moveMailedFaxesToStores(env)).toBeGreaterThanOrEqual(1);
    expect(await endMails(replyTo)).toEqual(['Your fax to (212) 555-0123 was delivered']);
  });

  it('notes a fax that ended long before the hand-over as told, without a mail', async () => {
    const user = await insertUser();
    await setSendCredits(user.id, 10, 0);
    const ended = await insertSendFax(user.id, { documentPages: 1 });
    const longAgo = Date.now() - 3 * 24 * 3600_000;
    await storeSql(user.id, "UPDATE faxes SET status = 'DELIVERED', pages_sent = 1, completed = ? WHERE id = ?", longAgo, ended.faxId);
    const replyTo = await oldMailedFax(user.id, ended.faxId);
    expect(await moveMailedFaxesToStores(env)).toBeGreaterThanOrEqual(1);
    expect(await endMails(replyTo)).toEqual([]);
    expect(await storeSql(user.id, 'SELECT fax_id FROM mailed_faxes WHERE end_mailed_at IS NOT NULL')).toEqual([{ fax_id: ended.faxId }]);
  });
});
