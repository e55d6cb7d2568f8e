import { describe, expect, it } from 'vitest';
import type { SendFaxResult } from '../../src/common/faxes';
import { call, errorCode } from '../support/client';
import { faxRow, insertSendFax, sendCreditsOf, waitForFaxDone } from '../support/faxes';
import { senderWithCredits } from '../support/send-fax';
import { storeSql } from '../support/user-store';

// Sending a sent fax again from its page: the same number, document, cover page and
// caller id, a new fax charged anew; refused while the first is still on its way.

function resend(cookie: string, faxId: string) {
  return call('/api/resendFax', { method: 'POST', cookie, body: { faxId } });
}

describe('POST /api/resendFax', () => {
  it('sends the same document to the same number again, charged anew', async () => {
    const sender = await senderWithCredits(10);
    const first = await insertSendFax(sender.userId, { documentPages: 2, toNumber: '+13125550190', anonymous: true });
    await storeSql(sender.userId, "UPDATE faxes SET status = 'FAILED', failure_reason = 'BUSY' WHERE id = ?", first.faxId);
    const before = await sendCreditsOf(sender.userId);

    const response = await resend(sender.cookie, first.faxId);
    expect(response.status).toBe(201);
    const { faxId, fax } = (await response.json()) as SendFaxResult;
    expect(faxId).not.toBe(first.faxId);
    expect(fax).toMatchObject({ direction: 'SEND', remoteNumber: '+13125550190', pageCount: 2, anonymous: true, creditsCharged: 2 });
    expect(await sendCreditsOf(sender.userId)).toEqual({ default: before.default - 2, paid: before.paid });
    expect(await waitForFaxDone(faxId)).toMatchObject({ status: 'DELIVERED' });
    expect((await storeSql(sender.userId, 'SELECT file_id FROM faxes WHERE id = ?', faxId))[0]).toEqual({ file_id: first.fileId });
  });

  it('refuses a fax still on its way (409), a received or unknown one (404), and bad input (400)', async () => {
    const sender = await senderWithCredits(10);
    const queued = await insertSendFax(sender.userId, { documentPages: 1 });
    const onItsWay = await resend(sender.cookie, queued.faxId);
    expect(onItsWay.status).toBe(409);
    expect(await errorCode(onItsWay)).toBe('FAX_IN_PROGRESS');

    const stranger = await senderWithCredits(10);
    expect((await resend(stranger.cookie, queued.faxId)).status).toBe(404);
    expect((await resend(sender.cookie, crypto.randomUUID())).status).toBe(404);
    const bad = await resend(sender.cookie, 'not-a-fax');
    expect(bad.status).toBe(400);
    expect(await errorCode(bad)).toBe('INVALID_INPUT');
    expect((await faxRow(queued.faxId)).status).toBe('QUEUED');
  });
});
