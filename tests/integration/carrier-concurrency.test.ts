import { describe, expect, it } from 'vitest';
import { postTelnyxWebhook, startTelnyxAttempt, telnyxOutboundSequence } from '../support/carrier';
import { insertUser } from '../support/db';
import { attemptRows, faxRow, insertSendFax, ledgerRow, sendCreditsOf, setSendCredits } from '../support/faxes';

// Many deliveries of one fax's events at the same moment, on many faxes at once: each fax must end
// exactly where the same events in order would take it, with one refund at most.

describe('simultaneous webhook deliveries', () => {
  it('every fax of a burst ends delivered with a partial refund taken once', async () => {
    const runs = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const user = await insertUser();
        await setSendCredits(user.id, 0, 0);
        const { faxId } = await insertSendFax(user.id, { documentPages: 4, chargedDefault: 2, chargedPaid: 2 });
        const carrierFaxId = crypto.randomUUID();
        await startTelnyxAttempt(faxId, 1, carrierFaxId);
        return { userId: user.id, faxId, events: telnyxOutboundSequence(carrierFaxId, { faxId, attempt: 1 }, { delivered: 3 }) };
      }),
    );
    const deliveries = runs.flatMap((run) => [...run.events, ...run.events, ...run.events].reverse());
    const answers = await Promise.all(deliveries.map((body) => postTelnyxWebhook(body)));
    expect(answers.every((r) => r.status === 200)).toBe(true);

    for (const run of runs) {
      expect(await faxRow(run.faxId)).toMatchObject({ status: 'DELIVERED', pages_sent: 3, refunded: 1 });
      expect(await attemptRows(run.faxId)).toEqual([expect.objectContaining({ status: 'DELIVERED', pages_sent: 3 })]);
      expect(await ledgerRow(run.faxId)).toMatchObject({ status: 'DELIVERED', refunded: 1 });
      expect(await sendCreditsOf(run.userId)).toEqual({ default: 0, paid: 1 });
    }
  });
});
