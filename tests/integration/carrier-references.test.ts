import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { encodeAttemptRef, signAttemptOwner } from '../../worker/carrier/attempt-ref';
import type { AttemptOwner } from '../../worker/carrier/types';
import { postTelnyxWebhook, startTelnyxAttempt, telnyxEvent } from '../support/carrier';
import { insertUser } from '../support/db';
import { faxRow, insertSendFax, setSendCredits, timelineOf } from '../support/faxes';

// A carrier's news names our attempt and its fax's owner, signed (carrier/attempt-ref.ts): the
// owner's store is found without D1, and a reference we did not sign finds no store at all.

async function telnyxFax() {
  const user = await insertUser();
  await setSendCredits(user.id, 10, 0);
  const { faxId } = await insertSendFax(user.id, { documentPages: 2 });
  const carrierFaxId = crypto.randomUUID();
  await startTelnyxAttempt(faxId, 1, carrierFaxId);
  return { userId: user.id, faxId, carrierFaxId };
}

function sending(carrierFaxId: string, faxId: string, owner: AttemptOwner, id?: string) {
  return telnyxEvent(
    'fax.sending.started',
    { fax_id: carrierFaxId, status: 'sending', client_state: encodeAttemptRef({ faxId, attempt: 1, owner }) },
    id,
  );
}

const owned = (faxId: string, userId: string) => signAttemptOwner(env.FAX_REFERENCE_SECRET, { faxId, attempt: 1 }, userId);

describe('signed carrier references', () => {
  it('find the fax in its owner’s store with no global lookup', async () => {
    const { userId, faxId, carrierFaxId } = await telnyxFax();
    // D1 holds nothing of the fax (decision 042): only the reference can lead to the store.
    expect(await env.DB.prepare('SELECT 1 FROM fax_owners WHERE fax_id = ?').bind(faxId).first()).toBeNull();
    expect(await env.DB.prepare('SELECT 1 FROM carrier_fax_ids WHERE fax_id = ?').bind(faxId).first()).toBeNull();
    expect((await postTelnyxWebhook(sending(carrierFaxId, faxId, await owned(faxId, userId)))).status).toBe(200);
    expect((await faxRow(faxId, userId)).status).toBe('SENDING');
  });

  it('a forged signature is refused and changes nothing', async () => {
    const { userId, faxId, carrierFaxId } = await telnyxFax();
    const forged = { userId, signature: 'A'.repeat(43) };
    expect((await postTelnyxWebhook(sending(carrierFaxId, faxId, forged))).status).toBe(200);
    expect((await faxRow(faxId, userId)).status).toBe('QUEUED');
  });

  it('a reference signed for one user cannot be pointed at another user’s store', async () => {
    const victim = await telnyxFax();
    const attacker = await insertUser();
    // Signed for the attacker's own (made-up) fax, then given the victim's fax id.
    const signedForAttacker = await signAttemptOwner(env.FAX_REFERENCE_SECRET, { faxId: crypto.randomUUID(), attempt: 1 }, attacker.id);
    expect((await postTelnyxWebhook(sending(victim.carrierFaxId, victim.faxId, signedForAttacker))).status).toBe(200);
    const renamed = { ...(await owned(victim.faxId, victim.userId)), userId: attacker.id };
    expect((await postTelnyxWebhook(sending(victim.carrierFaxId, victim.faxId, renamed))).status).toBe(200);
    expect((await faxRow(victim.faxId, victim.userId)).status).toBe('QUEUED');
  });

  it('a reference to a fax its owner does not have is unknown', async () => {
    const user = await insertUser();
    const faxId = crypto.randomUUID();
    const response = await postTelnyxWebhook(sending(crypto.randomUUID(), faxId, await owned(faxId, user.id)));
    expect(response.status).toBe(200);
  });

  it('the same carrier event delivered twice is applied once', async () => {
    const { userId, faxId, carrierFaxId } = await telnyxFax();
    const event = sending(carrierFaxId, faxId, await owned(faxId, userId), `evt-${crypto.randomUUID()}`);
    await postTelnyxWebhook(event);
    const after = await timelineOf(faxId, userId);
    expect((await postTelnyxWebhook(event)).status).toBe(200);
    expect(await timelineOf(faxId, userId)).toEqual(after);
    expect(after.filter((entry) => entry.kind === 'SENDING')).toHaveLength(1);
  });
});
