import { atom, onMount } from 'nanostores';
import type { AccountDetails, LoginHistoryEntry } from '../common/account-view';
import { changesAccount } from '../common/live-messages';
import { type ApiData, type ApiResult, api, call } from '../lib/api';
import { followLive } from './live';
import { onTeardown } from './teardown';

// The account as the settings, send and upgrade pages show it, and the sign-in history. Pages
// arrive with them rendered (the page context's `account`, the settings page's data), so nothing
// is read at load; they are read again whenever another page of the user changes them
// (account.updated, a fax that moved credits, session.started) or the page may have missed that
// (./live-resync).

export const $account = atom<AccountDetails | null>(null);
export const $loginHistory = atom<LoginHistoryEntry[] | null>(null);

/** The account the page was rendered with; never overwrites a newer one. */
export function seedAccount(account: AccountDetails | null): void {
  if (account && !$account.get()) $account.set(account);
}

/** The sign-in history the page was rendered with; never overwrites a newer one. */
export function seedLoginHistory(history: LoginHistoryEntry[] | null): void {
  if (history && !$loginHistory.get()) $loginHistory.set(history);
}

async function loadAccount(): Promise<void> {
  const result = await call(api.account.$get());
  if (result.ok) $account.set(result.data.account);
}

async function loadLoginHistory(): Promise<void> {
  const result = await call(api.loginHistory.$get());
  if (result.ok) $loginHistory.set(result.data.history);
}

onMount($account, () => {
  if (typeof window === 'undefined') return;
  return followLive(loadAccount, (event) => {
    if (changesAccount(event)) void loadAccount();
  });
});

onTeardown(() => {
  $account.set(null);
  $loginHistory.set(null);
});

onMount($loginHistory, () => {
  if (typeof window === 'undefined') return;
  return followLive(loadLoginHistory, (event) => {
    if (event.type === 'session.started') void loadLoginHistory();
  });
});

type ProfileAnswer = ApiResult<ApiData<typeof api.updateUserDisplayName.$get>>;

/** Keeps the account a profile call answers (the spec's profile calls are GETs that change state). */
async function saveProfile(request: ReturnType<typeof api.updateUserDisplayName.$get>): Promise<ProfileAnswer> {
  const result = await call(request);
  if (result.ok) $account.set(result.data.account);
  return result;
}

export function updateDisplayName(name: string): Promise<ProfileAnswer> {
  return saveProfile(api.updateUserDisplayName.$get({ query: { name } }));
}

export function updateFaxMail(on: boolean): Promise<ProfileAnswer> {
  return saveProfile(api.updateFaxMail.$get({ query: { faxReceived: on ? 'on' : 'off' } }));
}

export function updatePersonalPhone(number: string): Promise<ProfileAnswer> {
  return saveProfile(api.updateUserPersonalPhoneNumber.$get({ query: { number } }));
}

/** Every other session ends on success; this page carries on under the new session it is given. */
export function changePassword(currentPassword: string, newPassword: string): Promise<ApiResult<ApiData<typeof api.changePassword.$post>>> {
  return call(api.changePassword.$post({ json: { currentPassword, newPassword } }));
}

export function changeEmail(currentPassword: string, newEmail: string): Promise<ApiResult<ApiData<typeof api.changeEmail.$post>>> {
  return call(api.changeEmail.$post({ json: { currentPassword, newEmail } }));
}
