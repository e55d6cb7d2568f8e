import type { Context } from 'hono';
import type { PasskeyView } from '../../src/common/passkey-rules';
import { t } from '../../src/i18n/t';
import { getDb } from '../db/client';
import { insertPasskey } from '../db/queries/passkeys';
import { describeDevice } from '../domain/device';
import { ApiError } from '../http/api-error';
import type { AppEnv } from '../http/app-env';
import { toPasskeyView } from '../views/passkeys';
import type { NewPasskey } from './passkey-ceremony';

/** Stores a checked passkey for the account; 409 PASSKEY_EXISTS when its id is already known. */
export async function keepPasskey(c: Context<AppEnv>, userId: string, passkey: NewPasskey, name: string | undefined): Promise<PasskeyView> {
  const userAgent = c.req.header('user-agent')?.slice(0, 512) ?? null;
  const device = describeDevice(userAgent);
  const row = {
    ...passkey,
    userId,
    name: name ?? device ?? t('passkeys.defaultName'),
    device,
    createdAt: Date.now(),
    lastUsedAt: null,
  };
  if (!(await insertPasskey(getDb(c.env), row))) throw new ApiError(409, 'PASSKEY_EXISTS');
  return toPasskeyView(row);
}
