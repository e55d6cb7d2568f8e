import { describe, expect, it } from 'vitest';
import { faxListQuerySchema } from '../../src/common/fax-queries';
import { dayStart, faxMatchesSearch, isCalendarDay, NO_FAX_SEARCH, nextDay, toFaxSearch } from '../../src/common/fax-search';
import type { FaxView } from '../../src/common/faxes';

// What each history filter means (decision 027), as the page and the server both apply it.

describe('dayStart', () => {
  it.each([
    ['2026-11-20', 'UTC', Date.UTC(2026, 10, 20)],
    // New York: on winter time (UTC-5), on summer time (UTC-4), and the days the clocks change
    // (at 2 a.m., so midnight keeps the offset of the day before).
    ['2026-01-15', 'America/New_York', Date.UTC(2026, 0, 15, 5)],
    ['2026-07-15', 'America/New_York', Date.UTC(2026, 6, 15, 4)],
    ['2026-03-08', 'America/New_York', Date.UTC(2026, 2, 8, 5)],
    ['2026-03-09', 'America/New_York', Date.UTC(2026, 2, 9, 4)],
    ['2026-11-01', 'America/New_York', Date.UTC(2026, 10, 1, 4)],
    ['2026-11-02', 'America/New_York', Date.UTC(2026, 10, 2, 5)],
    // Half-hour offsets, and ahead of UTC: the day starts the evening before in UTC.
    ['2026-01-01', 'Asia/Kolkata', Date.UTC(2025, 11, 31, 18, 30)],
    ['2026-06-01', 'Pacific/Auckland', Date.UTC(2026, 4, 31, 12)],
    // Santiago skips midnight when summer time begins: the day starts when the clocks jump to 1 a.m.
    ['2026-09-06', 'America/Santiago', Date.UTC(2026, 8, 6, 4)],
  ])('%s in %s starts at %d', (day, zone, instant) => {
    expect(dayStart(day, zone)).toBe(instant);
  });

  it('makes whole days: each ends where the next begins, 23 to 25 hours long', () => {
    for (const zone of ['UTC', 'America/New_York', 'Europe/London', 'Australia/Sydney', 'America/Santiago']) {
      let day = '2026-01-01';
      for (let i = 0; i < 366; i++) {
        const hours = (dayStart(nextDay(day), zone) - dayStart(day, zone)) / 3_600_000;
        expect([23, 24, 25], `${day} in ${zone}`).toContain(hours);
        day = nextDay(day);
      }
    }
  });
});

describe('isCalendarDay and nextDay', () => {
  it.each([
    ['2026-02-28', true],
    ['2028-02-29', true],
    ['2026-02-29', false],
    ['2026-13-01', false],
    ['2026-1-01', false],
    ['yesterday', false],
  ])('%s is a day: %s', (text, expected) => {
    expect(isCalendarDay(text)).toBe(expected);
  });

  it('goes over months and years', () => {
    expect(nextDay('2026-02-28')).toBe('2026-03-01');
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
  });
});

describe('toFaxSearch', () => {
  it('resolves numbers, statuses and days (the last day included) in the given zone', () => {
    expect(
      toFaxSearch({ number: '(212) 555-0123', status: 'sending', from: '2026-11-01', to: '2026-11-30', tz: 'America/New_York' }),
    ).toEqual({
      ...NO_FAX_SEARCH,
      number: { kind: 'exact', e164: '+12125550123' },
      statuses: ['QUEUED', 'SENDING'],
      startFrom: Date.UTC(2026, 10, 1, 4),
      startBefore: Date.UTC(2026, 11, 1, 5),
    });
    expect(toFaxSearch({ number: '5550123', name: ' Grace ', unread: 'true', from: '2026-11-20' })).toEqual({
      ...NO_FAX_SEARCH,
      number: { kind: 'digits', digits: '5550123' },
      contactName: 'Grace',
      unread: true,
      startFrom: Date.UTC(2026, 10, 20),
    });
    expect(toFaxSearch({})).toEqual(NO_FAX_SEARCH);
  });
});

describe('faxMatchesSearch', () => {
  const fax: FaxView = {
    id: 'f',
    direction: 'RECEIVE',
    status: 'RECEIVED',
    remoteNumber: '+12125550123',
    remoteDisplay: '(212) 555-0123',
    contactName: null,
    localNumber: null,
    pageCount: 1,
    pagesSent: 1,
    fileName: null,
    hasCoverPage: false,
    anonymous: false,
    attempt: 0,
    maxAttempts: 4,
    nextAttemptAt: null,
    failureReason: null,
    creditsCharged: 1,
    creditsRefunded: 0,
    start: Date.UTC(2026, 10, 20, 12),
    updated: Date.UTC(2026, 10, 20, 12),
    completed: null,
    read: false,
    trashedAt: null,
    sendAt: null,
    broadcastId: null,
    partial: false,
    uncoveredPages: 0,
  };

  it.each([
    [{}, true],
    [{ number: '212 555 0123' }, true],
    [{ number: '(212) 555-0124' }, false],
    [{ number: '5550123' }, true],
    [{ number: '5550124' }, false],
    [{ status: 'received' as const }, true],
    [{ status: 'receiving' as const }, false],
    [{ unread: 'true' as const }, true],
    [{ from: '2026-11-20', to: '2026-11-20' }, true],
    [{ from: '2026-11-21' }, false],
    [{ to: '2026-11-19' }, false],
    // 12:00 UTC is already the 21st in Auckland.
    [{ to: '2026-11-20', tz: 'Pacific/Auckland' }, false],
    [{ number: '5550123', status: 'received' as const, unread: 'true' as const, from: '2026-11-01', to: '2026-11-30' }, true],
    [{ number: '5550123', status: 'failed' as const }, false],
    // A contact name is the phonebook's to answer, on the server; another filter that fails still says no.
    [{ name: 'Grace' }, null],
    [{ name: 'Grace', number: '5550124' }, false],
  ])('%j → %s', (query, expected) => {
    expect(faxMatchesSearch(fax, toFaxSearch(query))).toBe(expected);
  });

  it('finds no number in a fax whose caller was withheld, and an unread filter never finds one still arriving', () => {
    expect(faxMatchesSearch({ ...fax, remoteNumber: null }, toFaxSearch({ number: '1' }))).toBe(false);
    expect(faxMatchesSearch({ ...fax, status: 'RECEIVING' }, toFaxSearch({ unread: 'true' }))).toBe(false);
    expect(faxMatchesSearch({ ...fax, read: true }, toFaxSearch({ unread: 'true' }))).toBe(false);
  });
});

describe('the list query', () => {
  const parse = (query: Record<string, string>) => faxListQuerySchema.safeParse(query);
  const failedField = (query: Record<string, string>) => {
    const result = parse(query);
    return result.success ? null : result.error.issues[0]?.path.join('.');
  };

  it('takes every filter together', () => {
    const query = {
      direction: 'RECEIVE',
      number: '5550123',
      name: 'Grace',
      status: 'failed',
      unread: 'true',
      from: '2026-11-01',
      to: '2026-11-01',
      tz: 'Europe/Paris',
    };
    expect(parse(query).success).toBe(true);
  });

  it.each([
    [{ direction: 'SEND', number: 'Grace Hopper' }, 'number'],
    [{ direction: 'SEND', number: '1'.repeat(41) }, 'number'],
    [{ direction: 'SEND', name: 'x'.repeat(101) }, 'name'],
    [{ direction: 'SEND', name: '   ' }, 'name'],
    [{ direction: 'SEND', status: 'received' }, 'status'],
    [{ direction: 'RECEIVE', status: 'delivered' }, 'status'],
    [{ direction: 'SEND', status: 'lost' }, 'status'],
    [{ direction: 'SEND', unread: 'true' }, 'unread'],
    [{ direction: 'RECEIVE', unread: 'yes' }, 'unread'],
    [{ direction: 'SEND', from: '2026-02-30' }, 'from'],
    [{ direction: 'SEND', to: '20/11/2026' }, 'to'],
    [{ direction: 'SEND', from: '2026-11-02', to: '2026-11-01' }, 'to'],
    [{ direction: 'SEND', tz: 'Mars/Olympus_Mons' }, 'tz'],
    [{ direction: 'SEND', tz: 'x'.repeat(65) }, 'tz'],
  ])('%j fails on %s', (query, field) => {
    expect(failedField(query)).toBe(field);
  });
});
