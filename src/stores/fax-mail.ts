import { atom, onMount } from 'nanostores';
import type { FaxMailSettings } from '../common/fax-mail';
import { api, type ApiFailure, call } from '../lib/api';
import { onTeardown } from './teardown';

// The addresses that get the user's received faxes (settings; decision 025), loaded when the
// settings section first shows and read again after each change the page makes.

export const $faxMail = atom<FaxMailSettings | null>(null);

async function loadFaxMail(): Promise<void> {
  const result = await call(api.faxMailAddresses.$get());
  if (result.ok) $faxMail.set(result.data);
}

onMount($faxMail, () => {
  void loadFaxMail();
});

onTeardown(() => $faxMail.set(null));

type Outcome = { ok: true } | ApiFailure;

async function thenReload(request: Promise<{ ok: true } | ApiFailure>): Promise<Outcome> {
  const result = await request;
  if (result.ok) await loadFaxMail();
  return result;
}

/** Adds an address; a confirmation link is mailed to it. */
export function addFaxMailAddress(email: string): Promise<Outcome> {
  return thenReload(call(api.faxMailAddresses.$post({ json: { email } })).then((r) => (r.ok ? { ok: true as const } : r)));
}

export function resendFaxMailLink(addressId: string): Promise<Outcome> {
  return thenReload(
    call(api.faxMailAddresses[':addressId'].resend.$post({ param: { addressId } })).then((r) => (r.ok ? { ok: true as const } : r)),
  );
}

export function removeFaxMailAddress(addressId: string): Promise<Outcome> {
  return thenReload(
    call(api.faxMailAddresses[':addressId'].$delete({ param: { addressId } })).then((r) => (r.ok ? { ok: true as const } : r)),
  );
}
