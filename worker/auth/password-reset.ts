import type { Context } from 'hono';
import { RESET_LINK_LIFETIME_MS } from '../../src/common/recovery-schemas';
import { safeRedirectPath } from '../../src/common/routes';
import type { SignInMethod } from '../../src/common/sign-in-link';
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
import { startPendingSignIn } from './pending-sign-in';
import { hasSecondFactor } from './second-factor';
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
 * ends (its open pages too), and this browser is signed in — or, when the account has a second
 * factor, waits for it with the new password unset (`secondFactor`). Answers the user and the safe path to
 * return to. Invalid, expired and used links all answer 400 INVALID_RESET_LINK.
 */
export async function resetPasswordWithLink(
  c: Context<AppEnv>,
  token: string,
  newPassword: string,
): Promise<{ user: UserRow; redirect: string; secondFactor: boolean }> {
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
  const redirect = safeRedirectPath(used.payload);
  // A mailbox is not a second factor (ASVS 6.4.3): the new password waits, unset, for the code.
  if (await hasSecondFactor(db, user.id)) {
    await startPendingSignIn(c, user.id, 'password-reset', passwordHash);
    return { user, redirect, secondFactor: true };
  }
  await applyPasswordReset(c, user, passwordHash, 'password');
  return { user, redirect, secondFactor: false };
}

/** Sets a reset's new password, ends every session and other reset link, and signs this browser in. */
export async function applyPasswordReset(
  c: Context<AppEnv>,
  user: UserRow,
  passwordHash: string,
  method: SignInMethod,
  secondFactorAt: number | null = null,
): Promise<void> {
  const db = getDb(c.env);
  // The link reached the mailbox: the e-mail is proved.
  await updatePasswordHash(db, user.id, passwordHash, Date.now());
  // Whoever held a session or another reset link may be the reason for the reset.
  await invalidateUserSessions(db, user.id);
  await deleteUserEmailTokens(db, user.id, PURPOSE);
  await endAllLiveSessions(c.env, user.id);
  await startSession(c, { ...user, passwordHash }, method, { secondFactorAt });
}
