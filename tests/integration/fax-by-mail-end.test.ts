import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { encodeAttemptRef } from '../../worker/carrier/attempt-ref';
import { outboxTo } from '../support/account';
import { postTelnyxWebhook, startTelnyxAttempt, telnyxEvent } from '../support/carrier';
import { uniqueEmail } from '../support/client';
import { insertUser } from '../support/db';
import { faxRow, insertSendFax, setSendCredits } from '../support/faxes';
import { storeSql } from '../support/user-store';

// The notice that a fax sent by e-mail ended (decision 028) is claimed in its owner's store by the
// change that ended it (decision 042's amendment): however often, and however at once, the carrier
// delivers the end, its sender gets one mail.

/** A fax on attempt 1 with Telnyx, noted as sent by e-mail the way the send notes it. */
async function mailedTelnyxFax() {
  const user = await insertUser();
  await setSendCredits(user.id, 10, 0);
  const { faxId } = await insertSendFax(user.id, { documentPages: 2 });
  const replyTo = uniqueEmail('mailed').replace('@example.com', '@mail.example.org');
  await storeSql(
    user.id,
    'INSERT INTO mailed_faxes (fax_id, reply_to, subject, created) VALUES (?, ?, ?, ?)',
    faxId,
    replyTo,
    'Report',
    Date.now(),
  );
  const carrierFaxId = crypto.randomUUID();
  await startTelnyxAttempt(faxId, 1, carrierFaxId);
  return { userId: user.id, faxId, replyTo, base: { fax_id: carrierFaxId, client_state: encodeAttemptRef({ faxId, attempt: 1 }) } };
}

async function endMails(replyTo: string): Promise<string[]> {
  return (await outboxTo(replyTo)).map((mail) => mail.subject).filter((subject) => /was delivered|failed$/.test(subject));
}

describe('the end of a fax sent by e-mail', () => {
  it('is mailed once when the carrier delivers the end twice at once and again later', async () => {
    const fax = await mailedTelnyxFax();
    const delivered = telnyxEvent('fax.delivered', { ...fax.base, status: 'delivered', page_count: 2 });
    const again = telnyxEvent('fax.delivered', { ...fax.base, status: 'delivered', page_count: 2 });
    const responses = await Promise.all([postTelnyxWebhook(delivered), postTelnyxWebhook(again), postTelnyxWebhook(delivered)]);
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200]);
    expect(await postTelnyxWebhook(delivered).then((response) => response.status)).toBe(200);

    expect((await faxRow(fax.faxId, fax.userId)).status).toBe('DELIVERED');
    expect(await endMails(fax.replyTo)).toEqual(['Your fax to (212) 555-0123 was delivered']);
    const [row] = await storeSql<{ end_mailed_at: number | null }>(
      fax.userId,
      'SELECT end_mailed_at FROM mailed_faxes WHERE fax_id = ?',
      fax.faxId,
    );
    expect(row?.end_mailed_at).toEqual(expect.any(Number));
    expect(await env.DB.prepare('SELECT count(*) AS n FROM mailed_faxes WHERE fax_id = ?').bind(fax.faxId).first('n')).toBe(0);
  });

  it('goes with the fax when it is deleted forever', async () => {
    const fax = await mailedTelnyxFax();
    await storeSql(fax.userId, 'DELETE FROM faxes WHERE id = ?', fax.faxId);
    expect(await storeSql(fax.userId, 'SELECT fax_id FROM mailed_faxes')).toEqual([]);
  });
});
