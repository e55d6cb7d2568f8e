import { describe, expect, it } from 'vitest';
import {
  type Attribution,
  type AttributionAnswer,
  fromAttributionAnswer,
  landingTouch,
  needsFreshAttribution,
  nextAttribution,
  toAttributionRecord,
} from '../../src/common/attribution';

// The browser's attribution rule (spec §3, §4): what each page load does to the stored record.

const NOW = new Date('2025-06-30T12:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;
const ago = (days: number): string => new Date(NOW.getTime() - days * DAY).toISOString();

const ANSWER: AttributionAnswer = {
  browser: 'Chrome',
  browserVersion: '126.0.0.0',
  os: 'Windows',
  osVersion: 'NT 10.0',
  userAgent: 'Mozilla/5.0 (Windows NT 10.0) Chrome/126.0.0.0',
  geo: { countryCode: 'US', stateCode: 'CA', city: 'San Francisco' },
};
const FROM_ANSWER: Attribution = {
  browser: { name: 'Chrome', version: '126.0.0.0' },
  device: { os: 'Windows', version: 'NT 10.0' },
  geo: 'US',
  state: 'CA',
  city: 'San Francisco',
  userAgent: 'Mozilla/5.0 (Windows NT 10.0) Chrome/126.0.0.0',
};
const OLD_DEVICE: Attribution = {
  browser: { name: 'Firefox', version: '100.0' },
  device: { os: 'Linux' },
  geo: 'DE',
  state: null,
  city: 'Berlin',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:100.0) Firefox/100.0',
};

describe('landingTouch', () => {
  it.each<[string, string, string, Attribution | null]>([
    [
      'every landing parameter',
      '?s=adwords&c=spring&v=b&guid=g-1&gclid=abc',
      '',
      { source: 'adwords', campaign: 'spring', variation: 'b', guid: 'g-1', gclid: 'abc' },
    ],
    ['some of them', '?s=newsletter&c=june', '', { source: 'newsletter', campaign: 'june' }],
    ['none', '?plan=basic', '', null],
    ['no query at all', '', '', null],
    ['empty and blank values', '?s=&c=%20%20&v=b', '', { variation: 'b' }],
    ['a Google referrer without gclid', '', 'https://www.google.com/', { source: 'google-organic' }],
    ['a Google referrer of another country', '', 'https://www.google.co.uk/search?q=fax', { source: 'google-organic' }],
    [
      'a Google referrer over an s parameter',
      '?s=newsletter&c=june',
      'https://www.google.com/',
      { source: 'google-organic', campaign: 'june' },
    ],
    ['a Google referrer with a gclid (an ad)', '?s=adwords&gclid=abc', 'https://www.google.com/', { source: 'adwords', gclid: 'abc' }],
    ['a referrer that says google only in its path', '', 'https://bing.com/search?q=google', null],
    ['another site', '', 'https://news.example/', null],
    ['a referrer that is no address', '', 'not a url', null],
  ])('reads %s', (_label, search, referrer, touch) => {
    expect(landingTouch(search, referrer)).toEqual(touch);
  });

  it('clips a value to what the record holds', () => {
    expect(landingTouch(`?s=${'s'.repeat(150)}&gclid=${'g'.repeat(400)}`, '')).toEqual({ source: 's'.repeat(100), gclid: 'g'.repeat(300) });
  });
});

describe('needsFreshAttribution', () => {
  it.each<[string, Attribution | null, boolean]>([
    ['no record', null, true],
    ['a record without lastActive', { source: 'x' }, true],
    ['a lastActive that is no time', { lastActive: 'yesterday' }, true],
    ['a record 31 days old', { lastActive: ago(31) }, true],
    ['a record 30 days and a minute old', { lastActive: new Date(NOW.getTime() - 30 * DAY - 60_000).toISOString() }, true],
    ['a record exactly 30 days old', { lastActive: ago(30) }, false],
    ['a record one day old', { lastActive: ago(1) }, false],
    ['a record from a clock ahead of ours', { lastActive: ago(-1) }, false],
  ])('is %s → %s', (_label, stored, expected) => {
    expect(needsFreshAttribution(stored, NOW)).toBe(expected);
  });
});

describe('fromAttributionAnswer', () => {
  it('maps the server answer onto the record', () => {
    expect(fromAttributionAnswer(ANSWER)).toEqual(FROM_ANSWER);
  });

  it('keeps a null state (spec §3: the state code or null) and leaves other nulls undefined', () => {
    const unknown: AttributionAnswer = {
      browser: null,
      browserVersion: null,
      os: null,
      osVersion: null,
      userAgent: null,
      geo: { countryCode: null, stateCode: null, city: null },
    };
    const record = fromAttributionAnswer(unknown);
    expect(record.state).toBeNull();
    expect(record.geo).toBeUndefined();
    expect(record.userAgent).toBeUndefined();
  });
});

describe('nextAttribution', () => {
  const visit = (stored: Attribution | null, fresh: AttributionAnswer | null, search = '', referrer = '') =>
    nextAttribution({ stored, search, referrer, now: NOW, fresh });

  it.each<[string, Attribution | null, AttributionAnswer | null, string, string, Attribution]>([
    [
      'a first visit from an ad: the touch, the server fields, both times now',
      null,
      ANSWER,
      '?s=adwords&c=spring&v=b&guid=g-1&gclid=abc',
      '',
      {
        source: 'adwords',
        campaign: 'spring',
        variation: 'b',
        guid: 'g-1',
        gclid: 'abc',
        ...FROM_ANSWER,
        firstActive: NOW.toISOString(),
        lastActive: NOW.toISOString(),
      },
    ],
    [
      'a first visit from a Google search',
      null,
      ANSWER,
      '',
      'https://www.google.com/',
      { source: 'google-organic', ...FROM_ANSWER, firstActive: NOW.toISOString(), lastActive: NOW.toISOString() },
    ],
    [
      'a record 31 days old: refreshed, the first firstActive and the touch kept',
      { source: 'adwords', campaign: 'spring', ...OLD_DEVICE, firstActive: ago(90), lastActive: ago(31) },
      ANSWER,
      '',
      '',
      { source: 'adwords', campaign: 'spring', ...FROM_ANSWER, firstActive: ago(90), lastActive: NOW.toISOString() },
    ],
    [
      'a record one day old: only lastActive changes',
      { source: 'adwords', campaign: 'spring', ...OLD_DEVICE, firstActive: ago(10), lastActive: ago(1) },
      null,
      '',
      '',
      { source: 'adwords', campaign: 'spring', ...OLD_DEVICE, firstActive: ago(10), lastActive: NOW.toISOString() },
    ],
    [
      'a record one day old, arriving from a new ad: the new touch replaces the old one whole',
      { source: 'adwords', campaign: 'spring', variation: 'a', gclid: 'old', ...OLD_DEVICE, firstActive: ago(10), lastActive: ago(1) },
      null,
      '?s=newsletter',
      '',
      { source: 'newsletter', ...OLD_DEVICE, firstActive: ago(10), lastActive: NOW.toISOString() },
    ],
    [
      'a first visit whose server answer failed: lastActive stays unset, so the next load asks again',
      null,
      null,
      '?s=adwords',
      '',
      { source: 'adwords', firstActive: NOW.toISOString() },
    ],
    [
      'a record 31 days old whose server answer failed: lastActive stays old',
      { source: 'adwords', ...OLD_DEVICE, firstActive: ago(90), lastActive: ago(31) },
      null,
      '',
      '',
      { source: 'adwords', ...OLD_DEVICE, firstActive: ago(90), lastActive: ago(31) },
    ],
    [
      'a record without firstActive: it starts now',
      { source: 'adwords', lastActive: ago(1) },
      null,
      '',
      '',
      { source: 'adwords', firstActive: NOW.toISOString(), lastActive: NOW.toISOString() },
    ],
  ])('%s', (_label, stored, fresh, search, referrer, expected) => {
    expect(visit(stored, fresh, search, referrer)).toEqual(expected);
  });

  it('drops undefined fields, nested ones and objects left empty included', () => {
    const partial: AttributionAnswer = {
      ...ANSWER,
      browserVersion: null,
      os: null,
      osVersion: null,
      geo: { countryCode: 'US', stateCode: null, city: null },
    };
    const record = visit(null, partial, '?s=adwords&c=');
    expect(record).toEqual({
      source: 'adwords',
      browser: { name: 'Chrome' },
      geo: 'US',
      state: null,
      userAgent: ANSWER.userAgent,
      firstActive: NOW.toISOString(),
      lastActive: NOW.toISOString(),
    });
    const keys = (value: object): string[] =>
      Object.entries(value).flatMap(([k, v]) => (v && typeof v === 'object' ? [k, ...keys(v)] : [k]));
    expect(keys(record)).not.toContain('campaign');
    expect(keys(record)).not.toContain('device');
    expect(keys(record)).not.toContain('version');
    expect(JSON.parse(JSON.stringify(record))).toEqual(record);
  });
});

describe('toAttributionRecord', () => {
  it.each<[string, unknown, Attribution | null]>([
    ['a record', { source: 'a', state: null, browser: { name: 'Chrome' } }, { source: 'a', state: null, browser: { name: 'Chrome' } }],
    [
      'unknown fields',
      { source: 'a', isAdmin: true, browser: { name: 'Chrome', engine: 'Blink' } },
      { source: 'a', browser: { name: 'Chrome' } },
    ],
    ['fields of the wrong kind', { source: 5, browser: 'Chrome', device: { os: 7 }, state: 3, lastActive: 1 }, {}],
    ['a list', [1, 2], null],
    ['text', 'google', null],
    ['null', null, null],
  ])('reads %s', (_label, raw, record) => {
    expect(toAttributionRecord(raw)).toEqual(record);
  });
});
