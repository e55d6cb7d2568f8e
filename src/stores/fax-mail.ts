import { atom } from 'nanostores';
import type { FaxMailSettings } from '../common/fax-mail';
import { type ApiFailure, type ApiResult, api, call } from '../lib/api';
import { onTeardown } from './teardown';

// The addresses that get the user's received faxes (settings; decision 028), rendered with the
// settings page and read again after each change the page makes.

export const $faxMail = atom<FaxMailSettings | null>(null);

/** The addresses the page was rendered with; never overwrites newer ones. */
export function seedFaxMail(settings: FaxMailSettings | null): void {
  if (settings && !$faxMail.get()) $faxMail.set(settings);
}

async function loadFaxMail(): Promise<void> {
  const result = await call(api.faxMailAddresses.$get());
  if (result.ok) $faxMail.set(result.data);
}

onTeardown(() => $faxMail.set(null));

export type FaxMailOutcome = { ok: true } | ApiFailure;

/** Waits for a change; once it is made, the list is read again (the answer alone may be stale). */
async function change(request: Promise<ApiResult<unknown>>): Promise<FaxMailOutcome> {
  const result = await request;
  if (!result.ok) return result;
  await loadFaxMail();
  return { ok: true };
}

/** Adds an address; a confirmation link is mailed to it. */
export function addFaxMailAddress(email: string): Promise<FaxMailOutcome> {
  return change(call(api.faxMailAddresses.$post({ json: { email } })));
}

export function resendFaxMailLink(addressId: string): Promise<FaxMailOutcome> {
  return change(call(api.faxMailAddresses[':addressId'].resend.$post({ param: { addressId } })));
}

export function removeFaxMailAddress(addressId: string): Promise<FaxMailOutcome> {
  return change(call(api.faxMailAddresses[':addressId'].$delete({ param: { addressId } })));
}
