import { getDb } from '../db/client';
import { deleteD1History, listUsersWithD1History } from '../db/queries/d1-history';
import { userHubStub } from '../user-store/stub';

// The one-time move of every user's fax history out of D1 into their own store (decision 023,
// step 4 of its move). A user's first call copies it too; this step reaches the users who make none,
// so D1 is emptied of history whoever signs in. Each run copies a bounded amount and resumes.

/** Users handled per run, and pages of faxes copied per user per run (40 faxes a page). */
const USERS_PER_RUN = 50;
const PAGES_PER_USER = 25;

/** Copies the next part of some users' D1 history; answers how many users' history left D1. */
export async function moveHistoriesToStores(env: Env, usersPerRun = USERS_PER_RUN): Promise<number> {
  const db = getDb(env);
  let moved = 0;
  for (const userId of await listUsersWithD1History(db, usersPerRun)) {
    const complete = await userHubStub(env, userId).copyHistoryFromD1(userId, PAGES_PER_USER);
    // Only once the store holds every fax and the balance: a copy cut short resumes from D1.
    if (!complete) continue;
    await deleteD1History(db, userId);
    moved++;
  }
  return moved;
}
