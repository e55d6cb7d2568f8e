import { getDb } from '../db/client';
import { findFaxOwner } from '../db/queries/fax-owners';
import type { UserFaxRow } from '../db/store/schema';
import { userStore } from '../user-store/stub';

// A user's faxes live in their own store, in their UserHub Durable Object (decision 023); these
// find one from outside, with its owner attached, the shape every fax feature works on.

/** The user's fax, or null when they have none by that id (someone else's answers the same). */
export async function findFaxOf(env: Env, userId: string, faxId: string): Promise<UserFaxRow | null> {
  const row = await userStore(env, userId).findFax(faxId);
  return row ? { ...row, userId } : null;
}

/**
 * A sent fax found by its id alone (a queue message or a carrier's news): the owner from D1's
 * fax_owners unless the caller knows it, then the fax from the owner's store.
 */
export async function findSendFax(env: Env, faxId: string, knownOwner?: string): Promise<UserFaxRow | null> {
  const userId = knownOwner ?? (await findFaxOwner(getDb(env), faxId));
  if (!userId) return null;
  const fax = await findFaxOf(env, userId, faxId);
  return fax?.direction === 'SEND' ? fax : null;
}
