import type { Context } from 'hono';
import type { SecondFactorProof } from '../../src/common/second-factor-schemas';
import { getDb } from '../db/client';
import { countRecoveryCodesLeft } from '../db/queries/second-factors';
import { findUserById } from '../db/queries/users';
import type { UserRow } from '../db/schema';
import { ApiError } from '../http/api-error';
import type { AppEnv } from '../http/app-env';
import { mailQuietly } from './factor-notice';
import { applyPasswordReset } from './password-reset';
import { endPendingSignIn, readPendingSignIn } from './pending-sign-in';
import { completedMethod, proveSecondFactor } from './second-factor';
import { startSession } from './sign-in';

/**
 * Completes a sign-in waiting for its second factor (decision 044): the proof is checked and used
 * up, the waiting sign-in ends, and a session starts (a reset's new password is set first). A
 * browser with no waiting sign-in, or one older than 10 minutes, answers 401 SIGN_IN_EXPIRED.
 */
export async function finishSignIn(
  c: Context<AppEnv>,
  proof: SecondFactorProof,
): Promise<{ user: UserRow; recoveryCodesLeft: number | null }> {
  const pending = await readPendingSignIn(c);
  const user = pending ? await findUserById(getDb(c.env), pending.userId) : null;
  if (!pending || !user || user.deletingAt !== null) throw new ApiError(401, 'SIGN_IN_EXPIRED');
  const used = await proveSecondFactor(c, user, proof);
  // Of two requests with two right codes, one signs in.
  if (!(await endPendingSignIn(c, pending.id))) throw new ApiError(401, 'SIGN_IN_EXPIRED');
  const method = completedMethod(pending.method, used);
  const secondFactorAt = Date.now();
  if (pending.method === 'password-reset' && pending.newPasswordHash) {
    await applyPasswordReset(c, user, pending.newPasswordHash, method, secondFactorAt);
  } else {
    await startSession(c, user, method, { secondFactorAt });
  }
  if (used !== 'recovery-code') return { user, recoveryCodesLeft: null };
  const left = await countRecoveryCodesLeft(getDb(c.env), user.id);
  await mailQuietly(c.env, user.email, { kind: 'recovery-code-used', left });
  return { user, recoveryCodesLeft: left };
}
