import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import worker from '../../worker/app';
import { decodeAttemptRef, signAttemptOwner } from '../../worker/carrier/attempt-ref';
import { postTelnyxWebhook, telnyxEvent } from '../support/carrier';
import { TELNYX_VARS } from '../support/config';
import { insertUser } from '../support/db';
import { attemptRows, faxRow, insertSendFax, ledgerRow, sendCreditsOf, setSendCredits, timelineOf } from '../support/faxes';

// A carrier that fails (decision 029): Telnyx (reached by fetch, the only thing stubbed) times out or
// answers 5xx. The dispatch message is redelivered by the queue, never acknowledged while the fax
// is not with the carrier; every send is bounded by a timeout, so a hung carrier cannot hold the
// consumer; and once Telnyx takes the fax it is sent once, delivered, and charged once.

const telnyxEnv = { ...env, ...TELNYX_VARS, FAX_MEDIA_SECRET: env.FAX_MEDIA_SECRET } as Env;

type Behaviour = 'timeout' | '503' | '500' | 'accept';
let behaviours: Behaviour[] = [];
let posts: { signal: AbortSignal | null; clientState: string }[] = [];

beforeEach(() => {
  posts = [];
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    if (new URL(request.url).hostname !== 'api.telnyx.com') return realFetch(input, init);
    const body = (await request.json()) as { client_state: string };
    posts.push({ signal: init?.signal ?? null, clientState: body.client_state });
    const behaviour = behaviours.shift() ?? 'accept';
    // What fetch does when its AbortSignal.timeout fires: it rejects with a TimeoutError.
    if (behaviour === 'timeout') throw new DOMException('The operation was aborted due to timeout', 'TimeoutError');
    if (behaviour !== 'accept') return Response.json({ errors: [{ title: 'Service unavailable' }] }, { status: Number(behaviour) });
    return Response.json({ data: { record_type: 'fax', id: `telnyx-${posts.length}`, status: 'queued' } }, { status: 202 });
  });
});

let counter = 0;

/** Delivers the dispatch as the queue does, again after each retry; answers how many deliveries it took. */
async function deliverUntilAcked(body: unknown): Promise<number> {
  for (let attempts = 1; attempts <= 10; attempts++) {
    const batch = createMessageBatch('fax-jobs', [{ id: `carrier-fault-${++counter}`, timestamp: new Date(), attempts, body }]);
    await worker.queue(batch, telnyxEnv);
    const result = await getQueueResult(batch, createExecutionContext());
    if (result.explicitAcks.length === 1) return attempts;
    expect(result.retryMessages).toHaveLength(1);
  }
  throw new Error('never acknowledged');
}

describe('a carrier that times out or answers 5xx', () => {
  it.each<[string, Behaviour[]]>([
    ['two timeouts', ['timeout', 'timeout']],
    ['503, 500, then a timeout', ['503', '500', 'timeout']],
  ])('%s: redelivered until Telnyx takes it, then delivered once and charged once', async (_name, failures) => {
    behaviours = [...failures];
    const user = await insertUser();
    const { faxId, pageCount } = await insertSendFax(user.id, { documentPages: 2 });
    await setSendCredits(user.id, 8, 0);

    expect(await deliverUntilAcked({ kind: 'fax.dispatch', faxId, userId: user.id, attempt: 1 })).toBe(failures.length + 1);
    // Every send was bounded: a hung Telnyx would have been cut off, not waited for.
    expect(posts.every((post) => post.signal instanceof AbortSignal)).toBe(true);
    // Every redelivery names the same attempt, with the same signed owner.
    const owner = await signAttemptOwner(env.FAX_REFERENCE_SECRET, { faxId, attempt: 1 }, user.id);
    expect(posts.map((post) => decodeAttemptRef(post.clientState))).toEqual(Array(failures.length + 1).fill({ faxId, attempt: 1, owner }));
    const [attempt] = await attemptRows(faxId);
    expect(await attemptRows(faxId)).toHaveLength(1);
    expect(attempt).toMatchObject({ status: 'QUEUED', carrier_fax_id: `telnyx-${posts.length}` });

    const ref = { fax_id: attempt!.carrier_fax_id!, client_state: posts.at(-1)!.clientState };
    for (const event of [
      telnyxEvent('fax.sending.started', { ...ref, status: 'sending' }),
      telnyxEvent('fax.delivered', { ...ref, status: 'delivered', page_count: pageCount }),
    ]) {
      expect((await postTelnyxWebhook(event)).status).toBe(200);
    }
    expect(await faxRow(faxId)).toMatchObject({ status: 'DELIVERED', attempt: 1, pages_sent: pageCount, refunded: 0 });
    expect((await timelineOf(faxId)).filter((e) => e.kind === 'DELIVERED')).toHaveLength(1);
    expect(await sendCreditsOf(user.id)).toEqual({ default: 8, paid: 0 });
    expect(await ledgerRow(faxId)).toMatchObject({ status: 'DELIVERED', charged: pageCount, refunded: 0 });
  });

  it('a carrier down for every delivery: the attempt fails as CARRIER_ERROR, a retry is planned, nothing is charged twice', async () => {
    behaviours = Array(5).fill('timeout');
    const user = await insertUser();
    const { faxId } = await insertSendFax(user.id, { documentPages: 2 });
    await setSendCredits(user.id, 8, 0);
    // The fifth delivery gives up on the attempt instead of asking the queue again.
    expect(await deliverUntilAcked({ kind: 'fax.dispatch', faxId, userId: user.id, attempt: 1 })).toBe(5);
    const fax = await faxRow(faxId);
    expect(fax).toMatchObject({ status: 'QUEUED', attempt: 1, failure_reason: 'CARRIER_ERROR', refunded: 0 });
    expect(fax.next_attempt_at).not.toBeNull();
    expect(await sendCreditsOf(user.id)).toEqual({ default: 8, paid: 0 });
  });
});
