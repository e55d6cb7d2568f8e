import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { Context } from 'hono';
import { t } from '../../src/i18n/t';
import { getDb } from '../db/client';
import { findPasskey, listPasskeys } from '../db/queries/passkeys';
import type { PasskeyRow, UserRow } from '../db/schema';
import { ApiError } from '../http/api-error';
import type { AppEnv } from '../http/app-env';
import { clientIp, countFailure, enforceRateLimit, refuseWhenFailuresReached } from '../http/rate-limit';
import { mailQuietly, recordFactorChange } from './factor-notice';
import { requestOptions, takeChallenge, verifyPasskeyUse } from './passkey-ceremony';

// Using a passkey the account already has (decision 045): the answer checked, a counter that went
// backwards reported, and a passkey as the second step or a step-up. Refused answers count
// against the address with the existing limiter.

export async function refuseWhenTooManyFailures(c: Context<AppEnv>): Promise<void> {
  await refuseWhenFailuresReached(c, 'passkey-failure-ip', clientIp(c), t('api.tooManyPasskeyFailures'));
}

/**
 * Checks an answer of the account's passkey: 400 PASSKEY_REFUSED when it does not verify, 403
 * PASSKEY_SUSPECT (mailed, and in the history) when its counter went backwards.
 */
export async function spendPasskeyAnswer(
  c: Context<AppEnv>,
  user: UserRow,
  response: AuthenticationResponseJSON,
  challenge: string,
  passkey: PasskeyRow,
): Promise<void> {
  const check = await verifyPasskeyUse(c, response, challenge, passkey);
  if (check.ok) return;
  await countFailure(c, 'passkey-failure-ip', clientIp(c));
  if (!check.counterWentBack) throw new ApiError(400, 'PASSKEY_REFUSED');
  await recordFactorChange(c, user.id, 'passkey-refused');
  await mailQuietly(c.env, user.email, { kind: 'passkey-refused', name: passkey.name });
  throw new ApiError(403, 'PASSKEY_SUSPECT');
}

/** Options for the second step (or a step-up) with one of this account's passkeys. */
export async function startPasskeyCheck(c: Context<AppEnv>, userId: string) {
  await enforceRateLimit(c, 'passkey-options-ip', clientIp(c));
  const passkeys = await listPasskeys(getDb(c.env), userId);
  if (passkeys.length === 0) throw new ApiError(409, 'NO_SECOND_FACTOR');
  return requestOptions(c, 'second-factor', userId, passkeys);
}

/** The second factor proved with one of the account's passkeys (verifySignIn, stepUp, removeApp). */
export async function provePasskey(c: Context<AppEnv>, user: UserRow, response: AuthenticationResponseJSON): Promise<'passkey'> {
  await refuseWhenTooManyFailures(c);
  const challenge = await takeChallenge(c, response.response.clientDataJSON, 'second-factor', user.id);
  const passkey = await findPasskey(getDb(c.env), response.id);
  // Someone else's passkey proves nothing about this account.
  if (!passkey || passkey.userId !== user.id) {
    await countFailure(c, 'passkey-failure-ip', clientIp(c));
    throw new ApiError(400, 'PASSKEY_UNKNOWN');
  }
  await spendPasskeyAnswer(c, user, response, challenge.id, passkey);
  return 'passkey';
}
