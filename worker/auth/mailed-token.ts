import { generateToken, sha256Hex } from '../crypto/tokens';
import type { Db } from '../db/client';
import { deleteUserEmailTokens, insertEmailToken } from '../db/queries/email-tokens';
import type { EmailTokenRow } from '../db/schema';

// Every mailed link (password reset, e-mail change, e-mail confirmation, sign-in link) carries a
// single-use token made the same way: random, only its SHA-256 kept, and one live link per
// account and purpose, so asking again replaces the earlier ones.

interface MailedToken {
  userId: string;
  purpose: EmailTokenRow['purpose'];
  /** What the link is for: an address it was sent to, a page to return to. */
  payload: string | null;
  lifetimeMs: number;
}

/** Issues the token for a new link of `purpose`; answers it (only the mail will hold it). */
export async function issueMailedToken(db: Db, mailed: MailedToken): Promise<string> {
  const token = generateToken();
  await deleteUserEmailTokens(db, mailed.userId, mailed.purpose);
  await insertEmailToken(db, { id: await sha256Hex(token), ...mailed, now: Date.now() });
  return token;
}
