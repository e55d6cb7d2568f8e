import { describe, expect, it } from 'vitest';
import type { FaxListPage } from '../../src/common/faxes';
import { call, errorCode } from '../support/client';
import { addContactOk, fillPhonebook } from '../support/contacts';
import { type HistoryFax, historyFax, seedHistory } from '../support/fax-history';
import { faxList, senderWithCredits } from '../support/send-fax';

// History search on GET /api/faxes (decision 027): by number however it is typed, by days in
// the person's time zone, by status and unread, combined; still 30 then 20 a page, the cursor
// carrying on under the same filters, and `total` the number of faxes found, so loading more stops
// exactly there. Another user's faxes are never found.

const NUMBERS = ['+12125550123', '+12125550124', '+13125550123', '+442079460958'];
const SENT_STATUSES = ['DELIVERED', 'DELIVERED', 'FAILED', 'QUEUED', 'DELIVERED', 'SENDING', 'DELIVERED'] as const;
const RECEIVED_STATUSES = ['RECEIVED', 'RECEIVED', 'FAILED', 'RECEIVED', 'RECEIVING'] as const;
const NOV_1 = Date.UTC(2026, 10, 1);
const HOUR = 3_600_000;

/** 140 sent and 90 received faxes, every 5 hours from 1 November (UTC): numbers, statuses and read vary. */
function mixedHistory(): HistoryFax[] {
  const sent = Array.from({ length: 140 }, (_, i) =>
    historyFax(i, {
      remoteNumber: NUMBERS[i % NUMBERS.length]!,
      status: SENT_STATUSES[i % SENT_STATUSES.length]!,
      start: NOV_1 + i * 5 * HOUR,
      trashedAt: i % 23 === 0 ? NOV_1 : null,
    }),
  );
  const received = Array.from({ length: 90 }, (_, i) =>
    historyFax(1000 + i, {
      direction: 'RECEIVE',
      remoteNumber: i % 9 === 0 ? null : NUMBERS[i % NUMBERS.length]!,
      status: RECEIVED_STATUSES[i % RECEIVED_STATUSES.length]!,
      read: i % 3 === 0,
      start: NOV_1 + i * 5 * HOUR + HOUR,
      trashedAt: i % 31 === 0 ? NOV_1 : null,
    }),
  );
  return [...sent, ...received];
}

/**
 * Every page of the list under `query`, following nextCursor: checks 30 then 20 a page, newest
 * first, the same total on every page, and a next page exactly while fewer than the total are loaded.
 */
async function allPages(cookie: string, query: string): Promise<{ ids: string[]; total: number; pages: number }> {
  const ids: string[] = [];
  let page: FaxListPage = await faxList(cookie, query);
  const total = page.total;
  let pages = 1;
  for (;;) {
    expect(page.total, `total on page ${pages}`).toBe(total);
    expect(page.faxes.length).toBe(Math.min(pages === 1 ? 30 : 20, total - ids.length));
    ids.push(...page.faxes.map((fax) => fax.id));
    expect(page.nextCursor !== null, `a next page after ${ids.length} of ${total}`).toBe(ids.length < total);
    if (!page.nextCursor) break;
    page = await faxList(cookie, `${query}&cursor=${page.nextCursor}`);
    pages++;
  }
  return { ids, total, pages };
}

/** The ids a search should find, newest first, worked out from the rows themselves. */
function expected(history: HistoryFax[], direction: 'SEND' | 'RECEIVE', keep: (fax: HistoryFax) => boolean): string[] {
  return history
    .filter((fax) => fax.direction === direction && fax.trashedAt === null && keep(fax))
    .sort((a, b) => b.start - a.start)
    .map((fax) => fax.id);
}

async function userWithMixedHistory(): Promise<{ cookie: string; history: HistoryFax[] }> {
  const user = await senderWithCredits(0);
  const history = mixedHistory();
  await seedHistory(user.userId, history);
  return { cookie: user.cookie, history };
}

describe('GET /api/faxes with filters', () => {
  it('finds a number however it is typed: a whole one exactly, part of one within every number', async () => {
    const { cookie, history } = await userWithMixedHistory();
    const exact = expected(history, 'SEND', (fax) => fax.remoteNumber === '+12125550123');
    for (const typed of ['(212) 555-0123', '212.555.0123', '+1 212 555 0123', '2125550123']) {
      expect((await allPages(cookie, `direction=SEND&number=${encodeURIComponent(typed)}`)).ids, typed).toEqual(exact);
    }
    // 5550123 is in the 212 number and the 312 one, not in 555-0124.
    const partial = await allPages(cookie, 'direction=SEND&number=5550123');
    expect(partial.ids).toEqual(expected(history, 'SEND', (fax) => fax.remoteNumber!.includes('5550123')));
    expect(partial.total).toBeGreaterThan(exact.length);
    const abroad = await allPages(cookie, `direction=RECEIVE&number=${encodeURIComponent('+44 20')}`);
    expect(abroad.ids).toEqual(expected(history, 'RECEIVE', (fax) => fax.remoteNumber?.startsWith('+4420') ?? false));
    // The London number as dialled from abroad with 00, and as dialled in London with its 0.
    const london = expected(history, 'RECEIVE', (fax) => fax.remoteNumber === '+442079460958');
    for (const typed of ['0044 20 7946 0958', '020 7946 0958']) {
      expect((await allPages(cookie, `direction=RECEIVE&number=${encodeURIComponent(typed)}`)).ids, typed).toEqual(london);
    }
    expect((await faxList(cookie, 'direction=SEND&number=9999999')).total).toBe(0);
  });

  it('finds part of a number alike whether the history has few numbers, many holding the digits, or thousands', async () => {
    // 60 numbers hold 555 01: more than are sought one by one. 5,100 numbers in all: a long list to look through.
    for (const [numbers, faxes] of [
      [60, 150],
      [5_100, 5_200],
    ] as const) {
      const user = await senderWithCredits(0);
      const history = Array.from({ length: faxes }, (_, i) =>
        historyFax(i, { remoteNumber: `+1212${String(5550000 + (i % numbers)).padStart(7, '0')}`, status: i % 3 ? 'DELIVERED' : 'FAILED' }),
      );
      await seedHistory(user.userId, history);
      for (const digits of ['55501', '5550012', '55500']) {
        const found = await allPages(user.cookie, `direction=SEND&number=${digits}&status=failed`);
        expect(found.ids, `${digits} among ${numbers} numbers`).toEqual(
          expected(history, 'SEND', (fax) => fax.remoteNumber!.includes(digits) && fax.status === 'FAILED'),
        );
      }
    }
  });

  it('finds sent faxes delivered, failed or on their way, and received ones received, failed, arriving or unread', async () => {
    const { cookie, history } = await userWithMixedHistory();
    const cases: Array<[string, 'SEND' | 'RECEIVE', (fax: HistoryFax) => boolean]> = [
      ['status=delivered', 'SEND', (fax) => fax.status === 'DELIVERED'],
      ['status=failed', 'SEND', (fax) => fax.status === 'FAILED'],
      ['status=sending', 'SEND', (fax) => fax.status === 'QUEUED' || fax.status === 'SENDING'],
      ['status=received', 'RECEIVE', (fax) => fax.status === 'RECEIVED'],
      ['status=failed', 'RECEIVE', (fax) => fax.status === 'FAILED'],
      ['status=receiving', 'RECEIVE', (fax) => fax.status === 'RECEIVING'],
      ['unread=true', 'RECEIVE', (fax) => !fax.read && fax.status !== 'RECEIVING'],
      ['unread=false', 'RECEIVE', () => true],
    ];
    for (const [filter, direction, keep] of cases) {
      const found = await allPages(cookie, `direction=${direction}&${filter}`);
      expect(found.ids, `${direction} ${filter}`).toEqual(expected(history, direction, keep));
    }
  });

  it('finds the days asked for in the time zone given (UTC without one), the last day included', async () => {
    const { cookie, history } = await userWithMixedHistory();
    const between = (from: number, before: number) => (fax: HistoryFax) => fax.start >= from && fax.start < before;
    const utc = await allPages(cookie, 'direction=SEND&from=2026-11-03&to=2026-11-05');
    expect(utc.ids).toEqual(expected(history, 'SEND', between(Date.UTC(2026, 10, 3), Date.UTC(2026, 10, 6))));
    // The same days in New York begin and end 4 hours later (summer time until 1 November, 2 a.m.).
    const newYork = await allPages(cookie, 'direction=SEND&from=2026-11-03&to=2026-11-05&tz=America/New_York');
    expect(newYork.ids).toEqual(expected(history, 'SEND', between(Date.UTC(2026, 10, 3, 5), Date.UTC(2026, 10, 6, 5))));
    expect(newYork.ids).not.toEqual(utc.ids);
    const since = await allPages(cookie, 'direction=RECEIVE&from=2026-11-10');
    expect(since.ids).toEqual(expected(history, 'RECEIVE', (fax) => fax.start >= Date.UTC(2026, 10, 10)));
    const until = await allPages(cookie, 'direction=RECEIVE&to=2026-11-02');
    expect(until.ids).toEqual(expected(history, 'RECEIVE', (fax) => fax.start < Date.UTC(2026, 10, 3)));
  });

  it('combines every filter, and pages through what they find to exactly its total', async () => {
    const { cookie, history } = await userWithMixedHistory();
    const sent = await allPages(cookie, 'direction=SEND&number=5550123&status=delivered&from=2026-11-02&to=2026-12-01');
    expect(sent.ids).toEqual(
      expected(
        history,
        'SEND',
        (fax) => fax.remoteNumber!.includes('5550123') && fax.status === 'DELIVERED' && fax.start >= Date.UTC(2026, 10, 2),
      ),
    );
    expect(sent.total).toBe(sent.ids.length);
    expect(sent.pages).toBeGreaterThan(1);

    const received = await allPages(cookie, `direction=RECEIVE&number=${encodeURIComponent('(212) 555-0124')}&unread=true&status=received`);
    expect(received.ids).toEqual(
      expected(history, 'RECEIVE', (fax) => fax.remoteNumber === '+12125550124' && !fax.read && fax.status === 'RECEIVED'),
    );

    // Without filters the list is the whole history outside the trash, as before.
    const all = await allPages(cookie, 'direction=SEND');
    expect(all.ids).toEqual(expected(history, 'SEND', () => true));
    expect(all.pages).toBe(Math.ceil((all.total - 30) / 20) + 1);
  });

  it('ends a filtered list at the total when it fills its last page exactly', async () => {
    const user = await senderWithCredits(0);
    // 50 failed faxes among delivered ones: 30 + 20, and no third page.
    const history = Array.from({ length: 120 }, (_, i) => historyFax(i, { status: i % 2 === 0 && i < 100 ? 'FAILED' : 'DELIVERED' }));
    await seedHistory(user.userId, history);
    const found = await allPages(user.cookie, 'direction=SEND&status=failed');
    expect(found).toMatchObject({ total: 50, pages: 2 });
  });

  it('never finds another user’s faxes, whatever the filters', async () => {
    const { cookie } = await userWithMixedHistory();
    const other = await userWithMixedHistory();
    const mine = new Set((await allPages(cookie, 'direction=SEND')).ids);
    for (const query of ['number=5550123', 'status=failed', 'from=2026-11-01&to=2026-12-31', 'number=2125550123&status=delivered']) {
      const found = await allPages(other.cookie, `direction=SEND&${query}`);
      expect(found.total).toBeGreaterThan(0);
      expect(
        found.ids.filter((id) => mine.has(id)),
        query,
      ).toEqual([]);
    }
  });

  it("finds a contact's faxes by the contact's name, with the other filters, and nothing for a name no contact has", async () => {
    const { cookie, history } = await userWithMixedHistory();
    await addContactOk(cookie, { name: 'Grace Hopper', faxNumber: '(212) 555-0123' });
    await addContactOk(cookie, { name: 'Ada Lovelace', faxNumber: NUMBERS[1]! });
    const graces = expected(history, 'SEND', (fax) => fax.remoteNumber === '+12125550123');
    expect(graces.length).toBeGreaterThan(0);
    const byName = await allPages(cookie, 'direction=SEND&name=grace');
    expect(byName.ids).toEqual(graces);
    expect(byName.total).toBe(graces.length);
    const delivered = await allPages(cookie, 'direction=SEND&name=Grace%20Hopper&status=delivered');
    expect(delivered.ids).toEqual(expected(history, 'SEND', (fax) => fax.remoteNumber === '+12125550123' && fax.status === 'DELIVERED'));
    expect(await faxList(cookie, 'direction=SEND&name=Turing')).toEqual({ faxes: [], nextCursor: null, total: 0 });
    // Every list shows the phonebook's name beside a number it has, and none beside one it has not.
    const listed = (await faxList(cookie, 'direction=SEND')).faxes;
    for (const fax of listed) {
      const name = fax.remoteNumber === '+12125550123' ? 'Grace Hopper' : fax.remoteNumber === NUMBERS[1] ? 'Ada Lovelace' : null;
      expect(fax.contactName, fax.remoteNumber ?? '').toBe(name);
    }
  });

  it('finds the faxes of a name hundreds of contacts share, whatever the number of their numbers', async () => {
    const user = await senderWithCredits(0);
    // 150 contacts "Filler 0" to "Filler 149" at +1 212 555-2000 to 2149; faxes to 100 of them and to others.
    await fillPhonebook(user.userId, 150, 2000);
    const history = Array.from({ length: 240 }, (_, i) =>
      historyFax(i, {
        remoteNumber: i % 12 === 0 ? '+13125550190' : `+1212555${2000 + (i % 100)}`,
        status: i % 5 === 0 ? 'FAILED' : 'DELIVERED',
        start: NOV_1 + i * HOUR,
      }),
    );
    await seedHistory(user.userId, history);
    const fillers = (fax: HistoryFax) => fax.remoteNumber !== '+13125550190';
    const all = await allPages(user.cookie, 'direction=SEND&name=filler');
    expect(all.ids).toEqual(expected(history, 'SEND', fillers));
    const failed = await allPages(user.cookie, 'direction=SEND&name=filler&status=failed');
    expect(failed.ids).toEqual(expected(history, 'SEND', (fax) => fillers(fax) && fax.status === 'FAILED'));
    // Thirty of them, sought number by number.
    const some = await allPages(user.cookie, 'direction=SEND&name=filler&number=55520');
    expect(some.ids).toEqual(expected(history, 'SEND', (fax) => fillers(fax) && fax.remoteNumber!.includes('55520')));
  });

  it.each([
    ['direction=SEND&number=Grace', 'number'],
    [`direction=SEND&number=${'1'.repeat(41)}`, 'number'],
    [`direction=SEND&name=${'x'.repeat(101)}`, 'name'],
    ['direction=SEND&status=received', 'status'],
    ['direction=RECEIVE&status=delivered', 'status'],
    ['direction=SEND&unread=true', 'unread'],
    ['direction=SEND&from=2026-02-30', 'from'],
    ['direction=SEND&to=tomorrow', 'to'],
    ['direction=SEND&from=2026-11-02&to=2026-11-01', 'to'],
    ['direction=SEND&tz=Nowhere/Else', 'tz'],
  ])('answers 400 INVALID_INPUT naming the field for ?%s', async (query, field) => {
    const user = await senderWithCredits(0);
    const response = await call(`/api/faxes?${query}`, { cookie: user.cookie });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('INVALID_INPUT');
    expect(body.error.message).toContain(field);
  });

  it('answers 401 without a session', async () => {
    const response = await call('/api/faxes?direction=SEND&status=failed');
    expect(response.status).toBe(401);
    expect(await errorCode(response)).toBe('UNAUTHENTICATED');
  });
});
