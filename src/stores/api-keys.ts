import { atom } from 'nanostores';
import type { API_KEY_EXPIRY_DAYS, ApiKeyScope, ApiKeyView, CreatedApiKey } from '../common/api-key-rules';
import { type ApiFailure, api, call } from '../lib/api';
import { askForSecondFactor } from './step-up';
import { onTeardown } from './teardown';

// Settings › Developers (decision 046): the account's API keys, rendered with the page and read again
// after each change. A new key's secret is held here only until the person closes its dialog.

export const $apiKeys = atom<ApiKeyView[] | null>(null);
/** The key just made, shown once; null once its dialog is closed. */
export const $newApiKey = atom<CreatedApiKey | null>(null);

export function seedApiKeys(keys: ApiKeyView[]): void {
  if (!$apiKeys.get()) $apiKeys.set(keys);
}

async function loadApiKeys(): Promise<void> {
  const result = await call(api.apiKeys.$get());
  if (result.ok) $apiKeys.set(result.data.apiKeys);
}

onTeardown(() => {
  $apiKeys.set(null);
  $newApiKey.set(null);
});

export type ApiKeyOutcome = { ok: true } | ApiFailure;

export interface NewKeyFields {
  name: string;
  mode: 'live' | 'test';
  scopes: ApiKeyScope[];
  expiresInDays: (typeof API_KEY_EXPIRY_DAYS)[number] | null;
}

/** Makes a key; asks for the second factor first when the server wants it again (decision 044). */
export async function createApiKey(fields: NewKeyFields): Promise<ApiKeyOutcome> {
  const send = () => call(api.createApiKey.$post({ json: fields }));
  let result = await send();
  if (!result.ok && result.code === 'STEP_UP_REQUIRED' && (await askForSecondFactor())) result = await send();
  if (!result.ok) return result;
  $newApiKey.set(result.data);
  await loadApiKeys();
  return { ok: true };
}

export function forgetNewApiKey(): void {
  $newApiKey.set(null);
}

export async function revokeApiKey(keyId: string): Promise<ApiKeyOutcome> {
  const result = await call(api.revokeApiKey.$post({ json: { keyId } }));
  if (!result.ok) return result;
  await loadApiKeys();
  return { ok: true };
}
