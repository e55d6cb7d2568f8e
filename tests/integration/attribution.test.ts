import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../worker/app';
import { readConfig } from '../../worker/env';
import { ORIGIN } from '../support/client';

// Marketing attribution on the server (spec §3, §4, §7): what GET /api/attribution tells a page
// about its visitor.

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
