import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import worker from '../../worker/app';
import { encodeAttemptRef } from '../../worker/carrier/attempt-ref';
import { faxIdOwner } from '../../worker/crypto/fax-id';
import { postTelnyxWebhook, startTelnyxAttempt, telnyxEvent } from '../support/carrier';
import { ORIGIN } from '../support/client';
import { passwordAccount } from '../support/db';
import { faxRow, insertSendFax, setSendCredits } from '../support/faxes';

// A fax id names its owner's store (decision 042). One that does not name the caller's — someone
// else's, forged, or re-pointed at another user — answers 404 like a missing fax, and no store is
// asked: the MAC is checked first.

/** An env whose user-store namespace records every store method called, with the user it was for. */
function watchedEnv(): { env: Env; calls: string[] } {
  const calls: string[] = [];
  const namespace = env.USER_HUB;
  const watched = new Proxy(namespace, {
    get(target, prop) {
      if (prop === 'get') {
        return (id: DurableObjectId) =>
          new Proxy(target.get(id), {
            get(stub, method) {
              const value = Reflect.get(stub, method);
              if (typeof method !== 'string' || typeof value !== 'function') return value;
              return (...args: unknown[]) => {
                calls.push(method);
                return Reflect.apply(value as (...a: unknown[]) => unknown, stub, args);
              };
            },
          });
      }
      const value = Reflect.get(target, prop);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { env: { ...env, USER_HUB: watched } as Env, calls };
}

async function getAs(cookie: string, path: string, watched: Env): Promise<number> {
  const ctx = createExecutionContext();
  const request = new Request(ORIGIN + path, { headers: { cookie, origin: ORIGIN, 'cf-connecting-ip': '10.9.8.7' } });
  const response = await worker.fetch(request, watched, ctx);
  await waitOnExecutionContext(ctx);
  await response.body?.cancel();
  return response.status;
}

/** The id's bytes with another user's UUID where the owner's is (bytes 1..16). */
function repoint(faxId: string, userId: string): string {
  const bytes = Uint8Array.from(atob(faxId.replaceAll('-', '+').replaceAll('_', '/')), (c) => c.charCodeAt(0));
  bytes.set(
    userId
      .replaceAll('-', '')
      .match(/../g)!
      .map((pair) => Number.parseInt(pair, 16)),
    1,
  );
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}

function flip(id: string, index: number): string {
  return `${id.slice(0, index)}${id[index] === 'A' ? 'B' : 'A'}${id.slice(index + 1)}`;
}

describe('fax ids that name their owner’s store', () => {
  it('another user’s, forged or re-pointed ids answer 404 without asking any store', async () => {
    const owner = await passwordAccount();
    const other = await passwordAccount();
    await setSendCredits(owner.userId, 10, 0);
    const { faxId } = await insertSendFax(owner.userId);
    expect(await faxIdOwner(env.FAX_ID_SECRET, faxId)).toBe(owner.userId);

    const mine = watchedEnv();
    expect(await getAs(owner.cookie, `/api/faxes/${faxId}`, mine.env)).toBe(200);
    expect(mine.calls).toContain('faxDetails');

    // The same id with the other user's UUID in place of the owner's: its MAC no longer holds.
    const repointed = repoint(faxId, other.userId);
    for (const [cookie, id] of [
      [other.cookie, faxId],
      [owner.cookie, flip(faxId, 40)],
      [other.cookie, repointed],
    ] as const) {
      const watched = watchedEnv();
      for (const path of [`/api/faxes/${id}`, `/api/faxes/${id}/document`, `/api/faxes/${id}/confirmation`]) {
        expect(await getAs(cookie, path, watched.env)).toBe(404);
      }
      expect(watched.calls.filter((method) => /fax/i.test(method))).toEqual([]);
    }
  });

  it('a carrier event naming a forged fax id is acknowledged and changes nothing', async () => {
    const owner = await passwordAccount();
    await setSendCredits(owner.userId, 10, 0);
    const { faxId } = await insertSendFax(owner.userId);
    const carrierFaxId = crypto.randomUUID();
    await startTelnyxAttempt(faxId, 1, carrierFaxId);
    const forged = flip(faxId, 50);
    const event = telnyxEvent('fax.sending.started', {
      fax_id: carrierFaxId,
      status: 'sending',
      client_state: encodeAttemptRef({ faxId: forged, attempt: 1 }),
    });
    expect((await postTelnyxWebhook(event)).status).toBe(200);
    expect((await faxRow(faxId, owner.userId)).status).toBe('QUEUED');
  });
});
