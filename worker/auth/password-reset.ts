import type { Context } from 'hono';
import { RESET_LINK_LIFETIME_MS } from '../../src/common/recovery-schemas';
import { safeRedirectPath } from '../../src/common/routes';
import { sha256Hex } from '../crypto/tokens';
import { getDb } from '../db/client';
import { consumeEmailToken, deleteUserEmailTokens, findValidEmailToken } from '../db/queries/email-tokens';
import { findUserByEmail, findUserById, updatePasswordHash } from '../db/queries/users';
import type { UserRow } from '../db/schema';
import { readConfig } from '../env';
import { ApiError } from '../http/api-error';
import type { AppEnv } from '../http/app-env';
import { endAllLiveSessions } from '../live/publish';
import { passwordResetMail } from '../mail/password-reset-mail';
import { sendMail } from '../mail/send';
import { issueMailedToken } from './mailed-token';
import { hashPassword } from './password';
import { refuseNewPassword } from './password-policy';
import { invalidateUserSessions } from './session';
import { startSession } from './sign-in';

// Password recovery (docs/decisions/009-password-recovery.md): a single-use link, valid one hour,
// whose token only the mail holds; the database keeps its SHA-256 and the path to return to.

const PURPOSE = 'password-reset';

/**
 * Mails a reset link when an account that can sign in has this e-mail; otherwise sends
 * nothing. Never tells the caller which case it was, not even by failing.
 */
export async function sendPasswordResetLink(env: Env, email: string, origin: string, redirect: string): Promise<void> {
  const db = getDb(env);
  const user = await findUserByEmail(db, email);
  if (!user || user.deletingAt !== null || (!user.passwordHash && !user.googleSubject)) return;
  const token = await issueMailedToken(db, { userId: user.id, purpose: PURPOSE, payload: redirect, lifetimeMs: RESET_LINK_LIFETIME_MS });
  const link = `${origin}/recover?token=${encodeURIComponent(token)}`;
  try {
    await sendMail(env, passwordResetMail(user.email, link));
  } catch (err) {
    // An error answer here would tell the caller the account exists; the user can ask again.
    console.error('Could not send the password reset mail', err);
  }
}

/**
 * Sets a new password through a reset link: the link is used up, every session of the account
 * ends (its open pages too), and this browser is signed in. Answers the user and the safe path to
 * return to. Invalid, expired and used links all answer 400 INVALID_RESET_LINK.
 */
export async function resetPasswordWithLink(
  c: Context<AppEnv>,
  token: string,
  newPassword: string,
): Promise<{ user: UserRow; redirect: string }> {
  // The rules that need no account first (a made-up link learns nothing), then its own words.
  const refused = refuseNewPassword(newPassword, '');
  if (refused) throw new ApiError(400, refused.code, refused.message);
  const db = getDb(c.env);
  const tokenId = await sha256Hex(token);
  // Checked before hashing, so a made-up link costs no scrypt run; consumed after it, atomically.
  const found = await findValidEmailToken(db, tokenId, PURPOSE, Date.now());
  const user = found ? await findUserById(db, found.userId) : null;
  if (!found || !user || user.deletingAt !== null) throw new ApiError(400, 'INVALID_RESET_LINK');
  const guessable = refuseNewPassword(newPassword, user.email);
  if (guessable) throw new ApiError(400, guessable.code, guessable.message);
  const passwordHash = await hashPassword(newPassword, readConfig(c.env).PASSWORD_HASHING);
  const used = await consumeEmailToken(db, tokenId, PURPOSE, Date.now());
  if (!used) throw new ApiError(400, 'INVALID_RESET_LINK');

  // The link reached the mailbox: the e-mail is proved.
  await updatePasswordHash(db, user.id, passwordHash, Date.now());
  // Whoever held a session or another reset link may be the reason for the reset.
  await invalidateUserSessions(db, user.id);
  await deleteUserEmailTokens(db, user.id, PURPOSE);
  await endAllLiveSessions(c.env, user.id);
  await startSession(c, { ...user, passwordHash }, 'password');
  return { user, redirect: safeRedirectPath(used.payload) };
}
