import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import worker, { createApp } from '../../worker/app';
import { encodeAttemptRef } from '../../worker/carrier/attempt-ref';
import { dispatchFax } from '../../worker/fax/dispatch';
import { outboxTo } from '../support/account';
import { startTelnyxAttempt, telnyxEvent, telnyxWebhookRequest } from '../support/carrier';
import { ORIGIN } from '../support/client';
import { insertUser } from '../support/db';
import { storedDocument } from '../support/documents';
import { withFaults } from '../support/faults';
import { faxRow, insertSendFax, setSendCredits } from '../support/faxes';
import { senderWithCredits } from '../support/send-fax';
import { storeSql } from '../support/user-store';

// How many calls the hot paths make to the user's store object (issue 30): each is a round trip
// that queues behind the object's other calls, so a dispatch makes at most 3 and a carrier's
// report exactly one. The figures, with the D1 round trips of each path (a batch is one), are
// printed for the before/after table; tests/bench/store-scale.mjs prints them beside its own.

/** An env whose user-store namespace counts every method called on its stubs. */
function countingEnv(): { env: Env; calls: string[] } {
  const calls: string[] = [];
  const namespace = env.USER_HUB;
  const counted = new Proxy(namespace, {
    get(target, prop) {
      if (prop === 'get') {
        return (id: DurableObjectId) => {
          const stub = target.get(id);
          return new Proxy(stub, {
            get(s, method) {
              const value = Reflect.get(s, method);
              if (typeof method !== 'string' || typeof value !== 'function') return value;
              return (...args: unknown[]) => {
                calls.push(method);
                return Reflect.apply(value as (...a: unknown[]) => unknown, s, args);
              };
            },
          });
        };
      }
      const value = Reflect.get(target, prop);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { env: { ...env, USER_HUB: counted } as Env, calls };
}

describe('calls to the user store object on the hot paths', () => {
  it('a dispatch makes at most 3', async () => {
    const user = await insertUser();
    await setSendCredits(user.id, 10, 0);
    const { faxId } = await insertSendFax(user.id, { documentPages: 2 });
    const counting = countingEnv();
    const d1 = withFaults({}, counting.env);
    expect(await dispatchFax(d1.env, { faxId, attempt: 1 }, user.id, 1)).toBe('sent');
    console.log(`object calls per dispatch: ${counting.calls.length} (${counting.calls.join(', ')})`);
    console.log(`D1 round trips per dispatch: ${d1.ran.length}`);
    expect(counting.calls.length).toBeLessThanOrEqual(3);
  });

  it('a carrier webhook makes one', async () => {
    const user = await insertUser();
    await setSendCredits(user.id, 10, 0);
    const { faxId } = await insertSendFax(user.id, { documentPages: 2 });
    const carrierFaxId = crypto.randomUUID();
    await startTelnyxAttempt(faxId, 1, carrierFaxId);
    const counting = countingEnv();
    const d1 = withFaults({}, counting.env);
    const body = telnyxEvent('fax.sending.started', {
      fax_id: carrierFaxId,
      status: 'sending',
      client_state: encodeAttemptRef({ faxId, attempt: 1 }),
    });
    const ctx = createExecutionContext();
    const response = await worker.fetch(await telnyxWebhookRequest(body), d1.env, ctx);
    await waitOnExecutionContext(ctx);
    expect(response.status).toBe(200);
    expect((await faxRow(faxId, user.id)).status).toBe('SENDING');
    console.log(`object calls per webhook: ${counting.calls.length} (${counting.calls.join(', ')})`);
    console.log(`D1 round trips per webhook: ${d1.ran.length}`);
    expect(counting.calls.length).toBe(1);
  });

  it('a carrier webhook that ends a fax sent by e-mail makes one, and no D1 round trip but the mail', async () => {
    const user = await insertUser();
    await setSendCredits(user.id, 10, 0);
    const { faxId } = await insertSendFax(user.id, { documentPages: 2 });
    await storeSql(
      user.id,
      'INSERT INTO mailed_faxes (fax_id, reply_to, subject, created) VALUES (?, ?, ?, ?)',
      faxId,
      'a@mail.example.org',
      'x',
      Date.now(),
    );
    const carrierFaxId = crypto.randomUUID();
    await startTelnyxAttempt(faxId, 1, carrierFaxId);
    const counting = countingEnv();
    const d1 = withFaults({}, counting.env);
    const body = telnyxEvent('fax.delivered', {
      fax_id: carrierFaxId,
      status: 'delivered',
      page_count: 2,
      client_state: encodeAttemptRef({ faxId, attempt: 1 }),
    });
    const ctx = createExecutionContext();
    const response = await worker.fetch(await telnyxWebhookRequest(body), d1.env, ctx);
    await waitOnExecutionContext(ctx);
    expect(response.status).toBe(200);
    expect((await outboxTo('a@mail.example.org')).map((mail) => mail.subject)).toEqual(['Your fax to (212) 555-0123 was delivered']);
    console.log(`object calls per webhook ending a fax sent by e-mail: ${counting.calls.length} (${counting.calls.join(', ')})`);
    console.log(`D1 round trips per webhook ending a fax sent by e-mail: ${d1.ran.length}`);
    expect(counting.calls.length).toBe(1);
    // The one D1 statement is the local mail provider's outbox: the claim is in the store.
    expect(d1.ran.length).toBe(1);
  });

  it('a send makes one', async () => {
    const sender = await senderWithCredits(10);
    const fileId = await storedDocument(sender.userId, 1);
    const counting = countingEnv();
    const d1 = withFaults({}, counting.env);
    const ctx = createExecutionContext();
    const response = await createApp().fetch(
      new Request(`${ORIGIN}/api/sendFax`, {
        method: 'POST',
        headers: { cookie: sender.cookie, origin: ORIGIN, 'content-type': 'application/json' },
        body: JSON.stringify({ toNumber: '+12125550123', fileId, coverpage: false, pageCount: 1 }),
      }),
      d1.env,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(response.status).toBe(201);
    console.log(`object calls per send: ${counting.calls.length} (${counting.calls.join(', ')})`);
    console.log(`D1 round trips per send: ${d1.ran.length}`);
    expect(counting.calls.length).toBe(1);
  });
});
