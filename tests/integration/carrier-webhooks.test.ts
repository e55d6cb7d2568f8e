import { env, exports } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import { encodeAttemptRef } from '../../worker/carrier/attempt-ref';
import { loopbackWebhookRequest } from '../../worker/carrier/loopback';
import { postTelnyxWebhook, startTelnyxAttempt, strangerKey, telnyxEvent, telnyxOutboundSequence } from '../support/carrier';
import { errorCode } from '../support/client';
import { insertUser } from '../support/db';
import { attemptRows, faxRow, findLedgerRow, insertSendFax, sendCreditsOf, setSendCredits, timelineOf } from '../support/faxes';

// Telnyx webhooks signed with the test key pair, posted as Telnyx posts them: the outcome must not
// depend on the order or number of deliveries, and nothing unsigned, tampered or stale gets in.

interface Arranged {
  userId: string;
  faxId: string;
  carrierFaxId: string;
}

/** A 3-page fax on attempt 1 with Telnyx, charged 1 default + 2 paid credits, balance 10/10. */
async function telnyxFax(options: { legacyId?: boolean } = {}): Promise<Arranged> {
  const user = await insertUser();
  await setSendCredits(user.id, 10, 10);
  const { faxId } = await insertSendFax(user.id, { documentPages: 3, chargedDefault: 1, chargedPaid: 2, legacyId: options.legacyId });
  const carrierFaxId = crypto.randomUUID();
  await startTelnyxAttempt(faxId, 1, carrierFaxId);
  return { userId: user.id, faxId, carrierFaxId };
}

/** Everything an outcome is made of: the fax, its attempt, the credits and the ledger (not the history). */
async function stateOf({ faxId, userId }: Arranged) {
  const { status, pages_sent, attempt, next_attempt_at, failure_reason, refunded } = await faxRow(faxId);
  const attempts = (await attemptRows(faxId)).map(({ status, pages_sent, failure_reason, carrier_fax_id }) => ({
    status,
    pages_sent,
    failure_reason,
    carrier_fax_id: carrier_fax_id !== null,
  }));
  return {
    fax: { status, pages_sent, attempt, next_attempt_at, failure_reason, refunded },
    attempts,
    credits: await sendCreditsOf(userId),
    ledger: await findLedgerRow(faxId).then((entry) => entry && { status: entry.status, refunded: entry.refunded }),
  };
}

async function postAll(bodies: unknown[]): Promise<void> {
  for (const body of bodies) expect((await postTelnyxWebhook(body)).status).toBe(200);
}

function shuffled<T>(items: T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

describe('Telnyx webhooks: order and repetition do not matter', () => {
  it('a delivery: in order, reversed with duplicates, and all at once end in the same state', async () => {
    const runs = await Promise.all([telnyxFax(), telnyxFax(), telnyxFax()]);
    const sequences = runs.map((run) => telnyxOutboundSequence(run.carrierFaxId, { faxId: run.faxId, attempt: 1 }, { delivered: 3 }));

    await postAll(sequences[0]!);
    await postAll([...sequences[1]!].reverse().flatMap((event) => [event, event]));
    const burst = shuffled([...sequences[2]!, ...sequences[2]!, ...sequences[2]!]);
    const answers = await Promise.all(burst.map((body) => postTelnyxWebhook(body)));
    expect(answers.map((r) => r.status)).toEqual(burst.map(() => 200));

    const expected = await stateOf(runs[0]!);
    expect(expected).toEqual({
      fax: { status: 'DELIVERED', pages_sent: 3, attempt: 1, next_attempt_at: null, failure_reason: null, refunded: 0 },
      attempts: [{ status: 'DELIVERED', pages_sent: 3, failure_reason: null, carrier_fax_id: true }],
      credits: { default: 10, paid: 10 },
      ledger: { status: 'DELIVERED', refunded: 0 },
    });
    expect(await stateOf(runs[1]!)).toEqual(expected);
    expect(await stateOf(runs[2]!)).toEqual(expected);
    // The timeline of the in-order run tells the whole story once.
    expect((await timelineOf(runs[0]!.faxId)).map((e) => e.kind)).toEqual(['QUEUED', 'QUEUED', 'SENDING', 'DELIVERED']);
  });

  it('a final failure refunds once, however many times and in whatever order it arrives', async () => {
    const runs = await Promise.all([telnyxFax(), telnyxFax()]);
    const [inOrder, reordered] = runs.map((run) =>
      telnyxOutboundSequence(run.carrierFaxId, { faxId: run.faxId, attempt: 1 }, { failed: 'destination_invalid' }),
    );
    await postAll(inOrder!);
    const failed = reordered!.at(-1)!;
    await Promise.all([failed, failed, failed].map((body) => postTelnyxWebhook(body)));
    await postAll(reordered!.slice(0, 3));

    const expected = await stateOf(runs[0]!);
    expect(expected).toMatchObject({
      fax: { status: 'FAILED', failure_reason: 'INVALID_NUMBER', refunded: 3, next_attempt_at: null },
      credits: { default: 11, paid: 12 },
      ledger: { status: 'FAILED', refunded: 3 },
    });
    expect(await stateOf(runs[1]!)).toEqual(expected);
    expect((await timelineOf(runs[1]!.faxId)).filter((e) => e.kind === 'REFUNDED')).toHaveLength(1);
  });

  it('a delivery and a failure of the same attempt racing: one wins, refunded at most once', async () => {
    const run = await telnyxFax();
    const ref = encodeAttemptRef({ faxId: run.faxId, attempt: 1 });
    const delivered = telnyxEvent('fax.delivered', { fax_id: run.carrierFaxId, client_state: ref, status: 'delivered', page_count: 3 });
    const declined = telnyxEvent('fax.failed', {
      fax_id: run.carrierFaxId,
      client_state: ref,
      status: 'failed',
      failure_reason: 'receiver_decline',
    });
    await Promise.all([delivered, declined, delivered, declined].map((body) => postTelnyxWebhook(body)));
    const { fax, credits } = await stateOf(run);
    if (fax.status === 'DELIVERED')
      expect({ refunded: fax.refunded, credits }).toEqual({ refunded: 0, credits: { default: 10, paid: 10 } });
    else
      expect({ status: fax.status, refunded: fax.refunded, credits }).toEqual({
        status: 'FAILED',
        refunded: 3,
        credits: { default: 11, paid: 12 },
      });
  });

  it('pages not delivered are refunded, paid credits first', async () => {
    const run = await telnyxFax();
    await postAll(telnyxOutboundSequence(run.carrierFaxId, { faxId: run.faxId, attempt: 1 }, { delivered: 2 }));
    expect(await stateOf(run)).toMatchObject({
      fax: { status: 'DELIVERED', pages_sent: 2, refunded: 1 },
      credits: { default: 10, paid: 11 },
      ledger: { status: 'DELIVERED', refunded: 1 },
    });
    expect((await timelineOf(run.faxId)).at(-1)).toMatchObject({ kind: 'REFUNDED', pages_sent: 1 });
  });

  it('finds the attempt of a fax made before decision 042 by Telnyx’s fax id when client_state is missing', async () => {
    const run = await telnyxFax({ legacyId: true });
    await postAll([telnyxEvent('fax.sending.started', { fax_id: run.carrierFaxId, status: 'sending' })]);
    expect((await faxRow(run.faxId)).status).toBe('SENDING');
  });

  it('finds the attempt of a fax made since by the id in client_state alone, with no global table', async () => {
    const run = await telnyxFax();
    const ref = encodeAttemptRef({ faxId: run.faxId, attempt: 1 });
    await postAll([telnyxEvent('fax.sending.started', { fax_id: run.carrierFaxId, client_state: ref, status: 'sending' })]);
    expect((await faxRow(run.faxId)).status).toBe('SENDING');
    // Without client_state nothing names it: acknowledged, nothing changes (Telnyx echoes it on every event).
    const before = await stateOf(run);
    await postAll([telnyxEvent('fax.delivered', { fax_id: run.carrierFaxId, status: 'delivered', page_count: 3 })]);
    expect(await stateOf(run)).toEqual(before);
  });

  it('a replay of a handled event id changes nothing, even with another body', async () => {
    const run = await telnyxFax();
    const ref = encodeAttemptRef({ faxId: run.faxId, attempt: 1 });
    const started = telnyxEvent('fax.sending.started', { fax_id: run.carrierFaxId, client_state: ref, status: 'sending' }, 'evt-replayed');
    await postAll([started]);
    const before = await stateOf(run);
    const forged = telnyxEvent(
      'fax.delivered',
      { fax_id: run.carrierFaxId, client_state: ref, status: 'delivered', page_count: 3 },
      'evt-replayed',
    );
    await postAll([started, forged]);
    expect(await stateOf(run)).toEqual(before);
    expect(before.fax.status).toBe('SENDING');
  });

  it('events it does not track, or for faxes it does not know, are acknowledged and ignored', async () => {
    const run = await telnyxFax();
    const before = await stateOf(run);
    await postAll([
      telnyxEvent('fax.media.processing.started', { fax_id: run.carrierFaxId }),
      telnyxEvent('fax.delivered', { fax_id: crypto.randomUUID(), status: 'delivered', page_count: 1 }),
      telnyxEvent('fax.delivered', {
        fax_id: crypto.randomUUID(),
        client_state: encodeAttemptRef({ faxId: crypto.randomUUID(), attempt: 1 }),
        page_count: 1,
      }),
    ]);
    expect(await stateOf(run)).toEqual(before);
  });
});

describe('Telnyx webhooks: refused unless signed by Telnyx, now', () => {
  async function expectRefused(response: Response, run: Arranged, before: Awaited<ReturnType<typeof stateOf>>): Promise<void> {
    expect(response.status).toBe(401);
    expect(await errorCode(response)).toBe('INVALID_SIGNATURE');
    expect(await stateOf(run)).toEqual(before);
  }

  async function arrange() {
    const run = await telnyxFax();
    const delivered = telnyxOutboundSequence(run.carrierFaxId, { faxId: run.faxId, attempt: 1 }, { delivered: 3 }).at(-1)!;
    return { run, delivered, before: await stateOf(run) };
  }

  it('a tampered body', async () => {
    const { run, delivered, before } = await arrange();
    const honest = JSON.stringify(delivered);
    const tampered = honest.replace('"page_count":3', '"page_count":1');
    expect(tampered).not.toBe(honest);
    await expectRefused(await postTelnyxWebhook(tampered, { signedBody: honest }), run, before);
  });

  it('a key that is not Telnyx’s', async () => {
    const { run, delivered, before } = await arrange();
    await expectRefused(await postTelnyxWebhook(delivered, { key: await strangerKey() }), run, before);
  });

  it.each(['telnyx-signature-ed25519', 'telnyx-timestamp'])('no %s header', async (header) => {
    const { run, delivered, before } = await arrange();
    await expectRefused(await postTelnyxWebhook(delivered, { headers: { [header]: null } }), run, before);
  });

  // Past the 300 s tolerance, by more ahead: the time the request takes to be checked (seconds on
  // a loaded machine) brings a timestamp from the future closer, and one from the past further.
  it.each([
    ['301 s old', -301],
    ['310 s ahead', 310],
  ])('a timestamp %s', async (_label, offset) => {
    const { run, delivered, before } = await arrange();
    await expectRefused(await postTelnyxWebhook(delivered, { timestamp: Math.floor(Date.now() / 1000) + offset }), run, before);
  });

  it('a timestamp 290 s old is still fresh', async () => {
    const { run, delivered } = await arrange();
    expect((await postTelnyxWebhook(delivered, { timestamp: Math.floor(Date.now() / 1000) - 290 })).status).toBe(200);
    expect((await faxRow(run.faxId)).status).toBe('DELIVERED');
  });

  it('a signature that is not base64 of 64 bytes', async () => {
    const { run, delivered, before } = await arrange();
    await expectRefused(await postTelnyxWebhook(delivered, { headers: { 'telnyx-signature-ed25519': 'c2hvcnQ=' } }), run, before);
  });

  it('a signed body that is not JSON is a bad request, and logged for an operator', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const response = await postTelnyxWebhook('{"data": ');
    expect(response.status).toBe(400);
    expect(await errorCode(response)).toBe('MALFORMED_BODY');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('signed telnyx webhook could not be read'));
  });

  it('needs no same-origin signal: a cross-site request from the carrier is fine', async () => {
    const { run, delivered } = await arrange();
    expect((await postTelnyxWebhook(delivered, { headers: { origin: 'https://telnyx.com', 'sec-fetch-site': 'cross-site' } })).status).toBe(
      200,
    );
    expect((await faxRow(run.faxId)).status).toBe('DELIVERED');
  });
});

describe('the loopback webhook route', () => {
  it('accepts the loopback network’s signature and refuses a forged one', async () => {
    const run = await telnyxFax();
    const body = {
      id: `manual-${crypto.randomUUID()}`,
      type: 'fax.sending.started' as const,
      occurredAt: Date.now(),
      carrierFaxId: run.carrierFaxId,
      reference: { faxId: run.faxId, attempt: 1 },
      pagesSent: 0,
      failureReason: null,
      inbound: null,
    };
    const signed = await loopbackWebhookRequest(env.LOOPBACK_SIGNING_KEY!, body);
    const forged = new Request(signed.url, {
      method: 'POST',
      headers: signed.headers,
      body: JSON.stringify({ ...body, type: 'fax.delivered' }),
    });
    const refused = await exports.default.fetch(forged);
    expect(refused.status).toBe(401);
    expect((await faxRow(run.faxId)).status).toBe('QUEUED');
    expect((await exports.default.fetch(signed)).status).toBe(200);
    expect((await faxRow(run.faxId)).status).toBe('SENDING');
  });
});
