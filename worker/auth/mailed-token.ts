import { generateToken, sha256Hex } from '../crypto/tokens';
import type { Db } from '../db/client';
import { deleteUserEmailTokens, deleteUserEmailTokensFor, insertEmailToken } from '../db/queries/email-tokens';
import type { EmailTokenRow } from '../db/schema';

// Every mailed link (password reset, e-mail change, e-mail confirmation, sign-in link, an address
// for received faxes) carries a single-use token made the same way: random, only its SHA-256 kept,
// and one live link per account and purpose (or per address), so asking again replaces the earlier ones.

interface MailedToken {
  userId: string;
  purpose: EmailTokenRow['purpose'];
  /** What the link is for: an address it was sent to, a page to return to. */
  payload: string | null;
  lifetimeMs: number;
  /**
   * Which earlier links the new one ends: every link of the purpose (the default: one live link per
   * account), or only those with the same payload (one per address, where a user confirms several).
   */
  replaces?: 'purpose' | 'payload';
}

/** Issues the token for a new link of `purpose`; answers it (only the mail will hold it). */
export async function issueMailedToken(db: Db, mailed: MailedToken): Promise<string> {
  const token = generateToken();
  const { replaces = 'purpose', ...fields } = mailed;
  if (replaces === 'payload' && fields.payload !== null) {
    await deleteUserEmailTokensFor(db, fields.userId, fields.purpose, fields.payload);
  } else {
    await deleteUserEmailTokens(db, fields.userId, fields.purpose);
  }
  await insertEmailToken(db, { id: await sha256Hex(token), ...fields, now: Date.now() });
  return token;
}
