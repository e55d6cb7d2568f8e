import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { FaxNumberView, NumberHoldView } from '../../src/common/numbers';
import { call, errorCode, GOOD_PASSWORD, sessionCookieFrom, uniqueEmail } from '../support/client';

type HoldAnswer = { hold: NumberHoldView | null };

function visitorCookieFrom(response: Response): string | null {
  return (
    response.headers
      .getSetCookie()
      .find((c) => c.startsWith('fax_visitor='))
      ?.split(';')[0] ?? null
  );
}

async function freeNumbers(areaCode: string): Promise<FaxNumberView[]> {
  const response = await call(`/api/numbers?areaCode=${areaCode}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { numbers: FaxNumberView[] }).numbers;
}

async function reserve(numberId: string, cookie: string | null = null): Promise<Response> {
  return call(`/api/reserveTempNumber?numberId=${numberId}`, { cookie });
}

async function currentHold(cookie: string | null): Promise<NumberHoldView | null> {
  return ((await (await call('/api/getTempNumberReservation', { cookie })).json()) as HoldAnswer).hold;
}

describe('GET /api/numbers', () => {
  it('lists free numbers of an area code, shown as (xxx) xxx-xxxx', async () => {
    const numbers = await freeNumbers('212');
    expect(numbers.length).toBeGreaterThan(10);
    expect(numbers[0]).toMatchObject({ areaCode: '212', city: 'New York', region: 'NY' });
    expect(numbers[0]!.display).toMatch(/^\(212\) 555-01\d\d$/);
    expect(numbers[0]!.number).toMatch(/^\+1212555\d{4}$/);
  });

  it('searches by city, whatever its case', async () => {
    const response = await call('/api/numbers?city=san%20francisco');
    const { numbers } = (await response.json()) as { numbers: FaxNumberView[] };
    expect(numbers.length).toBeGreaterThan(0);
    expect(numbers.every((n) => n.areaCode === '415')).toBe(true);
  });

  it.each([['12'], ['abc'], ['012']])('answers 400 for the area code %j', async (areaCode) => {
    expect((await call(`/api/numbers?areaCode=${areaCode}`)).status).toBe(400);
  });
});

describe('GET /api/numberAreas', () => {
  it('lists every area code of the pool with its count of free numbers, and counts a hold out', async () => {
    type Area = { areaCode: string; city: string; region: string; free: number };
    const areasNow = async (): Promise<Area[]> => ((await (await call('/api/numberAreas')).json()) as { areas: Area[] }).areas;
    const before = await areasNow();
    expect(before.map((a) => a.areaCode).sort()).toEqual(['206', '212', '305', '312', '404', '415', '512', '617']);
    expect(before.find((a) => a.areaCode === '212')).toEqual({ areaCode: '212', city: 'New York', region: 'NY', free: 40 });
    const [number] = await freeNumbers('212');
    await reserve(number!.id);
    expect((await areasNow()).find((a) => a.areaCode === '212')!.free).toBe(39);
  });
});

describe('holds', () => {
  it('lets a signed-out visitor hold a number, known again by its visitor cookie', async () => {
    const [number] = await freeNumbers('312');
    const response = await reserve(number!.id);
    expect(response.status).toBe(200);
    const visitor = visitorCookieFrom(response);
    expect(visitor).not.toBeNull();
    const { hold } = (await response.json()) as HoldAnswer;
    expect(hold).toMatchObject({ id: number!.id, display: number!.display });
    expect(hold!.expiresAt).toBeGreaterThan(Date.now() + 14 * 60_000);
    expect(await currentHold(visitor)).toMatchObject({ id: number!.id });
    expect(await currentHold(null)).toBeNull();
    expect((await freeNumbers('312')).some((n) => n.id === number!.id)).toBe(false);
  });

  it('never gives a held number to someone else, and answers 409 NUMBER_TAKEN', async () => {
    const [number] = await freeNumbers('305');
    const first = await reserve(number!.id);
    expect(first.status).toBe(200);
    const second = await reserve(number!.id);
    expect(second.status).toBe(409);
    expect(await errorCode(second)).toBe('NUMBER_TAKEN');
  });

  it('keeps one hold per person: holding another number lets go of the first', async () => {
    const [a, b] = await freeNumbers('206');
    const visitor = visitorCookieFrom(await reserve(a!.id));
    expect((await reserve(b!.id, visitor)).status).toBe(200);
    expect(await currentHold(visitor)).toMatchObject({ id: b!.id });
    expect((await freeNumbers('206')).some((n) => n.id === a!.id)).toBe(true);
  });

  // Found by the model-based test of holds (model-number-holds.test.ts): the refused hold let go of the first.
  it('keeps the hold a person has when their hold on a number someone else holds is refused', async () => {
    const [mine, theirs] = await freeNumbers('206');
    const me = visitorCookieFrom(await reserve(mine!.id));
    expect((await reserve(theirs!.id)).status).toBe(200);
    const refused = await reserve(theirs!.id, me);
    expect(refused.status).toBe(409);
    expect(await errorCode(refused)).toBe('NUMBER_TAKEN');
    expect(await currentHold(me)).toMatchObject({ id: mine!.id });
  });

  it('returns an expired hold to the pool', async () => {
    const [number] = await freeNumbers('512');
    const visitor = visitorCookieFrom(await reserve(number!.id));
    await env.DB.prepare('UPDATE fax_numbers SET hold_expires_at = ? WHERE id = ?')
      .bind(Date.now() - 1, number!.id)
      .run();
    expect(await currentHold(visitor)).toBeNull();
    expect((await freeNumbers('512')).some((n) => n.id === number!.id)).toBe(true);
    expect((await reserve(number!.id)).status).toBe(200);
  });

  it('releases a hold', async () => {
    const [number] = await freeNumbers('617');
    const visitor = visitorCookieFrom(await reserve(number!.id));
    const released = await call('/api/releaseTempNumberReservation', { cookie: visitor });
    expect(released.status).toBe(200);
    expect(await currentHold(visitor)).toBeNull();
    expect((await freeNumbers('617')).some((n) => n.id === number!.id)).toBe(true);
  });

  it('keeps a hold made signed out through sign-up', async () => {
    const [number] = await freeNumbers('404');
    const visitor = visitorCookieFrom(await reserve(number!.id));
    const signup = await call('/api/signup', {
      method: 'POST',
      cookie: visitor,
      body: { email: uniqueEmail('holder'), password: GOOD_PASSWORD },
    });
    expect(signup.status).toBe(201);
    const session = sessionCookieFrom(signup);
    expect(await currentHold(session)).toMatchObject({ id: number!.id });
    expect(await currentHold(visitor)).toBeNull();
  });

  it('answers 404 for a number that does not exist and 400 for a malformed id', async () => {
    expect((await reserve('no-such-number')).status).toBe(404);
    expect((await reserve('../x')).status).toBe(400);
    expect((await call('/api/reserveTempNumber')).status).toBe(400);
  });

  it('places, renews and releases only from this site (403 otherwise)', async () => {
    const [number] = await freeNumbers('415');
    const foreign: Array<Record<string, string>> = [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }];
    for (const headers of foreign) {
      expect((await call(`/api/reserveTempNumber?numberId=${number!.id}`, { headers })).status).toBe(403);
      expect((await call(`/api/getTempNumberReservation?numberId=${number!.id}`, { headers })).status).toBe(403);
      expect((await call('/api/releaseTempNumberReservation', { headers })).status).toBe(403);
    }
    expect((await freeNumbers('415')).some((n) => n.id === number!.id)).toBe(true);
  });

  // 100 rounds here keep the suite quick; `npm run bench` runs the same race 1,000 times (tests/bench/hold-race.mjs).
  it('gives a number to exactly one of two people holding it at the same moment, 100 times over', async () => {
    const numbers = await env.DB.prepare("SELECT id FROM fax_numbers WHERE area_code = '212' ORDER BY id").all<{ id: string }>();
    let rounds = 0;
    for (let round = 0; round < 100; round++) {
      const id = numbers.results[round % numbers.results.length]!.id;
      await env.DB.prepare("UPDATE fax_numbers SET state = 'AVAILABLE', holder_key = NULL, hold_expires_at = NULL WHERE id = ?")
        .bind(id)
        .run();
      const answers = await Promise.all([reserve(id), reserve(id)]);
      const statuses = answers.map((r) => r.status).sort();
      expect(statuses).toEqual([200, 409]);
      rounds++;
    }
    expect(rounds).toBe(100);
  }, 60_000);
});
