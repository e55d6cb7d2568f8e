import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import type { Context } from 'hono';
import type { PasskeyView } from '../../src/common/passkey-rules';
import { type Db, getDb } from '../db/client';
import { deletePasskey, listPasskeys, renamePasskey } from '../db/queries/passkeys';
import type { UserRow } from '../db/schema';
import { ApiError } from '../http/api-error';
import type { AppEnv } from '../http/app-env';
import { toPasskeyView } from '../views/passkeys';
import { mailQuietly, recordFactorChange } from './factor-notice';
import { creationOptions, takeChallenge, verifyNewPasskey } from './passkey-ceremony';
import { keepPasskey } from './passkey-store';
import { requireRecentSecondFactor } from './step-up';

// Settings › Security › Passkeys (decision 045): add, list, rename, remove. Adding and removing
// change how the account proves itself: they ask for step-up (decision 044), are mailed to the
// account and written into its sign-in history.

export async function readPasskeys(db: Db, userId: string): Promise<PasskeyView[]> {
  return (await listPasskeys(db, userId)).map(toPasskeyView);
}

/** The options for a new passkey of the signed-in account; asks for step-up first. */
export async function startAddingPasskey(c: Context<AppEnv>, user: UserRow) {
  await requireRecentSecondFactor(c, user);
  return creationOptions(c, 'add', user, await listPasskeys(getDb(c.env), user.id));
}

/** Checks and keeps the new passkey; answers it as listed. */
export async function addPasskey(
  c: Context<AppEnv>,
  user: UserRow,
  response: RegistrationResponseJSON,
  name: string | undefined,
): Promise<PasskeyView> {
  await requireRecentSecondFactor(c, user);
  const challenge = await takeChallenge(c, response.response.clientDataJSON, 'add', user.id);
  const passkey = await keepPasskey(c, user.id, await verifyNewPasskey(c, response, challenge.id), name);
  await recordFactorChange(c, user.id, 'passkey-added');
  await mailQuietly(c.env, user.email, { kind: 'passkey-added', name: passkey.name });
  return passkey;
}

export async function renameUserPasskey(c: Context<AppEnv>, user: UserRow, id: string, name: string): Promise<PasskeyView> {
  const row = await renamePasskey(getDb(c.env), user.id, id, name);
  if (!row) throw new ApiError(404, 'NOT_FOUND');
  return toPasskeyView(row);
}

/** Removes one of the account's passkeys; 404 for an id the account does not have. */
export async function removeUserPasskey(c: Context<AppEnv>, user: UserRow, id: string): Promise<void> {
  await requireRecentSecondFactor(c, user);
  const row = await deletePasskey(getDb(c.env), user.id, id);
  if (!row) throw new ApiError(404, 'NOT_FOUND');
  await recordFactorChange(c, user.id, 'passkey-removed');
  await mailQuietly(c.env, user.email, { kind: 'passkey-removed', name: row.name });
}
