import type { Context } from 'hono';
import { SIGN_IN_LINK_LIFETIME_MS, SIGN_IN_LINK_PARAM } from '../../src/common/sign-in-link';
import { sha256Hex } from '../crypto/tokens';
import { getDb } from '../db/client';
import { consumeEmailToken, findValidEmailToken } from '../db/queries/email-tokens';
import { findUserByEmail, findUserById, markEmailVerified } from '../db/queries/users';
import type { UserRow } from '../db/schema';
import { ApiError } from '../http/api-error';
import type { AppEnv } from '../http/app-env';
import { sendMail } from '../mail/send';
import { signInLinkMail } from '../mail/sign-in-link-mail';
import { issueMailedToken } from './mailed-token';
import { beginSignIn } from './second-factor';

// Signing in through a mailed link (decision 009; src/common/sign-in-link.ts): the way in
// for an owner whose password sign-in is paused by someone else's wrong guesses. A single-use link,
// valid 15 minutes, whose token only the mail holds; the database keeps its SHA-256 and the
// address it was sent to. It proves that address, as a password reset does, and skips the
// password limits because it never checks a password.

const PURPOSE = 'sign-in-link';

/**
 * Mails a sign-in link when an account that can sign in has this e-mail; otherwise sends
 * nothing. Never tells the caller which case it was, not even by failing.
 */
export async function sendSignInLink(env: Env, email: string, origin: string): Promise<void> {
  const db = getDb(env);
  const user = await findUserByEmail(db, email);
  if (!user || user.deletingAt !== null || (!user.passwordHash && !user.googleSubject)) return;
  const token = await issueMailedToken(db, {
    userId: user.id,
    purpose: PURPOSE,
    payload: user.email,
    lifetimeMs: SIGN_IN_LINK_LIFETIME_MS,
  });
  const link = `${origin}/login?${SIGN_IN_LINK_PARAM}=${encodeURIComponent(token)}`;
  try {
    await sendMail(env, signInLinkMail(user.email, link));
  } catch (err) {
    // An error answer here would tell the caller the account exists; the user can ask again.
    console.error('Could not send the sign-in link mail', err);
  }
}

/**
 * Signs this browser in with a sign-in link, which is used up, and marks the address it was sent
 * to as proved. Unknown, used and expired links, and links to an address the account has since
 * left, all answer 400 INVALID_SIGN_IN_LINK.
 */
export async function signInWithLink(c: Context<AppEnv>, token: string): Promise<{ user: UserRow; secondFactor: boolean }> {
  const db = getDb(c.env);
  const tokenId = await sha256Hex(token);
  const now = Date.now();
  const found = await findValidEmailToken(db, tokenId, PURPOSE, now);
  const user = found ? await findUserById(db, found.userId) : null;
  // Only the mailbox the link went to may use it: not one the account has moved away from since.
  if (!found || !user || user.deletingAt !== null || user.email !== found.payload) throw new ApiError(400, 'INVALID_SIGN_IN_LINK');
  // One conditional UPDATE: of two clicks on the same link exactly one signs in.
  if (!(await consumeEmailToken(db, tokenId, PURPOSE, now))) throw new ApiError(400, 'INVALID_SIGN_IN_LINK');
  // The link reached the mailbox: the address is proved.
  const proved = (await markEmailVerified(db, user.id, user.email, now)) ?? user;
  // A mailbox is one factor: an account with a second one is asked for it (decision 044).
  const outcome = await beginSignIn(c, proved, 'email-link');
  return { user: proved, secondFactor: outcome === 'second-factor' };
}
