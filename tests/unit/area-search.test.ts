import { describe, expect, it } from 'vitest';
import { areaLabel, nearestArea, readAreaQuery } from '../../src/components/numbers/area-search';

// The number picker (decision 040): a typed area code or city, and the visitor's own area from where
// attribution placed them.

const AREAS = [
  { areaCode: '415', city: 'San Francisco', region: 'CA' },
  { areaCode: '212', city: 'New York', region: 'NY' },
  { areaCode: '512', city: 'Austin', region: 'TX' },
  { areaCode: '617', city: 'Boston', region: 'MA' },
];

describe('readAreaQuery', () => {
  it.each([
    ['415', { areaCode: '415' }],
    [' (212) ', { areaCode: '212' }],
    ['415 · San Francisco, CA', { areaCode: '415' }],
    ['999', { areaCode: '999' }],
    ['Boston', { areaCode: '617' }],
    ['boston, ma', { areaCode: '617' }],
    ['san fr', { areaCode: '415' }],
    ['  New   York ', { areaCode: '212' }],
    ['Denver', { city: 'Denver' }],
    ['Denver, CO', { city: 'Denver' }],
    ['', null],
    ['a', null],
    ['12', null],
    ['123', null],
    ['41', null],
  ])('reads %j as %j', (typed, query) => {
    expect(readAreaQuery(typed, AREAS)).toEqual(query);
  });
});

describe('nearestArea', () => {
  it.each([
    [{ city: 'San Francisco', state: 'CA' }, '415'],
    [{ city: 'san francisco', state: null }, '415'],
    [{ city: 'Oakland', state: 'CA' }, '415'],
    [{ city: 'Dallas', state: 'tx' }, '512'],
    [{ city: 'Denver', state: 'CO' }, null],
    [{}, null],
    [{ city: 'Austin', state: 'CA' }, '415'],
  ])('places %j in %s', (place, areaCode) => {
    expect(nearestArea(AREAS, place)?.areaCode ?? null).toBe(areaCode);
  });
});

describe('areaLabel', () => {
  it('names the code, the city and the region, as the suggestions list them', () => {
    expect(areaLabel(AREAS[0]!)).toBe('415 · San Francisco, CA');
  });
});
