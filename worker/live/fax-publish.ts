import { getDb } from '../db/client';
import { readFaxTotals } from '../db/queries/fax-counts';
import { findFaxById } from '../db/queries/faxes';
import type { FaxRow } from '../db/schema';
import { toFaxView } from '../views/faxes';
import { publishToUser } from './publish';

/**
 * Tells the owner's open pages that a fax changed, with the fax as it is now in D1: events that
 * race each other still leave every page showing the latest row.
 */
export async function publishFaxUpdate(env: Env, faxId: string): Promise<void> {
  const row = await findFaxById(getDb(env), faxId);
  if (row) await publishFaxRow(env, row);
}

/**
 * Pushes a fax row the caller has just read, with the user's fax figures read after it: a page
 * applies both as they come and never reads the server for them (it does after a reconnect).
 */
export async function publishFaxRow(env: Env, row: FaxRow): Promise<void> {
  const at = Date.now();
  const totals = await readFaxTotals(getDb(env), row.userId);
  if (!totals) return; // the account is gone: nobody to tell
  await publishToUser(env, row.userId, { type: 'fax.updated', at, fax: toFaxView(row), totals });
}
