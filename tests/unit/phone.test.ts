import { describe, expect, it } from 'vitest';
import { formatPhoneForDisplay, readPhoneNumber, toE164, toNumberSearch } from '../../src/common/phone';

describe('toE164', () => {
  it.each([
    // US numbers as people type them (spec §5: stored as +1 and 10 digits).
    ['2125550123', '+12125550123'],
    ['(212) 555-0123', '+12125550123'],
    ['212-555-0123', '+12125550123'],
    ['212.555.0123', '+12125550123'],
    ['212 555 0123', '+12125550123'],
    ['1 212 555 0123', '+12125550123'],
    ['+1 212 555 0123', '+12125550123'],
    ['+1 (212) 555-0123', '+12125550123'],
    ['+12125550123', '+12125550123'],
    ['(415) 555-2671', '+14155552671'],
    // Other countries with their country code.
    ['+44 20 7946 0958', '+442079460958'],
    ['+33 1 42 68 53 00', '+33142685300'],
    ['+81 3-1234-5678', '+81312345678'],
    ['+49 30 123456', '+4930123456'],
    // The international prefix written out: 00 as most of the world dials it, 011 as the US does,
    // with any separators people put between the digits.
    ['0044 20 7946 0958', '+442079460958'],
    ['00-1-212-555-7777', '+12125557777'],
    ['(00) 44 20 7946 0958', '+442079460958'],
    ['011 44 20 7946 0958', '+442079460958'],
    ['011.33.1.42.68.53.00', '+33142685300'],
    ['+44 (0)20 7946 0958', '+442079460958'],
    ['212/555-0123', '+12125550123'],
  ])('%j → %s', (typed, expected) => {
    expect(toE164(typed)).toBe(expected);
  });

  it.each([
    ['too short', '123'],
    ['an area code that does not exist', '5555555555'],
    ['letters', 'abc'],
    ['empty', ''],
    ['one digit short', '+1 212 555 012'],
    ['a country code and little else', '+44 20'],
    ['far too many digits', '212555012345678'],
    ['a doubled plus', '++1 212 555 0123'],
    ['an extension', '212-555-0123 ext. 12'],
  ])('answers null for %s (%j)', (_label, typed) => {
    expect(toE164(typed)).toBeNull();
  });

  it('always answers + and digits only', () => {
    for (const typed of ['(212) 555-0123', '+44 20 7946 0958', '212.555.0123']) {
      expect(toE164(typed)).toMatch(/^\+\d{8,15}$/);
    }
  });
});

describe('readPhoneNumber', () => {
  it.each(['212-555-0123 ext. 12', '(212) 555-0123 x12', '+1 212 555 0123;ext=12', '+44 20 7946 0958 #3', '212 555 0123 extension 4'])(
    'refuses %j for its extension, which a fax machine cannot dial',
    (typed) => {
      expect(readPhoneNumber(typed)).toEqual({ ok: false, problem: 'EXTENSION' });
    },
  );

  it('says only INVALID of text that is no number, with or without something like an extension', () => {
    expect(readPhoneNumber('555 x12')).toEqual({ ok: false, problem: 'INVALID' });
    expect(readPhoneNumber('hello')).toEqual({ ok: false, problem: 'INVALID' });
  });

  it('is the rule history search reads a whole number with', () => {
    expect(toNumberSearch('00-1-212-555-7777')).toEqual({ kind: 'exact', e164: '+12125557777' });
  });
});

describe('formatPhoneForDisplay', () => {
  it.each([
    ['+12125550123', '(212) 555-0123'],
    ['+14155552671', '(415) 555-2671'],
    ['+18005550199', '(800) 555-0199'],
    ['+442079460958', '+44 20 7946 0958'],
    ['+33142685300', '+33 1 42 68 53 00'],
    ['+81312345678', '+81 3 1234 5678'],
  ])('%s → %s', (e164, shown) => {
    expect(formatPhoneForDisplay(e164)).toBe(shown);
  });

  it('shows what it cannot parse as it is', () => {
    expect(formatPhoneForDisplay('not a number')).toBe('not a number');
  });

  it('round-trips: what it shows for a US number parses back to the same number', () => {
    for (const typed of ['2125550123', '+1 415 555 2671']) {
      const e164 = toE164(typed)!;
      expect(toE164(formatPhoneForDisplay(e164))).toBe(e164);
    }
  });
});

describe('toNumberSearch', () => {
  it.each([
    // A whole number, however it is typed, is one stored number.
    ['(212) 555-0123', { kind: 'exact', e164: '+12125550123' }],
    ['212.555.0123', { kind: 'exact', e164: '+12125550123' }],
    ['+1 212 555 0123', { kind: 'exact', e164: '+12125550123' }],
    ['2125550123', { kind: 'exact', e164: '+12125550123' }],
    ['+44 20 7946 0958', { kind: 'exact', e164: '+442079460958' }],
    ['0044 20 7946 0958', { kind: 'exact', e164: '+442079460958' }],
    ['011 44 20 7946 0958', { kind: 'exact', e164: '+442079460958' }],
    // Dialled inside its country: the leading 0 no stored number holds is dropped.
    ['020 7946 0958', { kind: 'digits', digits: '2079460958' }],
    ['01 42 68 53 00', { kind: 'digits', digits: '142685300' }],
    // Part of one is its digits, found within stored numbers.
    ['5550123', { kind: 'digits', digits: '5550123' }],
    ['555-0123', { kind: 'digits', digits: '5550123' }],
    ['(212) 555', { kind: 'digits', digits: '212555' }],
    ['+44 20', { kind: 'digits', digits: '4420' }],
    ['  0123 ', { kind: 'digits', digits: '0123' }],
  ])('%j → %j', (typed, expected) => {
    expect(toNumberSearch(typed)).toEqual(expected);
  });

  it.each([['Grace Hopper'], ['212 ext 5'], ['+-()'], [''], ['   '], ['1%2'], ['12_3']])('answers null for %j: not a number', (typed) => {
    expect(toNumberSearch(typed)).toBeNull();
  });
});
