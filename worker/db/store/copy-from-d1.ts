import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { faxAttempts, faxEvents, faxes, users } from '../schema';
import { saveAppliedPeriod } from './credit-period';
import { moveCredits, readBalance } from './credits';
import { readFact, writeFact } from './facts';
import { recountFaxCounters, setFaxCounters } from './fax-counters';
import type { FaxPosition } from './faxes';
import type { StoreScope, UserStore } from './open-store';
import { storeFaxAttempts, storeFaxEvents, storeFaxes } from './schema';

// The one-time copy of a user's history out of D1 into their own store (decision 023, step 4
// of its move). Page by page, oldest first, with the position saved in the store after each page, so
// a copy cut short resumes where it stopped; every insert ignores a row already there and the
// balance and counters are set (never added), so running it again changes nothing.

/** Faxes per page: their attempt and event lookups stay under D1's 100 bound parameters. */
export const COPY_PAGE_FAXES = 40;

const PROGRESS_KEY = 'd1-copy';

export interface CopyProgress {
  /** The last fax copied, oldest first; null before the first page. */
  after: FaxPosition | null;
  done: boolean;
}

export function readCopyProgress(store: StoreScope): CopyProgress {
  const value = readFact(store, PROGRESS_KEY);
  return value === null ? { after: null, done: false } : (JSON.parse(value) as CopyProgress);
}

function saveCopyProgress(store: StoreScope, progress: CopyProgress): void {
  writeFact(store, PROGRESS_KEY, JSON.stringify(progress));
}

/** Copies the next page of the user's faxes with their attempts and timeline; answers how many. */
async function copyFaxPage(db: Db, store: UserStore, userId: string, after: FaxPosition | null): Promise<number> {
  const where = eq(faxes.userId, userId);
  const rows = await db
    .select()
    .from(faxes)
    .where(after ? and(where, sql`(${faxes.start}, ${faxes.id}) > (${after.start}, ${after.id})`) : where)
    .orderBy(asc(faxes.start), asc(faxes.id))
    .limit(COPY_PAGE_FAXES);
  if (rows.length === 0) return 0;
  const ids = rows.map((row) => row.id);
  const [attempts, events] = await Promise.all([
    db.select().from(faxAttempts).where(inArray(faxAttempts.faxId, ids)),
    // In timeline order, so the store's insertion order (its tie-break) is D1's.
    db.select().from(faxEvents).where(inArray(faxEvents.faxId, ids)).orderBy(asc(faxEvents.at), asc(sql`rowid`)),
  ]);
  const last = rows.at(-1)!;
  store.transaction((tx) => {
    for (const { userId: _owner, ...fax } of rows) tx.insert(storeFaxes).values(fax).onConflictDoNothing().run();
    for (const attempt of attempts) tx.insert(storeFaxAttempts).values(attempt).onConflictDoNothing().run();
    for (const event of events) tx.insert(storeFaxEvents).values(event).onConflictDoNothing().run();
    saveCopyProgress(tx, { after: { start: last.start, id: last.id }, done: false });
  });
  return rows.length;
}

/** The balance and the counters as D1 has them, set in the store; then the copy is done. */
async function finishCopy(db: Db, store: UserStore, userId: string, now: number): Promise<void> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  store.transaction((tx) => {
    // A copy running beside another (the cron's and a call's) must not set the balance twice: the
    // second time would undo a charge made in between.
    if (readCopyProgress(tx).done) return;
    if (user) {
      const kinds = [
        ['send', user.defaultCreditsSend, user.paidCreditsSend],
        ['receive', user.defaultCreditsReceive, user.paidCreditsReceive],
      ] as const;
      for (const [kind, defaultCredits, paidCredits] of kinds) {
        const held = readBalance(tx, kind);
        const delta = { defaultDelta: defaultCredits - held.defaultCredits, paidDelta: paidCredits - held.paidCredits };
        if (delta.defaultDelta !== 0 || delta.paidDelta !== 0) moveCredits(tx, kind, 'MIGRATED', delta, now);
      }
      setFaxCounters(tx, 'SEND', { ...recountFaxCounters(tx, 'SEND'), lifetime: user.lifetimeSendCount });
      setFaxCounters(tx, 'RECEIVE', { ...recountFaxCounters(tx, 'RECEIVE'), lifetime: user.lifetimeReceiveCount });
      // The balance copied is that of D1's current credit period: the store takes only later ones.
      saveAppliedPeriod(tx, user.creditPeriod);
    }
    const progress = readCopyProgress(tx);
    saveCopyProgress(tx, { after: progress.after, done: true });
  });
}

/**
 * Copies up to `maxPages` pages of the user's D1 history into their store, then, once every fax is
 * there, the balance and counters. Answers whether the copy is complete.
 */
export async function copyHistoryFromD1(db: Db, store: UserStore, userId: string, maxPages: number, now: number): Promise<boolean> {
  let progress = readCopyProgress(store);
  for (let page = 0; !progress.done && page < maxPages; page++) {
    const copied = await copyFaxPage(db, store, userId, progress.after);
    if (copied < COPY_PAGE_FAXES) await finishCopy(db, store, userId, now);
    progress = readCopyProgress(store);
  }
  return progress.done;
}
