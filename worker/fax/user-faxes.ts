import { faxIdOwner, isLegacyFaxId } from '../crypto/fax-id';
import { getDb } from '../db/client';
import { findFaxOwner } from '../db/queries/fax-owners';
import type { UserFaxRow } from '../db/store/schema';
import { readConfig } from '../env';
import { userStore } from '../user-store/stub';

// A user's faxes live in their own store, in their UserHub Durable Object (decision 023); these
// find one from outside, with its owner attached, the shape every fax feature works on. A fax's id
// names that store (decision 042), so no global table is asked, save for ids made before.

/**
 * Whose store holds the fax: read from the id itself when it is one of ours, from D1's frozen
 * fax_owners for an id made before decision 042, null for anything else (forged, re-pointed).
 */
export async function findFaxOwnerOf(env: Env, faxId: string): Promise<string | null> {
  const owner = await faxIdOwner(readConfig(env).FAX_ID_SECRET, faxId);
  if (owner) return owner;
  return isLegacyFaxId(faxId) ? findFaxOwner(getDb(env), faxId) : null;
}

/**
 * Whether the id may be one of the user's faxes: an old id may (the store says), a new one only
 * when its MAC holds and it names this user. Anything else is refused before any store is touched.
 */
export async function mayBeFaxOf(env: Env, userId: string, faxId: string): Promise<boolean> {
  if (isLegacyFaxId(faxId)) return true;
  return (await faxIdOwner(readConfig(env).FAX_ID_SECRET, faxId)) === userId;
}

/** The user's fax, or null when they have none by that id (someone else's answers the same). */
export async function findFaxOf(env: Env, userId: string, faxId: string): Promise<UserFaxRow | null> {
  if (!(await mayBeFaxOf(env, userId, faxId))) return null;
  const row = await userStore(env, userId).findFax(faxId);
  return row ? { ...row, userId } : null;
}

/**
 * The user's fax with its timeline, as its page shows it, when it is of `livemode` (the site's are
 * live, decision 048); null when they have none by that id.
 */
export async function findFaxDetailsOf(env: Env, userId: string, faxId: string, livemode = true) {
  if (!(await mayBeFaxOf(env, userId, faxId))) return null;
  return userStore(env, userId).faxDetails(faxId, livemode);
}

/** A sent fax found by its id alone (a queue message or a carrier's news), the owner read from the id. */
export async function findSendFax(env: Env, faxId: string): Promise<UserFaxRow | null> {
  const userId = await findFaxOwnerOf(env, faxId);
  if (!userId) return null;
  const fax = await findFaxOf(env, userId, faxId);
  return fax?.direction === 'SEND' ? fax : null;
}
