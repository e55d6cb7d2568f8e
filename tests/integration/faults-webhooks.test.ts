import { createExecutionContext, runInDurableObject, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../worker/app';
import { encodeAttemptRef } from '../../worker/carrier/attempt-ref';
import { addLedgerBatch } from '../../worker/db/queries/fax-ledger';
import { userHubStub } from '../../worker/user-store/stub';
import { outboxTo } from '../support/account';
import { startTelnyxAttempt, telnyxEvent, telnyxWebhookRequest } from '../support/carrier';
import { insertUser } from '../support/db';
import { makePdf } from '../support/documents';
import { type FaultPlan, withFaults } from '../support/faults';
import { faxRow, findLedgerRow, insertSendFax, ledgerRow, ledgerTotals, sendCreditsOf, setSendCredits, timelineOf } from '../support/faxes';
import { receiveCreditsOf, receivedFaxesOf, receiver, TELNYX_MEDIA_HOST, telnyxInboundCall } from '../support/receive';

// Faults in the carrier webhooks (decision 029): D1 and R2 fail with their documented transient errors
// while an event is applied. The webhook then answers 5xx, so the carrier delivers it again (docs/api.md),
// and once storage answers the event lands once: a refund given once, a received fax made and
// charged once, its mail sent once.

let mediaFetches = 0;

beforeEach(() => {
  mediaFetches = 0;
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    if (new URL(request.url).hostname !== TELNYX_MEDIA_HOST) return realFetch(input, init);
    mediaFetches += 1;
    return new Response(await makePdf(2), { headers: { 'content-type': 'application/pdf' } });
  });
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

/** Posts the event as Telnyx does, again after every 5xx, until it is acknowledged; answers the statuses seen. */
async function deliverUntilAcknowledged(event: unknown, faultyEnv: Env): Promise<number[]> {
  const statuses: number[] = [];
  const app = createApp();
  for (let delivery = 1; delivery <= 8; delivery++) {
    const ctx = createExecutionContext();
    const response = await app.fetch(await telnyxWebhookRequest(event), faultyEnv, ctx);
    await waitOnExecutionContext(ctx);
    await response.body?.cancel();
    statuses.push(response.status);
    if (response.status < 500) return statuses;
  }
  throw new Error(`never acknowledged: ${statuses.join(', ')}`);
}

const D1_FAULTS: { name: string; plan: FaultPlan }[] = [
  { name: 'D1 lost at the first statement', plan: { d1: 1 } },
  { name: 'D1 lost for three statements in a row', plan: { d1: 3 } },
];

describe('a sent fax’s last webhook under D1 faults', () => {
  it.each(D1_FAULTS)('$name: acknowledged at once, refunded once', async ({ plan }) => {
    const user = await insertUser();
    await setSendCredits(user.id, 10, 10);
    const { faxId } = await insertSendFax(user.id, { documentPages: 3, chargedDefault: 1, chargedPaid: 2 });
    const carrierFaxId = crypto.randomUUID();
    await startTelnyxAttempt(faxId, 1, carrierFaxId);
    // A number that does not exist: failed at once, no retry, every credit back.
    const failed = telnyxEvent('fax.failed', {
      fax_id: carrierFaxId,
      client_state: encodeAttemptRef({ faxId, attempt: 1 }),
      status: 'failed',
      failure_reason: 'destination_invalid',
    });
    const faults = withFaults(plan);

    // Since decision 042 the webhook of a sent fax needs nothing of D1 (its one statement, the claim
    // of a mailed fax's notice, only logs when it fails): acknowledged at once, whatever D1 does.
    const statuses = await deliverUntilAcknowledged(failed, faults.env);
    expect(statuses).toEqual([200]);

    expect(await faxRow(faxId)).toMatchObject({ status: 'FAILED', failure_reason: 'INVALID_NUMBER', refunded: 3 });
    expect(await sendCreditsOf(user.id)).toEqual({ default: 11, paid: 12 });
    expect((await timelineOf(faxId)).filter((e) => e.kind === 'REFUNDED')).toHaveLength(1);
    expect(await ledgerRow(faxId)).toMatchObject({ status: 'FAILED', charged: 3, refunded: 3 });
    // Once more, as carriers do: nothing changes.
    expect(await deliverUntilAcknowledged(failed, faults.env)).toEqual([200]);
    expect(await sendCreditsOf(user.id)).toEqual({ default: 11, paid: 12 });
  });
});

const RECEIVE_FAULTS: { name: string; plan: FaultPlan }[] = [
  { name: 'D1 lost finding the number’s owner', plan: { d1: 1 } },
  { name: 'D1 lost after the fax was made (reading where to mail it)', plan: { d1: 2, d1When: /fax_mail_addresses/ } },
  { name: 'D1 lost writing the mail about it', plan: { d1: 2, d1When: /outbox/i } },
  { name: 'R2 lost storing the received PDF', plan: { r2: 2, r2When: ['put'] } },
];

describe('a received fax’s webhook under storage faults', () => {
  it.each(RECEIVE_FAULTS)('$name: redelivered until it lands, one fax, charged once, one mail', async ({ plan }) => {
    const b = await receiver(10, 0);
    const inbound = await telnyxInboundCall(b.number, { pages: 2 });
    const faults = withFaults(plan);
    for (const event of [inbound.started, inbound.received]) {
      expect((await deliverUntilAcknowledged(event, faults.env)).at(-1)).toBe(200);
    }
    expect(faults.thrown.d1 + faults.thrown.r2).toBeGreaterThan(0);

    const faxes = await receivedFaxesOf(b.userId);
    expect(faxes).toHaveLength(1);
    expect(faxes[0]).toMatchObject({ id: inbound.faxId, status: 'RECEIVED', page_count: 2 });
    expect(await receiveCreditsOf(b.userId)).toEqual({ default: 8, paid: 0, lifetime: 1 });
    expect(await ledgerRow(inbound.faxId)).toMatchObject({ status: 'RECEIVED', charged: 2, refunded: 0 });
    expect(await outboxTo(b.email)).toHaveLength(1);
    // Once more, as carriers do: nothing changes, the media is not fetched again.
    const fetched = mediaFetches;
    expect(await deliverUntilAcknowledged(inbound.received, faults.env)).toEqual([200]);
    expect(mediaFetches).toBe(fetched);
    expect(await receiveCreditsOf(b.userId)).toEqual({ default: 8, paid: 0, lifetime: 1 });
  });
});

describe('the ledger of ended faxes under D1 faults', () => {
  it('D1 lost as the store adds its batch: the batch is kept, and added once when tried again', async () => {
    const user = await insertUser();
    await setSendCredits(user.id, 10, 0);
    const { faxId } = await insertSendFax(user.id, { documentPages: 2 });
    const carrierFaxId = crypto.randomUUID();
    await startTelnyxAttempt(faxId, 1, carrierFaxId);
    const delivered = telnyxEvent('fax.delivered', {
      fax_id: carrierFaxId,
      client_state: encodeAttemptRef({ faxId, attempt: 1 }),
      status: 'delivered',
      page_count: 2,
    });
    expect(await deliverUntilAcknowledged(delivered, env)).toEqual([200]);
    const entry = await ledgerRow(faxId);
    expect(entry).toMatchObject({ direction: 'SEND', status: 'DELIVERED', pages: 2, charged: 2, refunded: 0 });
    const before = await ledgerTotals(entry.period, 'SEND', 'DELIVERED');

    // The store adds the ledger from inside the user's object, with the object's own bindings.
    const faults = withFaults({ d1: 1, d1When: /fax_ledger_periods/ });
    await runInDurableObject(userHubStub(env, user.id), (hub) => {
      Object.assign(hub, { env: faults.env });
    });
    expect(await userHubStub(env, user.id).flushLedger(user.id)).toBe(false);
    expect(faults.thrown.d1).toBe(1);
    expect(await ledgerTotals(entry.period, 'SEND', 'DELIVERED')).toEqual(before);

    expect(await userHubStub(env, user.id).flushLedger(user.id)).toBe(true);
    expect(await ledgerTotals(entry.period, 'SEND', 'DELIVERED')).toEqual({
      faxes: before.faxes + 1,
      pages: before.pages + 2,
      charged: before.charged + 2,
      refunded: before.refunded,
    });
    expect(await findLedgerRow(faxId)).toBeNull();
    // Nothing left to add: a later flush adds nothing.
    expect(await userHubStub(env, user.id).flushLedger(user.id)).toBe(true);
    expect((await ledgerTotals(entry.period, 'SEND', 'DELIVERED')).faxes).toBe(before.faxes + 1);
  });

  it('a batch D1 took whose answer was lost is added once when the store sends it again', async () => {
    const user = await insertUser();
    const total = { period: '2001-02', direction: 'SEND' as const, status: 'FAILED' as const, faxes: 2, pages: 5, charged: 5, refunded: 5 };
    const before = await ledgerTotals('2001-02', 'SEND', 'FAILED');
    await addLedgerBatch(env.DB, user.id, 1, [total]);
    await addLedgerBatch(env.DB, user.id, 1, [total]);
    expect(await ledgerTotals('2001-02', 'SEND', 'FAILED')).toEqual({
      faxes: before.faxes + 2,
      pages: before.pages + 5,
      charged: before.charged + 5,
      refunded: before.refunded + 5,
    });
    await addLedgerBatch(env.DB, user.id, 2, [total]);
    expect((await ledgerTotals('2001-02', 'SEND', 'FAILED')).faxes).toBe(before.faxes + 4);
  });
});
