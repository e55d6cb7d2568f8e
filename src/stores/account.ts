import { atom, onMount } from 'nanostores';
import type { AccountDetails, LoginHistoryEntry } from '../common/api-types';
import { apiCall, type ApiResult } from '../lib/api';
import { onLiveEvent } from './live';

// The account as the settings page shows it. Loaded when a component first listens, and again
// whenever another page of the user changes it (account.updated) or after a reconnect.

export const $account = atom<AccountDetails | null>(null);
export const $loginHistory = atom<LoginHistoryEntry[] | null>(null);

export async function loadAccount(): Promise<void> {
  const result = await apiCall<{ account: AccountDetails }>('/account');
  if (result.ok) $account.set(result.data.account);
}

export async function loadLoginHistory(): Promise<void> {
  const result = await apiCall<{ history: LoginHistoryEntry[] }>('/loginHistory');
  if (result.ok) $loginHistory.set(result.data.history);
}

onMount($account, () => {
  void loadAccount();
  return onLiveEvent((event) => {
    if (event.type === 'account.updated') void loadAccount();
    if (event.type === 'session.started') void loadLoginHistory();
  });
});

onMount($loginHistory, () => {
  void loadLoginHistory();
});

/** Runs one of the spec's profile calls (GETs that change state) and keeps the answer. */
async function saveProfile(path: string): Promise<ApiResult<{ account: AccountDetails }>> {
  const result = await apiCall<{ account: AccountDetails }>(path);
  if (result.ok) $account.set(result.data.account);
  return result;
}

export function updateDisplayName(name: string): Promise<ApiResult<{ account: AccountDetails }>> {
  return saveProfile(`/updateUserDisplayName?name=${encodeURIComponent(name)}`);
}

export function updateFaxMail(on: boolean): Promise<ApiResult<{ account: AccountDetails }>> {
  return saveProfile(`/updateFaxMail?faxReceived=${on ? 'on' : 'off'}`);
}

export function updatePersonalPhone(number: string): Promise<ApiResult<{ account: AccountDetails }>> {
  return saveProfile(`/updateUserPersonalPhoneNumber?number=${encodeURIComponent(number)}`);
}

/** Every other session ends on success; this page carries on under the new session it is given. */
export function changePassword(currentPassword: string, newPassword: string): Promise<ApiResult<{ changed: true }>> {
  return apiCall('/changePassword', { method: 'POST', body: { currentPassword, newPassword } });
}

export function changeEmail(currentPassword: string, newEmail: string): Promise<ApiResult<{ sent: true; newEmail: string }>> {
  return apiCall('/changeEmail', { method: 'POST', body: { currentPassword, newEmail } });
}
