import type { Context } from 'hono';
import { type ApiKeyScope, type ApiKeyView, type CreatedApiKey, MAX_API_KEYS } from '../../src/common/api-key-rules';
import type { ApiKeyChange } from '../../src/common/sign-in-link-rules';
import { recordFactorChange } from '../auth/factor-notice';
import { requireRecentSecondFactor } from '../auth/step-up';
import { generateApiKey } from '../crypto/api-key';
import { sha256Hex, toHex } from '../crypto/tokens';
import { type Db, getDb } from '../db/client';
import { countApiKeys, insertApiKey, listApiKeys, revokeApiKey } from '../db/queries/api-keys';
import type { ApiKeyRow, UserRow } from '../db/schema';
import { readConfig } from '../env';
import { ApiError } from '../http/api-error';
import type { AppEnv } from '../http/app-env';
import { type ApiKeyNotice, apiKeyMail } from '../mail/api-key-mail';
import { sendMail } from '../mail/send';

// Settings › Developers (decision 046): an account's API keys made, listed and revoked. The key is
// answered once, at creation; D1 keeps only its SHA-256. Making one asks for the second factor again
// when the session proved it long ago (decision 044), and both changes go in the account's history
// and its mail.

const DAY_MS = 24 * 60 * 60 * 1000;

export function toApiKeyView(row: ApiKeyRow): ApiKeyView {
  return {
    id: row.keyId,
    name: row.name,
    mode: row.livemode ? 'live' : 'test',
    prefix: row.livemode ? 'fx_live_' : 'fx_test_',
    lastFour: row.lastFour,
    scopes: JSON.parse(row.scopes) as ApiKeyScope[],
    createdAt: row.createdAt,
    lastUsedAt: row.lastUsedAt,
    expiresAt: row.expiresAt,
  };
}

export async function readApiKeys(db: Db, userId: string): Promise<ApiKeyView[]> {
  return (await listApiKeys(db, userId)).map(toApiKeyView);
}

export interface NewApiKey {
  name: string;
  mode: 'live' | 'test';
  scopes: ApiKeyScope[];
  expiresInDays: number | null;
}

export async function createApiKey(c: Context<AppEnv>, user: UserRow, input: NewApiKey): Promise<CreatedApiKey> {
  await requireRecentSecondFactor(c, user);
  const db = getDb(c.env);
  if ((await countApiKeys(db, user.id)) >= MAX_API_KEYS) throw new ApiError(409, 'TOO_MANY_API_KEYS');
  const secret = generateApiKey(input.mode);
  const now = Date.now();
  const row: ApiKeyRow = {
    id: await sha256Hex(secret),
    keyId: `key_${toHex(crypto.getRandomValues(new Uint8Array(12)))}`,
    userId: user.id,
    name: input.name,
    livemode: input.mode === 'live',
    lastFour: secret.slice(-4),
    scopes: JSON.stringify(input.scopes),
    createdAt: now,
    expiresAt: input.expiresInDays === null ? null : now + input.expiresInDays * DAY_MS,
    lastUsedAt: null,
    revokedAt: null,
  };
  await insertApiKey(db, row);
  await recordAndMail(c, user, 'api-key-created', row);
  return { apiKey: toApiKeyView(row), secret };
}

/** 404 for a key that is not the account's own (missing, foreign, already revoked). */
export async function revokeApiKeyOf(c: Context<AppEnv>, user: UserRow, keyId: string): Promise<void> {
  const row = await revokeApiKey(getDb(c.env), user.id, keyId, Date.now());
  if (!row) throw new ApiError(404, 'NOT_FOUND');
  await recordAndMail(c, user, 'api-key-revoked', row);
}

async function recordAndMail(c: Context<AppEnv>, user: UserRow, change: ApiKeyChange, row: ApiKeyRow): Promise<void> {
  await recordFactorChange(c, user.id, change);
  const notice: ApiKeyNotice = {
    kind: change === 'api-key-created' ? 'created' : 'revoked',
    name: row.name,
    lastFour: row.lastFour,
    scopes: JSON.parse(row.scopes) as ApiKeyScope[],
  };
  try {
    await sendMail(c.env, apiKeyMail(user.email, notice, readConfig(c.env).SUPPORT_EMAIL));
  } catch (err) {
    // The change is made; a mail that could not go is logged, never turned into a failure.
    console.warn('Could not send the API key notice', err);
  }
}
