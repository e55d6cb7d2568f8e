import { seal, unseal } from '../crypto/seal';
import { newWebhookSecret } from '../crypto/standard-webhooks';
import type { StoreWebhookEndpointRow } from '../db/store/schema';
import type { AppConfig } from '../env';

// An endpoint's signing secrets are kept sealed in the account's store (crypto/seal.ts, the key of
// SECOND_FACTOR_KEY, bound to the account and the endpoint), so a copy of the store signs nothing.

function context(userId: string, endpointId: string): string {
  return `webhook-secret:${userId}:${endpointId}`;
}

/** A new `whsec_` secret and its sealed form. */
export async function makeEndpointSecret(
  config: AppConfig,
  userId: string,
  endpointId: string,
): Promise<{ secret: string; sealed: string }> {
  const secret = newWebhookSecret();
  const sealed = await seal(config.SECOND_FACTOR_KEY, new TextEncoder().encode(secret), context(userId, endpointId));
  return { secret, sealed };
}

/** The secrets that sign now: the current one, and the one it replaced while its overlap lasts. */
export async function openEndpointSecrets(
  config: AppConfig,
  userId: string,
  endpoint: StoreWebhookEndpointRow,
  now: number,
): Promise<string[]> {
  const sealed = [endpoint.secret];
  if (endpoint.previousSecret && endpoint.previousSecretUntil !== null && endpoint.previousSecretUntil > now)
    sealed.push(endpoint.previousSecret);
  const opened = await Promise.all(sealed.map((value) => unseal(config.SECOND_FACTOR_KEY, value, context(userId, endpoint.id))));
  return opened.flatMap((bytes) => (bytes ? [new TextDecoder().decode(bytes)] : []));
}
