import { createExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { FaxNumberView, NumberHoldView } from '../../src/common/numbers';
import { createApp } from '../../worker/app';
import { numberInventory } from '../../worker/carrier';
import { createLocalNumberInventory } from '../../worker/carrier/local-numbers';
import { NumberOrderRefused } from '../../worker/carrier/number-inventory';
import { createTelnyxNumberInventory } from '../../worker/carrier/telnyx-numbers';
import { getDb } from '../../worker/db/client';
import { searchFreeNumbers } from '../../worker/db/queries/numbers';
import { insertUser } from '../support/db';

// Where numbers come from: the seeded local pool, and Telnyx's inventory with only api.telnyx.com
// stubbed (answers shaped like Telnyx's API reference); D1 is real throughout.

const ORIGIN = 'http://localhost:8787';
const telnyxEnv = (): Env =>
  ({
    ...env,
    CARRIER: 'telnyx',
    TELNYX_API_KEY: 'KEY0123_test',
    TELNYX_CONNECTION_ID: '1293384261075731499',
    PUBLIC_ORIGIN: 'https://fax.example.com',
  }) as Env;

interface Captured {
  url: URL;
  method: string;
  headers: Headers;
  body: unknown;
}

let sent: Captured[] = [];
let answer: (request: Captured) => Response | Promise<Response> = () => new Response('{}', { status: 500 });

beforeEach(() => {
  sent = [];
  answer = () => new Response('{}', { status: 500 });
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (url.hostname !== 'api.telnyx.com') return realFetch(input, init);
    const text = await request.text();
    const captured = { url, method: request.method, headers: request.headers, body: text ? JSON.parse(text) : null };
    sent.push(captured);
    return answer(captured);
  });
});

/** One entry of `GET /v2/available_phone_numbers` (API reference, "List available phone numbers"). */
function available(phoneNumber: string, options: { state?: string; rateCenter?: string; bestEffort?: boolean; features?: string[] } = {}) {
  return {
    record_type: 'available_phone_number',
    phone_number: phoneNumber,
    vanity_format: '',
    best_effort: options.bestEffort ?? false,
    quickship: false,
    reservable: true,
    region_information: [
      { region_type: 'country_code', region_name: 'US' },
      { region_type: 'state', region_name: options.state ?? 'CO' },
      { region_type: 'rate_center', region_name: options.rateCenter ?? 'DENVER' },
    ],
    cost_information: { upfront_cost: '1.00', monthly_cost: '1.00', currency: 'USD' },
    features: (options.features ?? ['fax', 'voice', 'sms']).map((name) => ({ name })),
  };
}

function availableList(entries: ReturnType<typeof available>[]): Response {
  return Response.json({ data: entries, meta: { total_results: entries.length, best_effort_results: 0 } });
}

/** A fictional (555-01xx) Denver-area number outside the seeded pool, a new one each call. */
let serial = 0;
function freshNumber(areaCode = '720'): string {
  serial += 1;
  return `+1${areaCode}55501${String(serial).padStart(2, '0')}`;
}

async function rowOf(number: string) {
  return env.DB.prepare('SELECT id, state, area_code, city, region, owner_user_id FROM fax_numbers WHERE number = ?').bind(number).first();
}

async function callAs(appEnv: Env, path: string, cookie: string | null = null): Promise<Response> {
  const headers = new Headers({
    origin: ORIGIN,
    'cf-connecting-ip': `10.9.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 1}`,
  });
  if (cookie) headers.set('cookie', cookie);
  return createApp().fetch(new Request(ORIGIN + path, { headers }), appEnv, createExecutionContext());
}

describe('the local pool', () => {
  it('is the default and searches the free numbers of the seeded pool', async () => {
    expect(numberInventory(env).name).toBe('local');
    const candidates = await createLocalNumberInventory(env).searchNumbers({ areaCode: '206', limit: 5 });
    const rows = await searchFreeNumbers(getDb(env), { areaCode: '206' }, Date.now(), 5);
    expect(candidates).toEqual(rows.map(({ number, areaCode, city, region }) => ({ number, areaCode, city, region })));
    expect(candidates).toHaveLength(5);
    expect(candidates[0]).toMatchObject({ areaCode: '206', city: 'Seattle', region: 'WA' });
    const byCity = await createLocalNumberInventory(env).searchNumbers({ city: 'BOSTON', limit: 3 });
    expect(byCity.every((c) => c.areaCode === '617')).toBe(true);
    expect(sent).toEqual([]);
  });

  it('orders a pooled number without leaving D1, and refuses a number not in the pool', async () => {
    const inventory = createLocalNumberInventory(env);
    const [candidate] = await inventory.searchNumbers({ areaCode: '404', limit: 1 });
    const before = await rowOf(candidate!.number);
    expect(await inventory.orderNumber(candidate!.number)).toEqual({ carrierOrderId: `local:${before!.id}` });
    expect(await rowOf(candidate!.number)).toEqual(before);
    await expect(inventory.orderNumber('+19995550100')).rejects.toBeInstanceOf(NumberOrderRefused);
    expect(sent).toEqual([]);
  });

  it('releases an owned number back to the pool', async () => {
    const user = await insertUser();
    const [candidate] = await createLocalNumberInventory(env).searchNumbers({ areaCode: '512', limit: 1 });
    await env.DB.prepare("UPDATE fax_numbers SET state = 'ASSIGNED', owner_user_id = ?, assigned_at = ? WHERE number = ?")
      .bind(user.id, Date.now(), candidate!.number)
      .run();
    await createLocalNumberInventory(env).releaseNumber(candidate!.number);
    expect(await rowOf(candidate!.number)).toMatchObject({ state: 'AVAILABLE', owner_user_id: null });
  });
});

describe("Telnyx's inventory", () => {
  it('is used with CARRIER=telnyx and searches with the documented filters', async () => {
    expect(numberInventory(telnyxEnv()).name).toBe('telnyx');
    answer = () => availableList([]);
    await createTelnyxNumberInventory(telnyxEnv()).searchNumbers({ areaCode: '720', city: 'Denver', limit: 24 });
    expect(sent).toHaveLength(1);
    const [request] = sent;
    expect(request!.method).toBe('GET');
    expect(`${request!.url.origin}${request!.url.pathname}`).toBe('https://api.telnyx.com/v2/available_phone_numbers');
    expect([...request!.url.searchParams]).toEqual([
      ['filter[country_code]', 'US'],
      ['filter[national_destination_code]', '720'],
      ['filter[locality]', 'Denver'],
      ['filter[features][]', 'fax'],
      ['filter[limit]', '24'],
    ]);
    expect(request!.headers.get('authorization')).toBe('Bearer KEY0123_test');
  });

  it('stores exact fax-capable results as AVAILABLE numbers, which GET /api/numbers offers and a hold takes', async () => {
    const [good, inexact, noFax] = [freshNumber(), freshNumber(), freshNumber()];
    answer = () =>
      availableList([available(good), available(inexact, { bestEffort: true }), available(noFax, { features: ['voice', 'sms'] })]);
    const response = await callAs(telnyxEnv(), '/api/numbers?areaCode=720');
    expect(response.status).toBe(200);
    const { numbers } = (await response.json()) as { numbers: FaxNumberView[] };
    expect(numbers.map((n) => n.number)).toEqual([good]);
    expect(numbers[0]).toMatchObject({ id: `telnyx-${good.slice(1)}`, areaCode: '720', city: 'Denver', region: 'CO' });
    expect(await rowOf(good)).toMatchObject({ state: 'AVAILABLE', area_code: '720', city: 'Denver', region: 'CO' });
    expect(await rowOf(inexact)).toBeNull();
    expect(await rowOf(noFax)).toBeNull();

    const hold = await callAs(telnyxEnv(), `/api/reserveTempNumber?numberId=${numbers[0]!.id}`);
    expect(hold.status).toBe(200);
    expect(((await hold.json()) as { hold: NumberHoldView }).hold).toMatchObject({ number: good });

    // Offered again by Telnyx, the held number keeps its hold and is not shown to anyone else.
    const again = await callAs(telnyxEnv(), '/api/numbers?areaCode=720');
    expect(((await again.json()) as { numbers: FaxNumberView[] }).numbers).toEqual([]);
    expect(await rowOf(good)).toMatchObject({ state: 'HELD' });
  });

  it('names the city searched for', async () => {
    const number = freshNumber('303');
    answer = () => availableList([available(number, { rateCenter: 'DENVER ZONE 02' })]);
    const response = await callAs(telnyxEnv(), '/api/numbers?city=denver');
    const { numbers } = (await response.json()) as { numbers: FaxNumberView[] };
    expect(numbers).toEqual([expect.objectContaining({ number, city: 'Denver', areaCode: '303' })]);
  });

  it.each([
    ['a 500', () => Response.json({ errors: [{ code: '10007', title: 'Unexpected error' }] }, { status: 500 })],
    ['a network failure', () => Promise.reject(new TypeError('Network connection lost.'))],
    ['an unknown body', () => Response.json({ nothing: true })],
  ])('falls back to the free numbers already in D1 after %s, with a warning', async (_, failure) => {
    answer = failure;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const response = await callAs(telnyxEnv(), '/api/numbers?areaCode=212');
    expect(response.status).toBe(200);
    const { numbers } = (await response.json()) as { numbers: FaxNumberView[] };
    expect(numbers.length).toBeGreaterThan(10);
    expect(numbers.every((n) => n.areaCode === '212')).toBe(true);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Number search through telnyx failed'), expect.anything());
  });

  it('orders a number on our fax connection', async () => {
    const number = freshNumber();
    answer = () =>
      Response.json({
        data: {
          id: '12ade33a-21c0-473b-b055-b3c836e1c292',
          record_type: 'number_order',
          phone_numbers_count: 1,
          connection_id: '1293384261075731499',
          phone_numbers: [
            {
              id: 'dc8e4d67-33a0-4cbb-af74-7b58f05bd494',
              record_type: 'number_order_phone_number',
              phone_number: number,
              status: 'pending',
            },
          ],
          status: 'pending',
          created_at: '2026-05-05T09:59:12.000000Z',
          updated_at: '2026-05-05T09:59:12.000000Z',
          requirements_met: true,
        },
      });
    expect(await createTelnyxNumberInventory(telnyxEnv()).orderNumber(number)).toEqual({
      carrierOrderId: '12ade33a-21c0-473b-b055-b3c836e1c292',
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url.toString()).toBe('https://api.telnyx.com/v2/number_orders');
    expect(sent[0]!.method).toBe('POST');
    expect(sent[0]!.headers.get('content-type')).toBe('application/json');
    expect(sent[0]!.body).toEqual({ phone_numbers: [{ phone_number: number }], connection_id: '1293384261075731499' });
  });

  it('refuses an order Telnyx answers 422, and throws on an outage', async () => {
    const inventory = createTelnyxNumberInventory(telnyxEnv());
    answer = () =>
      Response.json(
        { errors: [{ code: '10015', title: 'Invalid phone number', detail: 'Number is no longer available' }] },
        { status: 422 },
      );
    await expect(inventory.orderNumber(freshNumber())).rejects.toBeInstanceOf(NumberOrderRefused);
    answer = () => new Response('Service unavailable', { status: 503 });
    const outage = inventory.orderNumber(freshNumber());
    await expect(outage).rejects.toThrow(/HTTP 503/);
    await expect(outage).rejects.not.toBeInstanceOf(NumberOrderRefused);
  });

  it('releases a number: finds its id, DELETEs it and forgets it', async () => {
    const number = freshNumber();
    answer = () => availableList([available(number)]);
    const inventory = createTelnyxNumberInventory(telnyxEnv());
    await inventory.searchNumbers({ areaCode: '720', limit: 24 });
    expect(await rowOf(number)).not.toBeNull();
    sent = [];
    answer = (request) =>
      request.method === 'GET'
        ? Response.json({
            data: [{ id: '1293384261075731499', record_type: 'phone_number', phone_number: number, status: 'active' }],
            meta: { total_results: 1 },
          })
        : Response.json({ data: { id: '1293384261075731499', record_type: 'phone_number', phone_number: number, status: 'deleted' } });
    await inventory.releaseNumber(number);
    expect(sent.map((r) => [r.method, r.url.pathname, r.url.searchParams.get('filter[phone_number]')])).toEqual([
      ['GET', '/v2/phone_numbers', number],
      ['DELETE', '/v2/phone_numbers/1293384261075731499', null],
    ]);
    expect(await rowOf(number)).toBeNull();
  });
});
