import { VERIFICATION_LINK_LIFETIME_MS, VERIFY_EMAIL_PARAM } from '../../src/common/email-verification';
import { sha256Hex } from '../crypto/tokens';
import type { Db } from '../db/client';
import { consumeEmailToken, findValidEmailToken } from '../db/queries/email-tokens';
import { markEmailVerified } from '../db/queries/users';
import type { UserRow } from '../db/schema';
import { readConfig } from '../env';
import { mailLinkOrigin } from '../mail/link-origin';
import { sendMail } from '../mail/send';
import { verifyEmailMail } from '../mail/verification-mail';
import { issueMailedToken } from './mailed-token';

// Confirming an account's e-mail address (decision 008's addendum; src/common/email-verification.ts):
// a single-use link to the address, which only the account it was sent for can use, and only
// while the account still has that address. A new link replaces the ones before it.

/** Mails a fresh link to the account's address; earlier links stop working. */
export async function sendVerificationLink(env: Env, db: Db, user: UserRow, requestUrl: string): Promise<void> {
  const token = await issueMailedToken(db, {
    userId: user.id,
    purpose: 'email-verify',
    payload: user.email,
    lifetimeMs: VERIFICATION_LINK_LIFETIME_MS,
  });
  const link = `${mailLinkOrigin(readConfig(env), requestUrl)}/dashboard?${VERIFY_EMAIL_PARAM}=${encodeURIComponent(token)}`;
  await sendMail(env, verifyEmailMail(user.email, link));
}

/**
 * Follows a link for the signed-in account: answers the account with its address confirmed, or
 * null when the link is unknown, used, expired, another account's, or for an address it has left.
 */
export async function confirmEmailWithLink(db: Db, userId: string, token: string, now: number): Promise<UserRow | null> {
  const id = await sha256Hex(token);
  const found = await findValidEmailToken(db, id, 'email-verify', now);
  // Another account's link is refused like an unknown one, and stays usable for its owner.
  if (found?.userId !== userId || !found.payload) return null;
  if (!(await consumeEmailToken(db, id, 'email-verify', now))) return null;
  return markEmailVerified(db, userId, found.payload, now);
}
