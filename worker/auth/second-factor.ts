import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { Context } from 'hono';
import type { SecondFactorProof, SecondFactorStatus } from '../../src/common/second-factor-schemas';
import type { SignInMethod } from '../../src/common/sign-in-link';
import { t } from '../../src/i18n/t';
import { unseal } from '../crypto/seal';
import { toHex } from '../crypto/tokens';
import type { Db } from '../db/client';
import { getDb } from '../db/client';
import { countRecoveryCodesLeft, findAppFactor, spendAppStep, spendRecoveryCode } from '../db/queries/second-factors';
import type { UserRow } from '../db/schema';
import { acceptedStep, normalizeRecoveryCode } from '../domain/one-time-codes';
import { readConfig } from '../env';
import { ApiError } from '../http/api-error';
import type { AppEnv } from '../http/app-env';
import { clientIp, countFailure, refuseWhenFailuresReached } from '../http/rate-limit';
import { provePasskey } from './passkey-check';
import { startPendingSignIn } from './pending-sign-in';
import { startSession } from './sign-in';

// The second factor (decision 044): once an account has one, every way in that proves a first
// factor (password, Google, a sign-in link, a password reset) leads to the code, not to a session.

export async function readSecondFactorStatus(db: Db, userId: string): Promise<SecondFactorStatus> {
  const app = await findAppFactor(db, userId);
  const on = app?.confirmedAt != null;
  return { app: on, recoveryCodesLeft: on ? await countRecoveryCodesLeft(db, userId) : 0 };
}

export async function hasSecondFactor(db: Db, userId: string): Promise<boolean> {
  return (await findAppFactor(db, userId))?.confirmedAt != null;
}

/**
 * After a first factor: a session when the account has no second factor ('signed-in'), else a
 * sign-in waiting for it ('second-factor'), which holds a reset's new password until then.
 */
export async function beginSignIn(
  c: Context<AppEnv>,
  user: UserRow,
  method: 'password' | 'google' | 'email-link',
  { newAccount = false } = {},
): Promise<'signed-in' | 'second-factor'> {
  if (!newAccount && (await hasSecondFactor(getDb(c.env), user.id))) {
    await startPendingSignIn(c, user.id, method);
    return 'second-factor';
  }
  await startSession(c, user, method, { newAccount });
  return 'signed-in';
}

export type SecondFactorUsed = 'app' | 'recovery-code' | 'passkey';

/** How the sign-in completed by this proof is told in the history. */
export function completedMethod(first: 'password' | 'google' | 'email-link' | 'password-reset', used: SecondFactorUsed): SignInMethod {
  if (used === 'recovery-code') return 'recovery-code';
  return `${first === 'password-reset' ? 'password' : first}-${used}`;
}

/**
 * Checks a code from the account's app, one of its recovery codes, or a passkey's answer, and uses it up. Wrong codes
 * count against the account, from this address and from all, and answer 429 past the limits.
 */
export async function proveSecondFactor(c: Context<AppEnv>, user: UserRow, proof: SecondFactorProof): Promise<SecondFactorUsed> {
  // A passkey's answers are checked, and their failures counted, by its own limits (decision 045).
  if ('passkey' in proof) return provePasskey(c, user, proof.passkey as AuthenticationResponseJSON);
  const limits = [
    ['code-failure-account-ip', `${user.id}|${clientIp(c)}`],
    ['code-failure-account', user.id],
  ] as const;
  for (const [name, subject] of limits) await refuseWhenFailuresReached(c, name, subject, t('api.tooManyWrongCodes'));
  const used = 'code' in proof ? await spendAppCode(c, user, proof.code) : await spendRecovery(c, user, proof.recoveryCode);
  if (used) return used;
  for (const [name, subject] of limits) await countFailure(c, name, subject);
  throw new ApiError(400, 'INVALID_CODE');
}

async function spendAppCode(c: Context<AppEnv>, user: UserRow, code: string): Promise<'app' | null> {
  const db = getDb(c.env);
  const app = await findAppFactor(db, user.id);
  if (!app?.confirmedAt) throw new ApiError(409, 'NO_SECOND_FACTOR');
  const secret = await unseal(readConfig(c.env).SECOND_FACTOR_KEY, app.secretSealed, user.id);
  if (!secret) throw new Error('The authenticator secret does not open under SECOND_FACTOR_KEY');
  const now = Date.now();
  const step = acceptedStep(secret, code, now, app.lastUsedStep);
  return step !== null && (await spendAppStep(db, user.id, step, now, false)) ? 'app' : null;
}

async function spendRecovery(c: Context<AppEnv>, user: UserRow, typed: string): Promise<'recovery-code' | null> {
  const code = normalizeRecoveryCode(typed);
  if (!code) return null;
  return (await spendRecoveryCode(getDb(c.env), user.id, await recoveryCodeHash(user.id, code), Date.now())) ? 'recovery-code' : null;
}

// A recovery code holds 50 bits: a plain hash of it could be walked offline, so it is stretched
// (NIST 800-63B §5.1.2.2: salted, with a key derivation function), salted by the account's id.
const RECOVERY_HASH_ITERATIONS = 20_000;

/** The stored form of a recovery code: PBKDF2-SHA-256 salted with the account id, in hex. */
export async function recoveryCodeHash(userId: string, code: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(code), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt: new TextEncoder().encode(userId), iterations: RECOVERY_HASH_ITERATIONS },
    key,
    256,
  );
  return toHex(bits);
}
