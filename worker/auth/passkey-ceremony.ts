import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { Context } from 'hono';
import { PASSKEY_CHALLENGE_LIFETIME_MS } from '../../src/common/passkey-rules';
import { t } from '../../src/i18n/t';
import { generateToken, toBase64Url } from '../crypto/tokens';
import { getDb } from '../db/client';
import { insertPasskeyChallenge, recordPasskeyUse, takePasskeyChallenge } from '../db/queries/passkeys';
import type { PasskeyCeremony, PasskeyChallengeRow, PasskeyRow } from '../db/schema';
import { counterWentBack } from '../domain/passkey-counter';
import { readConfig } from '../env';
import { ApiError } from '../http/api-error';
import type { AppEnv } from '../http/app-env';

// The WebAuthn ceremonies (decision 045), with @simplewebauthn/server: every challenge is made
// here, kept in D1 for five minutes and used up by the first answer that names it; every answer is
// checked against this site's origin and RP ID, with user verification required.

/** Who the passkeys are for: the configured public origin (locally, the request's own). */
export function relyingParty(c: Context<AppEnv>): { origin: string; rpID: string; name: string } {
  const origin = new URL(readConfig(c.env).PUBLIC_ORIGIN ?? c.req.url).origin;
  return { origin, rpID: new URL(origin).hostname, name: t('app.name') };
}

async function keepChallenge(
  c: Context<AppEnv>,
  challenge: string,
  ceremony: PasskeyCeremony,
  userId: string | null,
  payload: string | null = null,
): Promise<void> {
  await insertPasskeyChallenge(getDb(c.env), {
    id: challenge,
    ceremony,
    userId,
    payload,
    expiresAt: Date.now() + PASSKEY_CHALLENGE_LIFETIME_MS,
  });
}

function transportsOf(passkey: PasskeyRow): AuthenticatorTransportFuture[] | undefined {
  return passkey.transports ? (JSON.parse(passkey.transports) as AuthenticatorTransportFuture[]) : undefined;
}

/** Options for making a passkey for this account (an added one, or a new account's first). */
export async function creationOptions(
  c: Context<AppEnv>,
  ceremony: 'add' | 'sign-up',
  account: { id: string; email: string; displayName: string | null },
  existing: PasskeyRow[],
  payload: string | null = null,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const rp = relyingParty(c);
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.rpID,
    userName: account.email,
    userDisplayName: account.displayName ?? account.email,
    // The account id (a random UUID, no personal data): what a passkey sign-in hands back.
    userID: new TextEncoder().encode(account.id) as Uint8Array<ArrayBuffer>,
    challenge: generateToken(),
    timeout: PASSKEY_CHALLENGE_LIFETIME_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.id, transports: transportsOf(p) })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await keepChallenge(c, options.challenge, ceremony, ceremony === 'add' ? account.id : null, payload);
  return options;
}

/** Options for using a passkey: any of this site's (a sign-in), or one of the account's (a second factor). */
export async function requestOptions(
  c: Context<AppEnv>,
  ceremony: 'sign-in' | 'second-factor',
  userId: string | null,
  allowed: PasskeyRow[],
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(c).rpID,
    challenge: generateToken(),
    timeout: PASSKEY_CHALLENGE_LIFETIME_MS,
    userVerification: 'required',
    allowCredentials: allowed.map((p) => ({ id: p.id, transports: transportsOf(p) })),
  });
  await keepChallenge(c, options.challenge, ceremony, userId);
  return options;
}

/** The challenge the browser signed, read from its clientDataJSON; null when it holds none. */
function challengeOf(clientDataJSON: string): string | null {
  try {
    const text = atob(clientDataJSON.replace(/-/g, '+').replace(/_/g, '/'));
    const parsed: unknown = JSON.parse(new TextDecoder().decode(Uint8Array.from(text, (ch) => ch.charCodeAt(0))));
    const challenge = (parsed as { challenge?: unknown }).challenge;
    return typeof challenge === 'string' && challenge.length <= 128 ? challenge : null;
  } catch {
    return null;
  }
}

/**
 * Uses up the challenge an answer signed: 400 PASSKEY_EXPIRED when it is unknown, already used,
 * older than five minutes, or made for another ceremony or account.
 */
export async function takeChallenge(
  c: Context<AppEnv>,
  clientDataJSON: string,
  ceremony: PasskeyCeremony,
  userId: string | null = null,
): Promise<PasskeyChallengeRow> {
  const id = challengeOf(clientDataJSON);
  const row = id ? await takePasskeyChallenge(getDb(c.env), id, ceremony, Date.now()) : null;
  if (!row || (userId !== null && row.userId !== userId)) throw new ApiError(400, 'PASSKEY_EXPIRED');
  return row;
}

export interface NewPasskey {
  id: string;
  publicKey: string;
  counter: number;
  transports: string | null;
  synced: boolean;
  aaguid: string;
}

/** Checks a new passkey's answer; 400 PASSKEY_REFUSED when any check fails. */
export async function verifyNewPasskey(c: Context<AppEnv>, response: RegistrationResponseJSON, challenge: string): Promise<NewPasskey> {
  const rp = relyingParty(c);
  let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verified = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      requireUserVerification: true,
    });
  } catch (err) {
    console.warn('A new passkey was refused', err instanceof Error ? err.message : err);
    throw new ApiError(400, 'PASSKEY_REFUSED');
  }
  if (!verified.verified || !verified.registrationInfo) throw new ApiError(400, 'PASSKEY_REFUSED');
  const { credential, credentialBackedUp, aaguid } = verified.registrationInfo;
  return {
    id: credential.id,
    publicKey: toBase64Url(credential.publicKey),
    counter: credential.counter,
    transports: credential.transports?.length ? JSON.stringify(credential.transports.slice(0, 8)) : null,
    synced: credentialBackedUp,
    aaguid,
  };
}

export type PasskeyCheck = { ok: true } | { ok: false; counterWentBack: boolean };

/**
 * Checks an answer signed by this stored passkey and records the use. The counter is compared
 * here, after the signature checked out, so only the holder of a real copy of the key can make
 * the account hear of a counter that went backwards.
 */
export async function verifyPasskeyUse(
  c: Context<AppEnv>,
  response: AuthenticationResponseJSON,
  challenge: string,
  passkey: PasskeyRow,
): Promise<PasskeyCheck> {
  const rp = relyingParty(c);
  let verified: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      requireUserVerification: true,
      // Counter 0 turns the library's own comparison off: ours below tells "refused" from "cloned".
      credential: { id: passkey.id, publicKey: fromBase64Url(passkey.publicKey), counter: 0, transports: transportsOf(passkey) },
    });
  } catch (err) {
    console.warn('A passkey answer was refused', err instanceof Error ? err.message : err);
    return { ok: false, counterWentBack: false };
  }
  if (!verified.verified) return { ok: false, counterWentBack: false };
  const counter = verified.authenticationInfo.newCounter;
  if (counterWentBack(passkey.counter, counter)) return { ok: false, counterWentBack: true };
  // Of two answers racing with one signature, one records its use.
  if (!(await recordPasskeyUse(getDb(c.env), passkey.id, passkey.counter, counter, Date.now())))
    return { ok: false, counterWentBack: false };
  return { ok: true };
}

function fromBase64Url(value: string): Uint8Array<ArrayBuffer> {
  const binary = atob(value.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
}
