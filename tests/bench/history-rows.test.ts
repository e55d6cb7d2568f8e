import { runInDurableObject } from 'cloudflare:test';
import { it } from 'vitest';
import { type FaxFilterQuery, toFaxSearch } from '../../src/common/fax-search';
import type { FaxPosition } from '../../worker/db/store/faxes';
import type { UserHub } from '../../worker/user-store/user-hub';
import { historyFax, seedHistory } from '../support/fax-history';
import { senderWithCredits } from '../support/send-fax';
import { userStoreStub } from '../support/user-store';
import { benchFax, benchSearches, HISTORY, lastPageStartsAfter } from './history-shape.mjs';

// The rows-read half of tests/bench/history-search.mjs (npm run bench): a 100,000-fax history in a
// user's own store, and the rows SQLite reports reading (the Durable Object SQL cursor's rowsRead,
// values bound as the product binds them) for each statement the object's listFaxes runs: page 1,
// the last page, and the first page of each search. Prints one HISTORY_ROWS line of JSON; never fails on a figure.

const NEWEST = Date.UTC(2026, 10, 1);

/** Rows read by each statement, in the order run (the numbers walked, the page, the total), and the page's rows. */
type Figures = { statements: Array<{ what: string; rowsRead: number }>; rows: number };

/** What a statement of listFaxes is for, from its text. */
function purpose(text: string): string {
  if (text.includes('"remote_numbers"')) return 'numbers';
  if (text.includes('count(')) return 'total';
  if (text.includes('fax_counters')) return 'counters';
  return 'page';
}

async function rowsOf(userId: string, after: FaxPosition | null, query: FaxFilterQuery = {}): Promise<Figures> {
  const stub = userStoreStub(userId);
  return runInDurableObject(stub, async (hub: UserHub, state) => {
    const sql = state.storage.sql;
    const exec = sql.exec;
    const cursors: Array<{ text: string; cursor: SqlStorageCursor<Record<string, SqlStorageValue>> }> = [];
    sql.exec = ((text: string, ...bindings: unknown[]) => {
      const cursor = exec.call(sql, text, ...bindings);
      cursors.push({ text, cursor });
      return cursor;
    }) as typeof sql.exec;
    try {
      const { faxes: rows } = await hub.listFaxes(userId, 'SEND', after, after ? 21 : 31, toFaxSearch(query));
      return { statements: cursors.map(({ text, cursor }) => ({ what: purpose(text), rowsRead: cursor.rowsRead })), rows: rows.length };
    } finally {
      sql.exec = exec;
    }
  });
}

it(`counts the rows a history of ${HISTORY} faxes reads`, { timeout: 300_000 }, async () => {
  const user = await senderWithCredits(0);
  const faxes = Array.from({ length: HISTORY }, (_, i) => {
    const fax = benchFax(i, NEWEST);
    return historyFax(i, fax);
  });
  await seedHistory(user.userId, faxes);
  await userStoreStub(user.userId).faxTotals(user.userId);

  const last = faxes[lastPageStartsAfter(HISTORY)]!;
  const figures: Record<string, Figures> = {
    'page 1': await rowsOf(user.userId, null),
    'last page': await rowsOf(user.userId, { start: last.start, id: last.id }),
  };
  for (const { label, query } of benchSearches(NEWEST)) figures[label] = await rowsOf(user.userId, null, query as FaxFilterQuery);
  console.log(`HISTORY_ROWS ${JSON.stringify(figures)}`);
});
