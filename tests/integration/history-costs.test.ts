import { runInDurableObject } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type FaxSearch, NO_FAX_SEARCH, toFaxSearch } from '../../src/common/fax-search';
import type { FaxDirection, SendFaxResult } from '../../src/common/faxes';
import { readFaxCounters, readFaxTotals, recountFaxCounters } from '../../worker/db/store/fax-counters';
import type { FaxPosition } from '../../worker/db/store/faxes';
import { storeFaxes } from '../../worker/db/store/schema';
import type { UserHub } from '../../worker/user-store/user-hub';
import { call } from '../support/client';
import { storedDocument } from '../support/documents';
import { type HistoryFax, historyFax, seedHistory } from '../support/fax-history';
import { setSendCredits, waitForFaxDone } from '../support/faxes';
import { type Receiver, receiver } from '../support/receive';
import { faxList, senderWithCredits, sendFax } from '../support/send-fax';
import { storeSql, userStoreStub } from '../support/user-store';
import { waitFor } from '../support/wait';

// What a history page costs the user's store (decision 027): every statement the object
// runs for a page, with the rows SQLite reports reading for it (the Durable Object SQL cursor's
// rowsRead, with the values bound as the product binds them), at the first page, page 100 and the
// last page of a 10,000-fax history; and the counts, kept as counters, equal to a recount of the
// rows after the changes the product makes.

interface Statement {
  sql: string;
  rowsRead: number;
}

/**
 * Runs `work` inside the user's object and answers it with every statement it ran. The object's
 * own `listFaxes` is called, so the statements are exactly the ones drizzle makes for the route.
 */
/** The phonebook lookups the measured calls made (the names shown beside the numbers). */
const namesLookups: Statement[] = [];

async function measured<T>(userId: string, work: (hub: UserHub) => T | Promise<T>): Promise<{ result: T; statements: Statement[] }> {
  const stub = userStoreStub(userId);
  await stub.faxTotals(userId); // ready: the one-time copy out of D1 has run and runs no more
  return runInDurableObject(stub, async (hub, state) => {
    const sql = state.storage.sql;
    const exec = sql.exec;
    const cursors: Array<{ sql: string; cursor: SqlStorageCursor<Record<string, SqlStorageValue>> }> = [];
    sql.exec = ((query: string, ...bindings: unknown[]) => {
      const cursor = exec.call(sql, query, ...bindings);
      cursors.push({ sql: query, cursor });
      return cursor;
    }) as typeof sql.exec;
    try {
      const result = await work(hub);
      // rowsRead is what the statement read, however much of its answer was taken. The phonebook's
      // names for the page's numbers are one lookup by the unique number index, checked on its own
      // below; here only the history's statements are compared.
      const all = cursors.map(({ sql: text, cursor }) => ({ sql: text, rowsRead: cursor.rowsRead }));
      namesLookups.push(...all.filter((s) => s.sql.includes('from "contacts"')));
      return { result, statements: all.filter((s) => !s.sql.includes('from "contacts"')) };
    } finally {
      sql.exec = exec;
    }
  });
}

/** One page as the route asks for it: the page size and one more, to know whether a next page exists. */
function page(userId: string, direction: FaxDirection, after: FaxPosition | null, search: FaxSearch = NO_FAX_SEARCH) {
  const limit = after ? 21 : 31;
  return measured(userId, (hub) => hub.listFaxes(userId, direction, after, limit, search));
}

const rowsRead = (statements: Statement[]) => statements.reduce((sum, s) => sum + s.rowsRead, 0);

/** Where page `n` (1-based) of a list of these faxes begins: after the last fax of page n - 1. */
function positionBefore(faxes: HistoryFax[], n: number): FaxPosition | null {
  if (n === 1) return null;
  const newestFirst = [...faxes].sort((a, b) => b.start - a.start || (b.id < a.id ? -1 : 1));
  const last = newestFirst[30 + (n - 2) * 20 - 1]!;
  return { start: last.start, id: last.id };
}

// 9,990 sent faxes fill 1 + 498 pages exactly, so the last page is as full as page 100; with the
// 10 received ones, the user has 10,000 faxes.
const SENT = 9_990;
const LAST_PAGE = 1 + (SENT - 30) / 20;

describe('history pages at 10,000 faxes', () => {
  it('the first page, page 100 and the last page run the same statements and read the same rows', async () => {
    const user = await senderWithCredits(0);
    const sent = Array.from({ length: SENT }, (_, i) => historyFax(i, { remoteNumber: `+1212555${String(i % 400).padStart(4, '0')}` }));
    const received = Array.from({ length: 10 }, (_, i) => historyFax(SENT + i, { direction: 'RECEIVE' }));
    await seedHistory(user.userId, [...sent, ...received]);

    const first = await page(user.userId, 'SEND', null);
    const hundredth = await page(user.userId, 'SEND', positionBefore(sent, 100));
    const last = await page(user.userId, 'SEND', positionBefore(sent, LAST_PAGE));
    expect(first.result.faxes).toHaveLength(31);
    expect(hundredth.result.faxes).toHaveLength(21);
    expect(last.result.faxes).toHaveLength(20);
    for (const { result } of [first, hundredth, last]) expect(result.total).toBe(SENT);

    // The same two statements each time: the page, and the counters for its total.
    const shapes = (statements: Statement[]) => statements.map((s) => s.sql.replace(/\(\?, \?\) < \(\?, \?\)/, 'KEYSET'));
    expect(first.statements).toHaveLength(2);
    expect(shapes(hundredth.statements)).toEqual(shapes(last.statements));
    expect(hundredth.statements.map((s) => s.sql)).toEqual(last.statements.map((s) => s.sql));
    // Page 100 and the last page read exactly as many rows; the first, 10 more rows for its 10 more faxes.
    expect(rowsRead(hundredth.statements)).toBe(rowsRead(last.statements));
    expect(rowsRead(first.statements)).toBe(rowsRead(hundredth.statements) + 10 - 1);
    // A page reads its own rows, one to look past it, and the counters' row: never the history before it.
    expect(rowsRead(last.statements)).toBeLessThanOrEqual(21 + 2);
    // The names beside the numbers: one lookup per page, reading no more than the page's numbers.
    expect(namesLookups.length).toBeGreaterThan(0);
    for (const lookup of namesLookups) expect(lookup.rowsRead).toBeLessThanOrEqual(31);
  });

  it('a search costs the same at any depth too; only its count grows with the faxes it finds', async () => {
    const user = await senderWithCredits(0);
    const sent = Array.from({ length: SENT }, (_, i) =>
      historyFax(i, { remoteNumber: `+1212555${String(i % 40).padStart(4, '0')}`, status: i % 10 === 0 ? 'FAILED' : 'DELIVERED' }),
    );
    await seedHistory(user.userId, sent);
    const found = sent.filter((fax) => fax.status === 'FAILED');
    const search = toFaxSearch({ status: 'failed' });
    const pages = 1 + Math.ceil((found.length - 30) / 20);
    const first = await page(user.userId, 'SEND', null, search);
    const deep = await page(user.userId, 'SEND', positionBefore(found, pages), search);
    expect(pages).toBeGreaterThan(10);
    expect(first.result.total).toBe(found.length);
    for (const { statements, result } of [first, deep]) {
      // The page, sought on faxes_status_idx: its rows and one to look past, at any depth.
      const [pageRead, countRead] = statements;
      expect(statements).toHaveLength(2);
      expect(pageRead!.rowsRead).toBeLessThanOrEqual(3 * (result.faxes.length + 2));
      // The count reads the index entries of the faxes found, not the history.
      expect(countRead!.sql).toContain('count(');
      expect(countRead!.rowsRead).toBeLessThanOrEqual(found.length + 1);
    }
    expect(first.statements[1]!.rowsRead).toBe(deep.statements[1]!.rowsRead);
  });

  it('a whole number is one row of the numbers, with its total, then its own range of the index at any depth', async () => {
    const user = await senderWithCredits(0);
    const sent = Array.from({ length: SENT }, (_, i) => historyFax(i, { remoteNumber: `+1212555${String(i % 40).padStart(4, '0')}` }));
    await seedHistory(user.userId, sent);
    const found = sent.filter((fax) => fax.remoteNumber === '+12125550011');
    const search = toFaxSearch({ number: '(212) 555-0011' });
    const first = await page(user.userId, 'SEND', null, search);
    const last = await page(user.userId, 'SEND', positionBefore(found, 1 + Math.ceil((found.length - 30) / 20)), search);
    expect(first.result.total).toBe(found.length);
    expect(last.result.total).toBe(found.length);
    for (const { statements, result } of [first, last]) {
      // The number's row of remote_numbers holds its total: nothing counts the faxes.
      const [numbers, pageRead] = statements;
      expect(statements).toHaveLength(2);
      expect(numbers!.sql).toContain('"remote_numbers"');
      expect(numbers!.rowsRead).toBeLessThanOrEqual(1);
      expect(pageRead!.rowsRead).toBeLessThanOrEqual(3 * (result.faxes.length + 2));
    }
  });

  it('part of a number looks through the distinct numbers once; their faxes are the total, and a page reads what they hold', async () => {
    const user = await senderWithCredits(0);
    const sent = Array.from({ length: SENT }, (_, i) => historyFax(i, { remoteNumber: `+1212555${String(i % 40).padStart(4, '0')}` }));
    await seedHistory(user.userId, sent);
    // 555001 is in 555-0010 to 555-0019: 10 of the 40 numbers, about 250 faxes each.
    const found = sent.filter((fax) => fax.remoteNumber!.includes('555001'));
    const search = toFaxSearch({ number: '555001' });
    const first = await page(user.userId, 'SEND', null, search);
    const last = await page(user.userId, 'SEND', positionBefore(found, 1 + Math.ceil((found.length - 30) / 20)), search);
    expect(first.result.total).toBe(found.length);
    expect(last.result.total).toBe(found.length);
    for (const { statements } of [first, last]) {
      // The 40 numbers' own rows (remote_numbers), whatever the faxes; then one statement for the
      // page: the 10 numbers' index entries (before the cursor) and the page's own rows.
      const [numbers, pageRead] = statements;
      expect(statements).toHaveLength(2);
      expect(numbers!.sql).toContain('"remote_numbers"');
      expect(numbers!.rowsRead).toBeLessThanOrEqual(40);
      expect(pageRead!.rowsRead).toBeLessThanOrEqual(found.length + 2 * 31);
    }
    // In all: what the numbers hold and a few rows more, never the other 7,500 faxes.
    expect(rowsRead(first.statements)).toBeLessThan(found.length + 100);
  });

  it('numbers with many faxes each are sought one by one: a page reads no more rows at the end than at page 100', async () => {
    const user = await senderWithCredits(0);
    // 4 numbers holding 555001, about 2,500 faxes each: more than one statement reads cheaply.
    const sent = Array.from({ length: SENT }, (_, i) => historyFax(i, { remoteNumber: `+1212555001${i % 4}` }));
    await seedHistory(user.userId, sent);
    const search = toFaxSearch({ number: '555001' });
    const first = await page(user.userId, 'SEND', null, search);
    const hundredth = await page(user.userId, 'SEND', positionBefore(sent, 100), search);
    const last = await page(user.userId, 'SEND', positionBefore(sent, LAST_PAGE), search);
    for (const { result } of [first, hundredth, last]) expect(result.total).toBe(SENT);
    expect(last.result.faxes).toHaveLength(20);
    for (const { statements } of [first, hundredth, last]) {
      // The numbers; each number's page of positions, at most a page and one more of its index;
      // then the page's own rows by id (an id costs its index entry and the row).
      const [numbers, ...rest] = statements;
      expect(numbers!.rowsRead).toBeLessThanOrEqual(4);
      expect(rest).toHaveLength(5);
      for (const one of rest.slice(0, -1)) expect(one.rowsRead).toBeLessThanOrEqual(31 + 1);
      expect(rest.at(-1)!.rowsRead).toBeLessThanOrEqual(2 * 31);
    }
    // The last page reads fewer: the numbers' index ends before a page more of each.
    expect(rowsRead(last.statements)).toBeLessThanOrEqual(rowsRead(hundredth.statements));
  });

  it('the counts read the counters, not the history: the same rows at 10,000 faxes as at none', async () => {
    const empty = await senderWithCredits(0);
    const full = await senderWithCredits(0);
    await seedHistory(full.userId, [
      ...Array.from({ length: 5_000 }, (_, i) => historyFax(i)),
      ...Array.from({ length: 5_000 }, (_, i) => historyFax(5_000 + i, { direction: 'RECEIVE', read: i % 2 === 0 })),
    ]);
    const none = await measured(empty.userId, (hub) => readFaxTotals(hub.store));
    const many = await measured(full.userId, (hub) => readFaxTotals(hub.store));
    expect(many.result.counts).toEqual({ unreadReceived: 2_500, received: 5_000, sent: 5_000, scheduled: 0 });
    expect(many.statements.map((s) => s.sql)).toEqual(none.statements.map((s) => s.sql));
    expect(rowsRead(many.statements)).toBe(rowsRead(none.statements));
    // Two counter rows, and the scheduled count's one answer row from the partial index of
    // scheduled faxes (none here; it reads as many entries as faxes wait, never the history).
    expect(rowsRead(many.statements)).toBeLessThanOrEqual(3);
    // The inbox's unread list takes its total from the same counters.
    const unread = await page(full.userId, 'RECEIVE', null, toFaxSearch({ unread: 'true' }));
    expect(unread.result.total).toBe(2_500);
    expect(unread.statements[1]!.rowsRead).toBeLessThanOrEqual(1);
  });
});

describe('the counters through real changes', () => {
  it('equal a recount of the rows after sends delivered and failed, faxes received, read and unread again', async () => {
    const a = await receiver(10);
    const b = await receiver(10);
    await setSendCredits(a.userId, 20, 0);
    await setSendCredits(b.userId, 20, 0);
    const send = async (from: Receiver, toNumber: string): Promise<string> => {
      const fileId = await storedDocument(from.userId, 1);
      const response = await sendFax(from.cookie, { toNumber, fileId, pageCount: 1 });
      expect(response.status).toBe(201);
      return ((await response.json()) as SendFaxResult).faxId;
    };
    const sends = [
      await send(a, b.number),
      await send(a, b.number),
      await send(a, '(212) 555-0003'), // not a fax machine: failed and refunded
      await send(a, '(312) 555-0190'),
      await send(b, a.number),
      await send(b, '(212) 555-0004'), // refused as invalid
    ];
    for (const faxId of sends) await waitForFaxDone(faxId);
    const arrived = (user: Receiver, n: number) =>
      waitFor(
        async () => {
          const rows = await storeSql<{ id: string }>(
            user.userId,
            "SELECT id FROM faxes WHERE direction = 'RECEIVE' AND status = 'RECEIVED'",
          );
          return rows.length === n ? rows.map((row) => row.id) : null;
        },
        { what: `${n} faxes received` },
      );
    const [first, second] = await arrived(b, 2);
    const [toA] = await arrived(a, 1);
    const setRead = async (user: Receiver, faxId: string, status: 'read' | 'unread') => {
      const response = await call('/api/setFaxReadStatus', { method: 'POST', cookie: user.cookie, body: { faxId, status } });
      expect(response.status).toBe(200);
    };
    await setRead(b, first!, 'read');
    await setRead(b, second!, 'read');
    await setRead(b, first!, 'unread');
    await setRead(a, toA!, 'read');

    for (const user of [a, b]) {
      await runInDurableObject(userStoreStub(user.userId), (hub) => {
        for (const direction of ['SEND', 'RECEIVE'] as const) {
          const { lifetime, ...kept } = readFaxCounters(hub.store, direction);
          expect(kept, direction).toEqual(recountFaxCounters(hub.store, direction));
          expect(lifetime, direction).toBe(hub.store.select().from(storeFaxes).where(eq(storeFaxes.direction, direction)).all().length);
        }
      });
      // Through the API: a total the counters answer equals the one counted from the rows (any date).
      for (const query of ['direction=SEND', 'direction=RECEIVE', 'direction=RECEIVE&unread=true']) {
        const counted = (await faxList(user.cookie, query)).total;
        expect(counted, query).toBe((await faxList(user.cookie, `${query}&from=2000-01-01`)).total);
      }
    }
    expect((await faxList(a.cookie, 'direction=SEND')).total).toBe(4);
    expect((await faxList(a.cookie, 'direction=SEND&status=failed')).total).toBe(1);
    expect((await faxList(b.cookie, 'direction=RECEIVE&unread=true')).total).toBe(1);
    expect((await faxList(a.cookie, 'direction=RECEIVE&unread=true')).total).toBe(0);
  }, 60_000);
});
