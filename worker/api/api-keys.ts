import { Hono } from 'hono';
import type { ApiKeyView, CreatedApiKey } from '../../src/common/api-keys';
import { createApiKeySchema, revokeApiKeySchema } from '../../src/common/api-keys';
import { createApiKey, readApiKeys, revokeApiKeyOf } from '../api-keys/manage';
import { currentViewer, requireViewer } from '../auth/viewer';
import { getDb } from '../db/client';
import type { AppEnv } from '../http/app-env';
import { validate } from '../http/validate';

// Settings › Developers: the account's API keys (decision 046). The key itself is in the answer to
// its creation only.
export const apiKeysApi = new Hono<AppEnv>()
  .get('/apiKeys', requireViewer, async (c) => {
    const { user } = currentViewer(c);
    const body: { apiKeys: ApiKeyView[] } = { apiKeys: await readApiKeys(getDb(c.env), user.id) };
    return c.json(body, 200);
  })

  .post('/createApiKey', requireViewer, validate('json', createApiKeySchema), async (c) => {
    const { user } = currentViewer(c);
    const body: CreatedApiKey = await createApiKey(c, user, c.req.valid('json'));
    c.header('cache-control', 'no-store');
    return c.json(body, 201);
  })

  .post('/revokeApiKey', requireViewer, validate('json', revokeApiKeySchema), async (c) => {
    const { user } = currentViewer(c);
    await revokeApiKeyOf(c, user, c.req.valid('json').keyId);
    return c.json({ revoked: true }, 200);
  });
