import type { FaxMailAddressView, FaxMailSettings } from '../../src/common/fax-mail';
import { outboxTo } from './account';
import { call } from './client';

// Addresses for received faxes (decision 025), as the settings page and the confirmation page call them.

export async function faxMailSettings(cookie: string): Promise<FaxMailSettings> {
  const response = await call('/api/faxMailAddresses', { cookie });
  if (response.status !== 200) throw new Error(`GET /api/faxMailAddresses answered ${response.status}`);
  return (await response.json()) as FaxMailSettings;
}

export function addFaxMailAddress(cookie: string, email: unknown): Promise<Response> {
  return call('/api/faxMailAddresses', { method: 'POST', cookie, body: { email } });
}

export function resendFaxMailLink(cookie: string, addressId: string): Promise<Response> {
  return call(`/api/faxMailAddresses/${addressId}/resend`, { method: 'POST', cookie });
}

export function removeFaxMailAddress(cookie: string, addressId: string): Promise<Response> {
  return call(`/api/faxMailAddresses/${addressId}`, { method: 'DELETE', cookie });
}

export function confirmFaxMailAddress(token: string, cookie: string | null = null): Promise<Response> {
  return call('/api/confirmFaxMailAddress', { method: 'POST', cookie, body: { token } });
}

/** The token of the newest confirmation link mailed to `email`. */
export async function faxMailTokenFor(email: string): Promise<string> {
  const mail = (await outboxTo(email)).find((m) => m.subject.startsWith('Confirm this address for faxes'));
  const token = mail ? /\/confirmFaxMail\?token=([\w-]+)/.exec(mail.text)?.[1] : undefined;
  if (!token) throw new Error(`no confirmation link mailed to ${email}`);
  return token;
}

/** Adds `email` for the user and follows its link: the address is confirmed. */
export async function confirmedFaxMailAddress(cookie: string, email: string): Promise<FaxMailAddressView> {
  const added = await addFaxMailAddress(cookie, email);
  if (added.status !== 201) throw new Error(`adding ${email} answered ${added.status} ${await added.text()}`);
  const confirmed = await confirmFaxMailAddress(await faxMailTokenFor(email));
  if (confirmed.status !== 200) throw new Error(`confirming ${email} answered ${confirmed.status}`);
  const settings = await faxMailSettings(cookie);
  return settings.addresses.find((address) => address.email === email.toLowerCase())!;
}
