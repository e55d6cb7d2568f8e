import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import {
  CARDS,
  type CheckoutAnswer,
  card,
  checkout,
  confirm,
  disableTrials,
  holdANumber,
  numberRow,
  setOption,
  userPlanRow,
} from '../support/billing';
import { call, errorCode } from '../support/client';
import { passwordAccount } from '../support/db';
import { openLiveFor } from '../support/live';

async function transactionsOf(userId: string): Promise<{ kind: string; status: string; amount_cents: number }[]> {
  const { results } = await env.DB.prepare('SELECT kind, status, amount_cents FROM transactions WHERE user_id = ? ORDER BY rowid')
    .bind(userId)
    .all();
  return results as { kind: string; status: string; amount_cents: number }[];
}

describe('POST /api/checkout: paid (trials off)', () => {
  it('charges the price, makes the user PAID with the allowance, an invoice, and assigns the held number live', async () => {
    await disableTrials();
    const { cookie, userId } = await passwordAccount();
    const held = await holdANumber(cookie);
    const socket = await openLiveFor(cookie);
    const response = await checkout(cookie, CARDS.succeeds, 'PREMIUM', 'MONTH');
    expect(response.status).toBe(200);
    const body = (await response.json()) as CheckoutAnswer;
    expect(body.checkout).toMatchObject({
      state: 'succeeded',
      trial: false,
      amountCents: 1999,
      cardBrand: 'visa',
      cardLast4: '4242',
      plan: 'PREMIUM',
    });
    expect(body.subscription).toMatchObject({
      type: 'PAID',
      planLevel: 'PREMIUM',
      planTerm: 'MONTH',
      merchantType: 'local',
      subscriptionId: body.checkout.id,
      cancelAtPeriodEnd: false,
    });
    expect(body.subscription.faxNumber).toEqual({ number: held.number, display: held.display });
    expect(body.subscription.currentPeriodEnd).toBeGreaterThan(Date.now() + 27 * 86_400_000);
    const user = await userPlanRow(userId);
    expect(user).toMatchObject({ default_credits_send: 400, default_credits_receive: 400, subscription_type: 'PAID' });
    expect(await numberRow(held.id)).toEqual({ state: 'ASSIGNED', holder_key: null, owner_user_id: userId });
    expect((await transactionsOf(userId)).map((t) => [t.kind, t.status, t.amount_cents])).toEqual([
      ['charge', 'succeeded', 1999],
      ['credit_grant', 'succeeded', 0],
    ]);
    const invoices = await env.DB.prepare('SELECT number, amount_cents FROM invoices WHERE user_id = ?').bind(userId).all();
    expect(invoices.results).toEqual([expect.objectContaining({ amount_cents: 1999 })]);
    await socket.waitForEvent((e) => e['type'] === 'number.updated' && (e['number'] as { number: string } | null)?.number === held.number);
    await socket.waitForEvent((e) => e['type'] === 'subscription.updated');
    await socket.waitForEvent((e) => e['type'] === 'account.updated');
    // The card number is never stored.
    const stored = JSON.stringify(await env.DB.prepare('SELECT * FROM checkouts WHERE user_id = ?').bind(userId).all());
    expect(stored).not.toContain('4242424242424242');
  });

  it('accepts any other Luhn-valid number', async () => {
    await disableTrials();
    const { cookie } = await passwordAccount();
    const body = (await (await checkout(cookie, CARDS.otherValid)).json()) as CheckoutAnswer;
    expect(body.checkout).toMatchObject({ state: 'succeeded', cardBrand: 'mastercard', cardLast4: '4444' });
  });

  it.each([
    [CARDS.declined, 'PAYMENT_DECLINED'],
    [CARDS.expired, 'CARD_EXPIRED'],
  ])('a refused card (%s) answers 402 %s and keeps the hold', async (number, code) => {
    await disableTrials();
    const { cookie, userId } = await passwordAccount();
    const held = await holdANumber(cookie);
    const response = await checkout(cookie, number);
    expect(response.status).toBe(402);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe(code);
    expect(body.error.message.length).toBeGreaterThan(5);
    expect(await numberRow(held.id)).toMatchObject({ state: 'HELD', holder_key: `user:${userId}`, owner_user_id: null });
    expect(await userPlanRow(userId)).toMatchObject({ subscription_type: null, plan_level: null });
    expect(await transactionsOf(userId)).toEqual([]);
  });

  it('refuses a card whose expiry date has passed', async () => {
    const { cookie } = await passwordAccount();
    const response = await call('/api/checkout', {
      method: 'POST',
      cookie,
      body: { plan: 'BASIC', term: 'MONTH', card: card(CARDS.succeeds, { expYear: 2020 }) },
    });
    expect(response.status).toBe(402);
    expect(await errorCode(response)).toBe('CARD_EXPIRED');
  });
});

describe('POST /api/checkout: trial', () => {
  it('starts a trial with a hold of the price released at once (preAuthType authorize), one trial per e-mail', async () => {
    await setOption('trial', { length_in_days: 7, disabled: false });
    await setOption('preAuthType', 'authorize');
    const { cookie, userId } = await passwordAccount();
    const held = await holdANumber(cookie);
    const body = (await (await checkout(cookie, CARDS.succeeds, 'BASIC', 'YEAR')).json()) as CheckoutAnswer;
    expect(body.checkout).toMatchObject({ state: 'succeeded', trial: true, amountCents: 0 });
    expect(body.subscription).toMatchObject({ type: 'TRIAL', planLevel: 'BASIC', planTerm: 'YEAR' });
    expect(body.subscription.trialEndsAt).toBeGreaterThan(Date.now() + 6.9 * 86_400_000);
    expect(body.subscription.faxNumber?.number).toBe(held.number);
    expect((await transactionsOf(userId)).map((t) => [t.kind, t.amount_cents])).toEqual([
      ['authorization', 9990],
      ['authorization_release', 9990],
      ['credit_grant', 0],
    ]);
    expect(await userPlanRow(userId)).toMatchObject({ default_credits_send: 150 });
    const email = (await userPlanRow(userId))['email'] as string;
    // The same person, re-signed-up: no second trial.
    await env.DB.prepare('UPDATE users SET email = ? WHERE id = ?').bind(`old-${email}`, userId).run();
    const again = await passwordAccount();
    await env.DB.prepare('UPDATE users SET email = ? WHERE id = ?').bind(email, again.userId).run();
    const second = (await (await checkout(again.cookie, CARDS.succeeds, 'BASIC', 'YEAR')).json()) as CheckoutAnswer;
    expect(second.checkout).toMatchObject({ trial: false, amountCents: 9990 });
  });

  it('gives one account one trial, even after it changed its e-mail and its plan ended', async () => {
    await setOption('trial', { length_in_days: 7, disabled: false });
    await setOption('preAuthType', 'verify');
    const { cookie, userId } = await passwordAccount();
    expect(((await (await checkout(cookie, CARDS.succeeds)).json()) as CheckoutAnswer).checkout.trial).toBe(true);
    await env.DB.prepare("UPDATE users SET email = ?, subscription_type = 'FREE', plan_level = NULL, plan_term = NULL WHERE id = ?")
      .bind(`renamed-${crypto.randomUUID()}@example.com`, userId)
      .run();
    const second = (await (await checkout(cookie, CARDS.succeeds)).json()) as CheckoutAnswer;
    expect(second.checkout).toMatchObject({ trial: false, amountCents: 999 });
  });

  it('checks the card for nothing with preAuthType verify', async () => {
    await setOption('trial', { length_in_days: 14, disabled: { PRO: { MONTH: true } } });
    await setOption('preAuthType', 'verify');
    const { cookie, userId } = await passwordAccount();
    const body = (await (await checkout(cookie, CARDS.succeeds, 'BASIC', 'MONTH')).json()) as CheckoutAnswer;
    expect(body.checkout.trial).toBe(true);
    expect((await transactionsOf(userId)).map((t) => [t.kind, t.amount_cents])).toEqual([
      ['authorization', 0],
      ['credit_grant', 0],
    ]);
    const pro = await passwordAccount();
    const paid = (await (await checkout(pro.cookie, CARDS.succeeds, 'PRO', 'MONTH')).json()) as CheckoutAnswer;
    expect(paid.checkout).toMatchObject({ trial: false, amountCents: 3999 });
  });
});

describe('POST /api/checkout/:id/confirm (the challenge card)', () => {
  it('waits for the challenge, grants nothing, then passes when approved', async () => {
    await disableTrials();
    const { cookie, userId } = await passwordAccount();
    const held = await holdANumber(cookie);
    const first = (await (await checkout(cookie, CARDS.challenge)).json()) as CheckoutAnswer;
    expect(first.checkout.state).toBe('requires_action');
    expect(first.subscription.type).toBe('FREE');
    expect(await numberRow(held.id)).toMatchObject({ state: 'HELD' });
    const response = await confirm(cookie, first.checkout.id, true);
    expect(response.status).toBe(200);
    const done = (await response.json()) as CheckoutAnswer;
    expect(done.checkout).toMatchObject({ id: first.checkout.id, state: 'succeeded' });
    expect(done.subscription).toMatchObject({ type: 'PAID', faxNumber: { number: held.number } });
    expect(await numberRow(held.id)).toMatchObject({ state: 'ASSIGNED', owner_user_id: userId });
    // Answered once: a second answer is refused.
    expect((await confirm(cookie, first.checkout.id, true)).status).toBe(409);
  });

  it('fails with AUTHENTICATION_FAILED when refused, keeping the hold; a new checkout may follow', async () => {
    await disableTrials();
    const { cookie, userId } = await passwordAccount();
    const held = await holdANumber(cookie);
    const first = (await (await checkout(cookie, CARDS.challenge)).json()) as CheckoutAnswer;
    const response = await confirm(cookie, first.checkout.id, false);
    expect(response.status).toBe(402);
    expect(await errorCode(response)).toBe('AUTHENTICATION_FAILED');
    expect(await numberRow(held.id)).toMatchObject({ state: 'HELD', holder_key: `user:${userId}` });
    expect((await checkout(cookie, CARDS.succeeds)).status).toBe(200);
  });

  it('answers 404 for someone else’s checkout or an unknown one, 400 for a bad body', async () => {
    await disableTrials();
    const owner = await passwordAccount();
    const first = (await (await checkout(owner.cookie, CARDS.challenge)).json()) as CheckoutAnswer;
    const other = await passwordAccount();
    expect((await confirm(other.cookie, first.checkout.id, true)).status).toBe(404);
    expect((await confirm(owner.cookie, crypto.randomUUID(), true)).status).toBe(404);
    expect(
      (await call(`/api/checkout/${first.checkout.id}/confirm`, { method: 'POST', cookie: owner.cookie, body: { approve: 'yes' } })).status,
    ).toBe(400);
    expect((await call(`/api/checkout/${first.checkout.id}/confirm`, { method: 'POST', body: { approve: true } })).status).toBe(401);
  });
});

describe('POST /api/checkout: refusals', () => {
  it('answers 400 INVALID_CARD for a number that fails Luhn or a malformed card, 400 for an unknown plan', async () => {
    const { cookie } = await passwordAccount();
    const notLuhn = await checkout(cookie, CARDS.notLuhn);
    expect(notLuhn.status).toBe(400);
    expect(await errorCode(notLuhn)).toBe('INVALID_CARD');
    const letters = await call('/api/checkout', {
      method: 'POST',
      cookie,
      body: { plan: 'BASIC', term: 'MONTH', card: { ...card(CARDS.succeeds), number: 'abcd' } },
    });
    expect(await errorCode(letters)).toBe('INVALID_CARD');
    expect((await checkout(cookie, CARDS.succeeds, 'GOLD')).status).toBe(400);
  });

  it('answers 401 without a session and 403 from another site', async () => {
    expect((await checkout('')).status).toBe(401);
    const { cookie } = await passwordAccount();
    const response = await call('/api/checkout', {
      method: 'POST',
      cookie,
      body: { plan: 'BASIC', term: 'MONTH', card: card(CARDS.succeeds) },
      headers: { origin: 'https://evil.example' },
    });
    expect(response.status).toBe(403);
  });

  it('answers 409 ALREADY_SUBSCRIBED to a paying user', async () => {
    await disableTrials();
    const { cookie } = await passwordAccount();
    expect((await checkout(cookie)).status).toBe(200);
    const again = await checkout(cookie);
    expect(again.status).toBe(409);
    expect(await errorCode(again)).toBe('ALREADY_SUBSCRIBED');
  });

  it('charges once when two checkouts race', async () => {
    await disableTrials();
    const { cookie, userId } = await passwordAccount();
    const answers = await Promise.all([checkout(cookie), checkout(cookie), checkout(cookie)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const charges = (await transactionsOf(userId)).filter((t) => t.kind === 'charge');
    expect(charges).toHaveLength(1);
  });
});
