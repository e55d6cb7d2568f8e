import type { ApiKeyScope } from '../../src/common/api-key-rules';
import { readApiKey } from '../crypto/api-key';
import { rememberedSha256Hex } from '../crypto/tokens';
import { getDb } from '../db/client';
import { findApiKeyWithOwner, touchApiKey } from '../db/queries/api-keys';
import type { UserRow } from '../db/schema';

// The bearer check of /v1 (decision 046): a key whose checksum fails is refused without a lookup;
// one that is unknown, revoked or past its expiry is refused alike, so a caller learns nothing of
// which. A use is noted at most once a minute per key.

const TOUCH_EVERY_MS = 60_000;

export interface KeyHolder {
  keyId: string;
  hash: string;
  livemode: boolean;
  scopes: ApiKeyScope[];
  lastUsedAt: number | null;
  owner: UserRow;
}

export async function authenticateApiKey(env: Env, presented: string, now: number): Promise<KeyHolder | null> {
  if (readApiKey(presented) === null) return null;
  const hash = await rememberedSha256Hex(presented);
  const found = await findApiKeyWithOwner(getDb(env), hash);
  if (!found) return null;
  const { key, owner } = found;
  if (key.revokedAt !== null || (key.expiresAt !== null && key.expiresAt <= now)) return null;
  return {
    keyId: key.keyId,
    hash,
    livemode: key.livemode,
    scopes: JSON.parse(key.scopes) as ApiKeyScope[],
    lastUsedAt: key.lastUsedAt,
    owner,
  };
}

/** Notes the key's use unless it was noted within the minute (the row read says so: no write at all then). */
export async function noteApiKeyUse(env: Env, holder: KeyHolder, now: number): Promise<void> {
  if (holder.lastUsedAt !== null && now - holder.lastUsedAt < TOUCH_EVERY_MS) return;
  await touchApiKey(getDb(env), holder.hash, now, TOUCH_EVERY_MS);
}
