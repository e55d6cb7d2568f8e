import { type Context, Hono } from 'hono';
import { changePasswordSchema, newPasswordSchema } from '../../src/common/account-schemas';
import { t } from '../../src/i18n/t';
import { hashPassword, verifyPassword } from '../auth/password';
import { refuseNewPassword } from '../auth/password-policy';
import { clearSessionCookie } from '../auth/session-cookie';
import { endAllSessions } from '../auth/sign-in';
import { requireRecentSecondFactor } from '../auth/step-up';
import { currentViewer } from '../auth/viewer';
import { getDb } from '../db/client';
import { updatePasswordHash } from '../db/queries/users';
import type { UserRow } from '../db/schema';
import { readConfig } from '../env';
import { ApiError, defaultMessage } from '../http/api-error';
import type { AppEnv } from '../http/app-env';
import { enforceRateLimit } from '../http/rate-limit';
import { parseChangeValue, readChangeBody } from '../http/validate-change';

/**
 * The signed-in user after their current password checked out. Every failure but a wrong password
 * is OTHER (spec §5), including too many attempts.
 */
export async function checkCurrentPassword(c: Context<AppEnv>, currentPassword: string): Promise<UserRow> {
  const { user } = currentViewer(c);
  try {
    await enforceRateLimit(c, 'password-check-account', user.id);
  } catch (err) {
    if (err instanceof ApiError) throw new ApiError(429, 'OTHER', defaultMessage('RATE_LIMITED'), err.headers);
    throw err;
  }
  if (!user.passwordHash) {
    throw new ApiError(400, 'OTHER', t('api.noPasswordYet'));
  }
  if (!(await verifyPassword(currentPassword, user.passwordHash))) throw new ApiError(400, 'INVALID_CURRENT_PASSWORD');
  return user;
}

export const credentialsApi = new Hono<AppEnv>()
  .post('/changePassword', async (c) => {
    const body = await readChangeBody(c, changePasswordSchema);
    await requireRecentSecondFactor(c, currentViewer(c).user);
    const user = await checkCurrentPassword(c, body.currentPassword);
    const newPassword = parseChangeValue(newPasswordSchema, body.newPassword);
    // Spec §5: a change that fails for any reason but the current password answers OTHER.
    const refused = refuseNewPassword(newPassword, user.email);
    if (refused) throw new ApiError(400, 'OTHER', refused.message);
    await updatePasswordHash(getDb(c.env), user.id, await hashPassword(newPassword, readConfig(c.env).PASSWORD_HASHING));
    // Whoever may know the old password is signed out everywhere; this browser keeps a new session.
    await endAllSessions(c, user.id, true);
    return c.json({ changed: true }, 200);
  })

  .post('/logoutEverywhere', async (c) => {
    const { viewer } = currentViewer(c);
    await endAllSessions(c, viewer.id, false);
    clearSessionCookie(c);
    return c.json({ signedOut: true }, 200);
  });
