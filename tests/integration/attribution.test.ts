import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../worker/app';
import { readConfig } from '../../worker/env';
import { accountRow, setupNewUser } from '../support/account';
import { call, errorCode, ORIGIN } from '../support/client';
import { insertSessionCookie, insertUser } from '../support/db';

// Marketing attribution on the server (spec §3, §4, §7): what GET /api/attribution tells a page
// about its visitor, and the user's first-touch and last-touch records POST
// /api/syncUserAttribution and new-user setup keep.

const CHROME_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const FIREFOX_ON_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0';

/** GET /api/attribution as a page of the site asks it, with no session. */
function getAttribution(headers: Record<string, string> = {}, cf?: Record<string, unknown>): Promise<Response> {
  return exports.default.fetch(new Request(`${ORIGIN}/api/attribution`, { headers, cf } as RequestInit));
}

/** The same request to the Worker configured as in production: no LOCAL_GEO, so request.cf decides. */
async function getAttributionInProduction(cf?: Record<string, unknown>): Promise<Response> {
  const ctx = createExecutionContext();
  const productionLike = { ...env, LOCAL_GEO: undefined } as Env;
  const request = new Request(`${ORIGIN}/api/attribution`, { headers: { 'user-agent': FIREFOX_ON_MAC }, cf } as RequestInit);
  const response = await createApp().fetch(request, productionLike, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

describe('GET /api/attribution', () => {
  it.each([
    [CHROME_ON_WINDOWS, { browser: 'Chrome', browserVersion: '126.0.0.0', os: 'Windows', osVersion: 'NT 10.0' }],
    [SAFARI_ON_IPHONE, { browser: 'Safari', browserVersion: '17.5', os: 'iOS', osVersion: '17.5' }],
    [FIREFOX_ON_MAC, { browser: 'Firefox', browserVersion: '127.0', os: 'macOS', osVersion: '14.5' }],
  ])('names the browser and system of %s, and the local stand-in place, without a session', async (userAgent, named) => {
    const response = await getAttribution({ 'user-agent': userAgent });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({
      ...named,
      userAgent,
      // LOCAL_GEO of the local configuration (scripts/local-env.mjs).
      geo: { countryCode: 'US', stateCode: 'CA', city: 'San Francisco' },
    });
  });

  it('answers nulls for a request without a User-Agent', async () => {
    const body = await (await getAttribution()).json();
    expect(body).toMatchObject({ browser: null, browserVersion: null, os: null, osVersion: null, userAgent: null });
  });

  it('keeps at most 512 characters of a User-Agent, and still answers for a made-up one', async () => {
    const long = `${CHROME_ON_WINDOWS} ${'x'.repeat(5000)}`;
    const body = (await (await getAttribution({ 'user-agent': long })).json()) as { userAgent: string; browser: string };
    expect(body.userAgent).toBe(long.slice(0, 512));
    expect(body.browser).toBe('Chrome');

    const made = (await (await getAttribution({ 'user-agent': 'not a browser at all' })).json()) as { userAgent: string };
    expect(made.userAgent).toBe('not a browser at all');
  });

  it('in production, answers where Cloudflare places the request (request.cf)', async () => {
    const response = await getAttributionInProduction({ country: 'FR', regionCode: 'IDF', city: 'Paris', colo: 'CDG' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      browser: 'Firefox',
      browserVersion: '127.0',
      os: 'macOS',
      osVersion: '14.5',
      userAgent: FIREFOX_ON_MAC,
      geo: { countryCode: 'FR', stateCode: 'IDF', city: 'Paris' },
    });
  });

  it.each([
    ['no request.cf', undefined],
    ['an unknown country (XX) and nothing else', { country: 'XX' }],
  ])('answers a geo of nulls for %s', async (_label, cf) => {
    const body = (await (await getAttributionInProduction(cf)).json()) as { geo: unknown };
    expect(body.geo).toEqual({ countryCode: null, stateCode: null, city: null });
  });

  it('clips what request.cf says to what the attribution record holds', async () => {
    const body = (await (
      await getAttributionInProduction({ country: 'US', regionCode: 'R'.repeat(20), city: 'C'.repeat(300) })
    ).json()) as {
      geo: { stateCode: string; city: string };
    };
    expect(body.geo.stateCode).toHaveLength(10);
    expect(body.geo.city).toHaveLength(100);
  });
});

describe('LOCAL_GEO', () => {
  const withGeo = (value: string | undefined, appEnv = 'development'): Env => ({ ...env, APP_ENV: appEnv, LOCAL_GEO: value }) as Env;

  it.each([
    ['US,CA,San Francisco', { countryCode: 'US', stateCode: 'CA', city: 'San Francisco' }],
    ['GB', { countryCode: 'GB', stateCode: null, city: null }],
    ['DE,,Berlin', { countryCode: 'DE', stateCode: null, city: 'Berlin' }],
  ])('reads %s', (value, geo) => {
    expect(readConfig(withGeo(value)).LOCAL_GEO).toEqual(geo);
  });

  it.each([['us,ca,sf'], ['United States'], ['US,California state,X']])('refuses %s, naming it', (value) => {
    expect(() => readConfig(withGeo(value))).toThrow(/LOCAL_GEO/);
  });

  it('is refused in production, where request.cf tells', () => {
    expect(() => readConfig(withGeo('US,CA,San Francisco', 'production'))).toThrow(/LOCAL_GEO must be unset in production/);
  });
});

/** A new account (setup not run) with a session, straight in D1: cheap, no password hashing. */
async function freshAccount(): Promise<{ userId: string; cookie: string }> {
  const user = await insertUser();
  return { userId: user.id, cookie: await insertSessionCookie(user.id) };
}

function sync(cookie: string | null, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return call('/api/syncUserAttribution', { method: 'POST', cookie, body, headers });
}

/** The stored first-touch and last-touch records of a user, parsed. */
async function touchesOf(userId: string): Promise<{ first: unknown; last: unknown }> {
  const row = await accountRow(userId);
  const parse = (json: string | null): unknown => (json === null ? null : JSON.parse(json));
  return { first: parse(row.attribution), last: parse(row.last_touch_attribution) };
}

const AD_VISIT = {
  source: 'adwords',
  campaign: 'spring',
  variation: 'b',
  guid: 'guid-1',
  gclid: 'gclid-1',
  firstActive: '2025-01-01T10:00:00.000Z',
  lastActive: '2025-01-01T10:00:00.000Z',
  browser: { name: 'Chrome', version: '126.0.0.0' },
  device: { os: 'Windows', version: 'NT 10.0' },
  geo: 'US',
  state: 'CA',
  city: 'San Francisco',
  userAgent: CHROME_ON_WINDOWS,
};
const LATER_VISIT = { ...AD_VISIT, source: 'google-organic', campaign: undefined, lastActive: '2025-03-01T10:00:00.000Z' };
const { campaign: _dropped, ...LATER_VISIT_STORED } = LATER_VISIT;

describe('POST /api/syncUserAttribution', () => {
  it('stores the first record as first and last touch, and answers both', async () => {
    const { userId, cookie } = await freshAccount();
    const response = await sync(cookie, AD_VISIT);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ firstTouch: AD_VISIT, lastTouch: AD_VISIT });
    expect(await touchesOf(userId)).toEqual({ first: AD_VISIT, last: AD_VISIT });
  });

  it('keeps the first touch and replaces the last touch on every later sync', async () => {
    const { userId, cookie } = await freshAccount();
    await sync(cookie, AD_VISIT);
    const response = await sync(cookie, LATER_VISIT);
    expect(await response.json()).toEqual({ firstTouch: AD_VISIT, lastTouch: LATER_VISIT_STORED });
    const latest = { ...LATER_VISIT_STORED, lastActive: '2025-04-01T10:00:00.000Z' };
    await sync(cookie, latest);
    expect(await touchesOf(userId)).toEqual({ first: AD_VISIT, last: latest });
  });

  it('touches only the signed-in user', async () => {
    const me = await freshAccount();
    const other = await freshAccount();
    await sync(other.cookie, LATER_VISIT);
    await sync(me.cookie, AD_VISIT);
    expect(await touchesOf(other.userId)).toEqual({ first: LATER_VISIT_STORED, last: LATER_VISIT_STORED });
  });

  it('drops fields that are not part of the record, and trims values', async () => {
    const { userId, cookie } = await freshAccount();
    await sync(cookie, { source: '  newsletter ', isAdmin: true, browser: { name: 'Chrome', engine: 'Blink' } });
    expect((await touchesOf(userId)).last).toEqual({ source: 'newsletter', browser: { name: 'Chrome' } });
  });

  it.each([
    ['a source over 100 characters', { source: 's'.repeat(101) }],
    ['a campaign over 200 characters', { campaign: 'c'.repeat(201) }],
    ['a gclid over 300 characters', { gclid: 'g'.repeat(301) }],
    ['a userAgent over 512 characters', { userAgent: 'u'.repeat(513) }],
    ['a lastActive that is no timestamp', { lastActive: 'yesterday' }],
    ['a browser that is text', { browser: 'Chrome' }],
    ['a body that is a list', [AD_VISIT]],
    ['a body that is JSON null', null],
  ])('answers 400 INVALID_INPUT for %s, and stores nothing', async (_label, body) => {
    const { userId, cookie } = await freshAccount();
    const response = await sync(cookie, JSON.stringify(body));
    expect(response.status).toBe(400);
    expect(await errorCode(response)).toBe('INVALID_INPUT');
    expect(await touchesOf(userId)).toEqual({ first: null, last: null });
  });

  it('answers 400 MALFORMED_BODY for a body that is not JSON', async () => {
    const { cookie } = await freshAccount();
    const response = await sync(cookie, '{"source": ');
    expect(response.status).toBe(400);
    expect(await errorCode(response)).toBe('MALFORMED_BODY');
  });

  it('answers 401 UNAUTHENTICATED without a session, or with one that is not valid', async () => {
    for (const cookie of [null, 'fax_session=not-a-session']) {
      const response = await sync(cookie, AD_VISIT);
      expect(response.status).toBe(401);
      expect(await errorCode(response)).toBe('UNAUTHENTICATED');
    }
  });

  it('answers 403 CROSS_ORIGIN to another site, and stores nothing', async () => {
    const { userId, cookie } = await freshAccount();
    const response = await sync(cookie, AD_VISIT, { origin: 'https://evil.example' });
    expect(response.status).toBe(403);
    expect(await errorCode(response)).toBe('CROSS_ORIGIN');
    expect(await touchesOf(userId)).toEqual({ first: null, last: null });
  });
});

describe('new-user setup and the attribution', () => {
  it('stores the record it receives as first and last touch', async () => {
    const { userId, cookie } = await freshAccount();
    expect((await setupNewUser(cookie, { attribution: AD_VISIT })).status).toBe(200);
    expect(await touchesOf(userId)).toEqual({ first: AD_VISIT, last: AD_VISIT });
  });

  it('keeps a first touch a sync stored before it ran', async () => {
    const { userId, cookie } = await freshAccount();
    await sync(cookie, AD_VISIT);
    await setupNewUser(cookie, { attribution: LATER_VISIT });
    expect(await touchesOf(userId)).toEqual({ first: AD_VISIT, last: LATER_VISIT_STORED });
  });

  it('without a record, keeps what a sync stored', async () => {
    const { userId, cookie } = await freshAccount();
    await sync(cookie, AD_VISIT);
    await setupNewUser(cookie, { attribution: null });
    expect(await touchesOf(userId)).toEqual({ first: AD_VISIT, last: AD_VISIT });
  });

  it('is followed by syncs that move only the last touch', async () => {
    const { userId, cookie } = await freshAccount();
    await setupNewUser(cookie, { attribution: AD_VISIT });
    await sync(cookie, LATER_VISIT);
    expect(await touchesOf(userId)).toEqual({ first: AD_VISIT, last: LATER_VISIT_STORED });
  });
});
