import {
  type AuthenticationResponseJSON,
  browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  startAuthentication,
  startRegistration,
  WebAuthnAbortService,
} from '@simplewebauthn/browser';
import type { PasskeyView } from '../common/passkey-rules';
import type { Viewer } from '../common/viewer';
import { type ApiFailure, type ApiResult, api, call } from './api';

// The browser's half of every passkey ceremony (decision 045): ask the server for options, let
// the browser and the authenticator answer, send the answer back. This file and the WebAuthn
// library it carries are only ever imported on first need (a button pressed, the e-mail field
// focused): /login's own JavaScript stays within its budget.

/** The person closed the browser's dialog, it timed out, or another ceremony took its place. */
export interface Cancelled {
  ok: false;
  cancelled: true;
}
export type PasskeyResult<T> = ApiResult<T> | Cancelled;

export function passkeysWork(): boolean {
  return browserSupportsWebAuthn();
}

export function autofillWorks(): Promise<boolean> {
  return browserSupportsWebAuthnAutofill();
}

// Counts the ceremonies begun: an autofill one whose options arrive after a button began another
// gives way, rather than ending the button's (a new ceremony ends the one under way).
let ceremoniesBegun = 0;

/** Ends a ceremony under way (the autofill one, when a button starts another). */
export function cancelPasskeyCeremony(): void {
  ceremoniesBegun += 1;
  WebAuthnAbortService.cancelCeremony();
}

const CANCELLED: Cancelled = { ok: false, cancelled: true };

async function answerRequest(options: unknown, autofill = false): Promise<AuthenticationResponseJSON | Cancelled> {
  try {
    return await startAuthentication({ optionsJSON: options as PublicKeyCredentialRequestOptionsJSON, useBrowserAutofill: autofill });
  } catch {
    return CANCELLED;
  }
}

async function answerCreation(options: unknown): Promise<RegistrationResponseJSON | Cancelled> {
  try {
    return await startRegistration({ optionsJSON: options as PublicKeyCredentialCreationOptionsJSON });
  } catch {
    return CANCELLED;
  }
}

type OnWire<T> = Omit<T, 'clientExtensionResults'> & { clientExtensionResults: Record<string, never> };

/** An answer as the server takes it: extension outputs are not used, so none are sent. */
function onWire<T extends { clientExtensionResults: unknown }>(answer: T): OnWire<T> {
  return { ...answer, clientExtensionResults: {} };
}

function failed(answer: object): answer is Cancelled | ApiFailure {
  return 'ok' in answer && answer.ok === false;
}

/** Signs in with any passkey of this site, from a button or from the e-mail field's autofill. */
export async function signInWithPasskey(autofill: boolean): Promise<PasskeyResult<{ user: Viewer }>> {
  ceremoniesBegun += 1;
  const ceremony = ceremoniesBegun;
  const options = await call(api.passkeySignInOptions.$post());
  if (!options.ok) return options;
  if (autofill && ceremony !== ceremoniesBegun) return CANCELLED;
  const answer = await answerRequest(options.data, autofill);
  if (failed(answer)) return answer;
  return call(api.passkeySignIn.$post({ json: { response: onWire(answer) } }));
}

/** Makes a new account with a passkey and no password. */
export async function signUpWithPasskey(email: string, displayName: string): Promise<PasskeyResult<{ user: Viewer }>> {
  const options = await call(api.passkeySignUpOptions.$post({ json: { email, displayName } }));
  if (!options.ok) return options;
  const answer = await answerCreation(options.data);
  if (failed(answer)) return answer;
  return call(api.passkeySignUp.$post({ json: { response: onWire(answer) } }));
}

/** Adds a passkey to the signed-in account (the options answer STEP_UP_REQUIRED when a check is due). */
export async function addPasskey(): Promise<PasskeyResult<{ passkey: PasskeyView }>> {
  const options = await call(api.passkeyOptions.$post());
  if (!options.ok) return options;
  const answer = await answerCreation(options.data);
  if (failed(answer)) return answer;
  return call(api.addPasskey.$post({ json: { response: onWire(answer) } }));
}

/** One of the account's passkeys, answering the second step or a step-up; the caller sends it on. */
export async function answerPasskeyCheck(): Promise<PasskeyResult<OnWire<AuthenticationResponseJSON>>> {
  const options = await call(api.passkeyCheckOptions.$post());
  if (!options.ok) return options;
  const answer = await answerRequest(options.data);
  return failed(answer) ? answer : { ok: true, data: onWire(answer) };
}
