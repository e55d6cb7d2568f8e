import { env } from 'cloudflare:workers';
import type { CreateApiKeyInput } from '../../src/common/api-keys';
import { windowStart } from '../../worker/domain/rate-limits';
import { createKey } from './api-keys';
import { senderWithCredits } from './send-fax';
import { storeSql } from './user-store';

// An integrator of /v1: an account with credits and a key.

export interface Integrator {
  userId: string;
  cookie: string;
  key: string;
  keyId: string;
}

export async function integrator(credits = 20, input: Partial<CreateApiKeyInput> = {}): Promise<Integrator> {
  const sender = await senderWithCredits(credits);
  const { apiKey, secret } = await createKey(sender.cookie, input);
  return { ...sender, key: secret, keyId: apiKey.id };
}

/** Uses up the key's calls of this minute and the next (so a test crossing the minute still meets the limit). */
export async function exhaustKey(userId: string, keyId: string): Promise<void> {
  const limit = 120 * Number(env.RATE_LIMIT_MULTIPLIER ?? 1);
  const start = windowStart(Date.now(), 60_000);
  for (const window of [start, start + 60_000]) {
    await storeSql(userId, 'INSERT OR REPLACE INTO api_calls (key_id, window_start, count) VALUES (?, ?, ?)', keyId, window, limit);
  }
}
