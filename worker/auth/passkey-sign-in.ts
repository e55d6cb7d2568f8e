import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { Context } from 'hono';
import { getDb } from '../db/client';
import { findPasskey } from '../db/queries/passkeys';
import { findUserByEmail, findUserById, insertPasswordUser } from '../db/queries/users';
import type { UserRow } from '../db/schema';
import { ApiError } from '../http/api-error';
import type { AppEnv } from '../http/app-env';
import { clientIp, countFailure, enforceRateLimit } from '../http/rate-limit';
import { sendVerificationLink } from './email-verification';
import { creationOptions, requestOptions, takeChallenge, verifyNewPasskey } from './passkey-ceremony';
import { refuseWhenTooManyFailures, spendPasskeyAnswer } from './passkey-check';
import { keepPasskey } from './passkey-store';
import { startSession } from './sign-in';

// Signing in and up with a passkey, and a passkey as the second step (decision 045). A passkey
// with user verification is two factors at once (something held, unlocked by something known or
// been): its sign-in starts a full session, counted as a second-factor check for step-up.

/** Options for a sign-in before anyone is known: any passkey of this site, the browser offers them. */
export async function startPasskeySignIn(c: Context<AppEnv>) {
  await enforceRateLimit(c, 'passkey-options-ip', clientIp(c));
  return requestOptions(c, 'sign-in', null, []);
}

/** Signs in with the passkey that answered; the session is full (no second step). */
export async function signInWithPasskey(c: Context<AppEnv>, response: AuthenticationResponseJSON): Promise<UserRow> {
  await enforceRateLimit(c, 'login-ip', clientIp(c));
  await refuseWhenTooManyFailures(c);
  const challenge = await takeChallenge(c, response.response.clientDataJSON, 'sign-in');
  const db = getDb(c.env);
  const passkey = await findPasskey(db, response.id);
  const user = passkey ? await findUserById(db, passkey.userId) : null;
  if (!passkey || !user || user.deletingAt !== null || !handleMatches(response, user.id)) {
    await countFailure(c, 'passkey-failure-ip', clientIp(c));
    throw new ApiError(401, 'PASSKEY_UNKNOWN');
  }
  await spendPasskeyAnswer(c, user, response, challenge.id, passkey);
  await startSession(c, user, 'passkey', { secondFactorAt: Date.now() });
  return user;
}

/** The user handle a discoverable passkey returns is the account id it was made for. */
function handleMatches(response: AuthenticationResponseJSON, userId: string): boolean {
  const handle = response.response.userHandle;
  if (!handle) return true;
  try {
    return atob(handle.replace(/-/g, '+').replace(/_/g, '/')) === userId;
  } catch {
    return false;
  }
}

interface PlannedAccount {
  id: string;
  email: string;
  displayName: string | null;
}

/** Options for a new account with a passkey and no password; 409 EMAIL_IN_USE as the password sign-up. */
export async function startPasskeySignUp(c: Context<AppEnv>, email: string, displayName: string | undefined) {
  await enforceRateLimit(c, 'signup-ip', clientIp(c));
  await enforceRateLimit(c, 'signup-account', email);
  if (await findUserByEmail(getDb(c.env), email)) throw new ApiError(409, 'EMAIL_IN_USE');
  const planned: PlannedAccount = { id: crypto.randomUUID(), email, displayName: displayName ?? null };
  return creationOptions(c, 'sign-up', planned, [], JSON.stringify(planned));
}

/** Makes the account the challenge was planned for, with this passkey as its one way in. */
export async function signUpWithPasskey(c: Context<AppEnv>, response: RegistrationResponseJSON): Promise<UserRow> {
  const challenge = await takeChallenge(c, response.response.clientDataJSON, 'sign-up');
  const planned = JSON.parse(challenge.payload ?? 'null') as PlannedAccount | null;
  if (!planned) throw new ApiError(400, 'PASSKEY_EXPIRED');
  const passkey = await verifyNewPasskey(c, response, challenge.id);
  const db = getDb(c.env);
  const now = Date.now();
  const user = await insertPasswordUser(db, { ...planned, displayName: planned.displayName ?? undefined, passwordHash: null, now });
  if (!user) throw new ApiError(409, 'EMAIL_IN_USE');
  await keepPasskey(c, user.id, passkey, undefined);
  await startSession(c, user, 'passkey', { newAccount: true, secondFactorAt: now });
  try {
    await sendVerificationLink(c.env, db, user, c.req.url);
  } catch (error) {
    console.warn('Passkey sign-up: the link to confirm the e-mail could not be sent', error);
  }
  return user;
}
