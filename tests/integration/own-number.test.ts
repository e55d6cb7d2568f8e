import { describe, expect, it } from 'vitest';
import type { FaxNumberView } from '../../src/common/numbers';
import { CARDS, checkout, disableTrials, numberRow, subscriptionOf } from '../support/billing';
import { call, errorCode } from '../support/client';
import { passwordAccount } from '../support/db';
import { openLiveFor } from '../support/live';

// A user whose plan is on but who has no number (their hold ran out while they paid, or they paid
// from /upgrade without one) picks a number on /reserveNumber and it is theirs at once.

async function freeNumber(areaCode: string): Promise<FaxNumberView> {
  const { numbers } = (await (await call(`/api/numbers?areaCode=${areaCode}`)).json()) as { numbers: FaxNumberView[] };
  return numbers[Math.floor(Math.random() * numbers.length)]!;
}

async function payingUserWithoutNumber(): Promise<{ cookie: string; userId: string }> {
  await disableTrials();
  const account = await passwordAccount();
  expect((await checkout(account.cookie, CARDS.succeeds)).status).toBe(200);
  expect((await subscriptionOf(account.cookie)).faxNumber).toBeNull();
  return account;
}

describe('a paying user without a number', () => {
  it('takes the number they pick as their own at once, and their open pages are told', async () => {
    const { cookie, userId } = await payingUserWithoutNumber();
    const socket = await openLiveFor(cookie);
    const number = await freeNumber('617');
    const response = await call(`/api/reserveTempNumber?numberId=${number.id}`, { cookie });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ hold: null, owned: number });
    expect(await numberRow(number.id)).toEqual({ state: 'ASSIGNED', holder_key: null, owner_user_id: userId });
    expect((await subscriptionOf(cookie)).faxNumber).toEqual({ number: number.number, display: number.display });
    await socket.waitForEvent(
      (e) => e['type'] === 'number.updated' && (e['number'] as { number: string } | null)?.number === number.number,
    );
  });

  it('takes it through getTempNumberReservation?numberId too', async () => {
    const { cookie, userId } = await payingUserWithoutNumber();
    const number = await freeNumber('206');
    const response = await call(`/api/getTempNumberReservation?numberId=${number.id}`, { cookie });
    expect(response.status).toBe(200);
    expect(await numberRow(number.id)).toMatchObject({ state: 'ASSIGNED', owner_user_id: userId });
  });

  it('cannot take a number someone else holds (409 NUMBER_TAKEN), nor a second one (409 ALREADY_HAS_NUMBER)', async () => {
    const number = await freeNumber('305');
    const visitorHold = await call(`/api/reserveTempNumber?numberId=${number.id}`);
    expect(visitorHold.status).toBe(200);
    const { cookie } = await payingUserWithoutNumber();
    const taken = await call(`/api/reserveTempNumber?numberId=${number.id}`, { cookie });
    expect(taken.status).toBe(409);
    expect(await errorCode(taken)).toBe('NUMBER_TAKEN');
    expect(await numberRow(number.id)).toMatchObject({ state: 'HELD', owner_user_id: null });

    const mine = await freeNumber('305');
    expect((await call(`/api/reserveTempNumber?numberId=${mine.id}`, { cookie })).status).toBe(200);
    const second = await call(`/api/reserveTempNumber?numberId=${(await freeNumber('305')).id}`, { cookie });
    expect(second.status).toBe(409);
    expect(await errorCode(second)).toBe('ALREADY_HAS_NUMBER');
  });

  it('gets exactly one of two numbers picked at the same moment', async () => {
    const { cookie, userId } = await payingUserWithoutNumber();
    const [a, b] = [await freeNumber('404'), await freeNumber('512')];
    const answers = await Promise.all([a, b].map((n) => call(`/api/reserveTempNumber?numberId=${n.id}`, { cookie })));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const rows = await Promise.all([a, b].map((n) => numberRow(n.id)));
    expect(rows.filter((r) => r.owner_user_id === userId)).toHaveLength(1);
  });

  it('a free user still only holds the number', async () => {
    const { cookie, userId } = await passwordAccount();
    const number = await freeNumber('415');
    const response = await call(`/api/reserveTempNumber?numberId=${number.id}`, { cookie });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { hold: { id: string } }).hold.id).toBe(number.id);
    expect(await numberRow(number.id)).toEqual({ state: 'HELD', holder_key: `user:${userId}`, owner_user_id: null });
  });
});

describe('holds by signed-out visitors', () => {
  it('are limited per address, since every new visitor cookie is a new holder', async () => {
    const headers = { 'cf-connecting-ip': '198.51.100.77' };
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const number = await freeNumber('212');
      statuses.push((await call(`/api/reserveTempNumber?numberId=${number.id}`, { headers })).status);
    }
    expect(statuses.slice(0, 30).every((s) => s === 200 || s === 409)).toBe(true);
    expect(statuses[30]).toBe(429);
    // Another address is not held up.
    const number = await freeNumber('212');
    expect((await call(`/api/reserveTempNumber?numberId=${number.id}`, { headers: { 'cf-connecting-ip': '198.51.100.78' } })).status).toBe(
      200,
    );
  });
});
