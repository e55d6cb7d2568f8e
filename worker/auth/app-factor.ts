import type { Context } from 'hono';
import type { AppSetup, SecondFactorProof } from '../../src/common/second-factor-schemas';
import { t } from '../../src/i18n/t';
import { seal, unseal } from '../crypto/seal';
import { getDb } from '../db/client';
import { deleteAppFactor, findAppFactor, putUnconfirmedAppFactor, replaceRecoveryCodes, spendAppStep } from '../db/queries/second-factors';
import type { UserRow } from '../db/schema';
import { acceptedStep, newRecoveryCodes, newTotpSecret, qrPath, secretAsText, totpKeyUri } from '../domain/one-time-codes';
import { readConfig } from '../env';
import { ApiError } from '../http/api-error';
import type { AppEnv } from '../http/app-env';
import type { SecondFactorNotice } from '../mail/second-factor-mail';
import { mailQuietly, recordFactorChange } from './factor-notice';
import { proveSecondFactor, recoveryCodeHash } from './second-factor';
import { markSecondFactorProved } from './step-up';

// Setting up, replacing the codes of, and removing an authenticator app (decision 044). The app
// counts only once a code from it confirmed the set-up; that moment hands out the recovery codes.

export async function startAppSetup(c: Context<AppEnv>, user: UserRow): Promise<AppSetup> {
  const db = getDb(c.env);
  const secret = newTotpSecret();
  const sealed = await seal(readConfig(c.env).SECOND_FACTOR_KEY, secret, user.id);
  if (!(await putUnconfirmedAppFactor(db, user.id, sealed, Date.now()))) throw new ApiError(409, 'APP_ALREADY_ON');
  const keyUri = totpKeyUri(t('app.name'), user.email, secret);
  return { keyUri, secretText: secretAsText(keyUri), qr: qrPath(keyUri) };
}

/** Turns the app on with its first code; answers the ten recovery codes, shown this once. */
export async function confirmAppSetup(c: Context<AppEnv>, user: UserRow, code: string): Promise<string[]> {
  const db = getDb(c.env);
  const app = await findAppFactor(db, user.id);
  if (app?.confirmedAt) throw new ApiError(409, 'APP_ALREADY_ON');
  if (!app) throw new ApiError(409, 'APP_SETUP_NOT_STARTED');
  const secret = await unseal(readConfig(c.env).SECOND_FACTOR_KEY, app.secretSealed, user.id);
  if (!secret) throw new ApiError(409, 'APP_SETUP_NOT_STARTED');
  const now = Date.now();
  const step = acceptedStep(secret, code, now, app.lastUsedStep);
  if (step === null || !(await spendAppStep(db, user.id, step, now, true))) throw new ApiError(400, 'INVALID_CODE');
  const codes = await issueRecoveryCodes(c, user);
  // The code just typed proves the new factor: no step-up for the next 15 minutes.
  await markSecondFactorProved(c);
  await recordAndMail(c, user, { kind: 'app-on' });
  return codes;
}

/** Ten new recovery codes in place of the old ones, after a code from the app. */
export async function renewRecoveryCodes(c: Context<AppEnv>, user: UserRow, code: string): Promise<string[]> {
  await proveSecondFactor(c, user, { code });
  await markSecondFactorProved(c);
  const codes = await issueRecoveryCodes(c, user);
  await recordAndMail(c, user, { kind: 'recovery-codes-new' });
  return codes;
}

/** Removes the app and its recovery codes, after a code from the app or a recovery code. */
export async function removeApp(c: Context<AppEnv>, user: UserRow, proof: SecondFactorProof): Promise<void> {
  await proveSecondFactor(c, user, proof);
  await deleteAppFactor(getDb(c.env), user.id);
  await recordAndMail(c, user, { kind: 'app-off' });
}

async function issueRecoveryCodes(c: Context<AppEnv>, user: UserRow): Promise<string[]> {
  const codes = newRecoveryCodes();
  const hashes = await Promise.all(codes.map((code) => recoveryCodeHash(user.id, code)));
  await replaceRecoveryCodes(getDb(c.env), user.id, hashes, Date.now());
  return codes;
}

async function recordAndMail(
  c: Context<AppEnv>,
  user: UserRow,
  notice: SecondFactorNotice & { kind: 'app-on' | 'app-off' | 'recovery-codes-new' },
): Promise<void> {
  await recordFactorChange(c, user.id, notice.kind);
  await mailQuietly(c.env, user.email, notice);
}
