import { generateHOTP } from '@oslojs/otp';
import { expect } from 'vitest';
import { totpStepAt } from '../../worker/domain/one-time-codes';
import { logIn } from './auth';
import { type CallOptions, call, GOOD_PASSWORD, signUp, uniqueEmail } from './client';

// The authenticator app of the tests: the secret read from the set-up answer, codes computed here.

export function secretOf(keyUri: string): Uint8Array {
  const base32 = new URL(keyUri).searchParams.get('secret') ?? '';
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of base32) bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  return Uint8Array.from(bits.match(/.{8}/g) ?? [], (byte) => Number.parseInt(byte, 2));
}

/** The app's code `stepsAhead` steps from now (a step is 30 seconds; ±1 is accepted). */
export function appCode(secret: Uint8Array, stepsAhead = 0): string {
  return generateHOTP(secret, BigInt(totpStepAt(Date.now()) + stepsAhead), 6);
}

/** Sets up and confirms an app for the signed-in cookie; answers its secret and recovery codes. */
export async function turnOnApp(cookie: string): Promise<{ secret: Uint8Array; recoveryCodes: string[] }> {
  const setup = await call('/api/startAppSetup', { method: 'POST', cookie });
  if (setup.status !== 200) throw new Error(`startAppSetup: ${setup.status} ${await setup.text()}`);
  const secret = secretOf(((await setup.json()) as { keyUri: string }).keyUri);
  // A code for the step now is still taken if the next step begins before it arrives (±1 step).
  const confirmed = await call('/api/confirmAppSetup', { method: 'POST', cookie, body: { code: appCode(secret) } });
  if (confirmed.status !== 201) throw new Error(`confirmAppSetup: ${confirmed.status} ${await confirmed.text()}`);
  return { secret, recoveryCodes: ((await confirmed.json()) as { recoveryCodes: string[] }).recoveryCodes };
}

/** `name=value` of the waiting sign-in's cookie a response set, or null. */
export function pendingCookieFrom(response: Response): string | null {
  const pair = response.headers
    .getSetCookie()
    .find((c) => c.startsWith('fax_pending='))
    ?.split(';')[0];
  return pair && pair !== 'fax_pending=' ? pair : null;
}

export function verifySignIn(body: unknown, options: Omit<CallOptions, 'method' | 'body'> = {}): Promise<Response> {
  return call('/api/verifySignIn', { ...options, method: 'POST', body });
}

/** A new account with an app turned on: its session cookie, id, e-mail, secret and recovery codes. */
export async function accountWithApp(label: string) {
  const account = await signUp(uniqueEmail(label));
  return { ...account, ...(await turnOnApp(account.cookie)) };
}

/** Signs in with the password and insists it waits for the second factor; answers the pending cookie. */
export async function passwordStep(email: string, options = {}): Promise<string> {
  const { response, cookie } = await logIn(email, GOOD_PASSWORD, options);
  expect(response.status).toBe(202);
  expect(await response.json()).toEqual({ secondFactor: 'required' });
  expect(cookie).toBeNull();
  const pending = pendingCookieFrom(response);
  expect(pending).not.toBeNull();
  return pending!;
}
