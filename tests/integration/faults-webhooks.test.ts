import { createExecutionContext, runInDurableObject, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../worker/app';
import { encodeAttemptRef } from '../../worker/carrier/attempt-ref';
import { userHubStub } from '../../worker/user-store/stub';
import { outboxTo } from '../support/account';
import { startTelnyxAttempt, telnyxEvent, telnyxWebhookRequest } from '../support/carrier';
import { insertUser } from '../support/db';
import { makePdf } from '../support/documents';
import { type FaultPlan, withFaults } from '../support/faults';
import { faxRow, findLedgerRow, insertSendFax, ledgerRow, sendCreditsOf, setSendCredits, timelineOf } from '../support/faxes';
import { receiveCreditsOf, receivedFaxesOf, receiver, TELNYX_MEDIA_HOST, telnyxInboundCall } from '../support/receive';
import { ringStoreAlarm } from '../support/user-store';

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
  it.each(D1_FAULTS)('$name: redelivered until it lands, refunded once', async ({ plan }) => {
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

    const statuses = await deliverUntilAcknowledged(failed, faults.env);
    expect(statuses.at(-1)).toBe(200);
    expect(statuses.slice(0, -1).every((status) => status >= 500)).toBe(true);
    expect(faults.left.d1).toBe(0);

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
  { name: 'D1 lost recording the event', plan: { d1: 1 } },
  { name: 'D1 lost after the fax was made (marking the event handled)', plan: { d1: 2, d1When: /UPDATE carrier_inbound_events/ } },
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

describe('the ledger row of an ended fax under D1 faults', () => {
  it('D1 lost as the store writes it: the store’s alarm writes it later, once', async () => {
    const user = await insertUser();
    await setSendCredits(user.id, 10, 0);
    const { faxId } = await insertSendFax(user.id, { documentPages: 2 });
    const carrierFaxId = crypto.randomUUID();
    await startTelnyxAttempt(faxId, 1, carrierFaxId);
    // The store writes the ledger from inside the user's object, with the object's own bindings.
    const faults = withFaults({ d1: 1, d1When: /fax_ledger/ });
    await runInDurableObject(userHubStub(env, user.id), (hub) => {
      Object.assign(hub, { env: faults.env });
    });
    const delivered = telnyxEvent('fax.delivered', {
      fax_id: carrierFaxId,
      client_state: encodeAttemptRef({ faxId, attempt: 1 }),
      status: 'delivered',
      page_count: 2,
    });
    expect(await deliverUntilAcknowledged(delivered, env)).toEqual([200]);
    expect(faults.thrown.d1).toBe(1);
    expect(await findLedgerRow(faxId)).toBeNull();

    expect(await ringStoreAlarm(user.id)).toBe(true);
    expect(await ledgerRow(faxId)).toMatchObject({ status: 'DELIVERED', charged: 2, refunded: 0 });
  });
});
