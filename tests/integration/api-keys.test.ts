import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { ApiKeyView } from '../../src/common/api-keys';
import { crc32, generateApiKey, readApiKey } from '../../worker/crypto/api-key';
import { sha256Hex } from '../../worker/crypto/tokens';
import { outboxTo } from '../support/account';
import { createKey, problemOf, v1 } from '../support/api-keys';
import { call, errorCode, signUp, uniqueEmail } from '../support/client';
import { accountWithApp, appCode } from '../support/second-factor';

// API keys (decision 046): made in Settings › Developers, shown once, kept as a SHA-256 only, in the
// account's history and mail; a revoked or expired key, or one without the route's scope, is refused.

const listKeys = async (cookie: string): Promise<ApiKeyView[]> =>
  ((await (await call('/api/apiKeys', { cookie })).json()) as { apiKeys: ApiKeyView[] }).apiKeys;

describe('the key format', () => {
  it('is fx_live_/fx_test_, 30 random base62 characters and a CRC32 checksum a scanner can verify', () => {
    const live = generateApiKey('live');
    expect(live).toMatch(/^fx_live_[0-9A-Za-z]{36}$/);
    expect(generateApiKey('test')).toMatch(/^fx_test_[0-9A-Za-z]{36}$/);
    expect(readApiKey(live)).toBe('live');
    // One character changed breaks the checksum: no lookup is needed to refuse it.
    const typo = `${live.slice(0, 20)}${live[20] === 'a' ? 'b' : 'a'}${live.slice(21)}`;
    expect(readApiKey(typo)).toBeNull();
    expect(crc32('123456789')).toBe(0xcbf43926);
    expect(new Set(Array.from({ length: 200 }, () => generateApiKey('live'))).size).toBe(200);
  });
});

describe('POST /api/createApiKey', () => {
  it('answers the key once, stores only its SHA-256, lists it by prefix and last four, and mails and records it', async () => {
    const user = await signUp(uniqueEmail('keys'));
    const response = await call('/api/createApiKey', {
      method: 'POST',
      cookie: user.cookie,
      body: { name: 'Billing server', scopes: ['faxes:read', 'faxes:read', 'contacts:read'], expiresInDays: 30 },
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const { apiKey, secret } = (await response.json()) as { apiKey: ApiKeyView; secret: string };
    expect(secret).toMatch(/^fx_live_/);
    expect(apiKey).toEqual({
      id: expect.stringMatching(/^key_[0-9a-f]{24}$/),
      name: 'Billing server',
      mode: 'live',
      prefix: 'fx_live_',
      lastFour: secret.slice(-4),
      scopes: ['faxes:read', 'contacts:read'],
      createdAt: expect.any(Number),
      lastUsedAt: null,
      expiresAt: expect.any(Number),
    });
    expect(apiKey.expiresAt! - apiKey.createdAt).toBe(30 * 86_400_000);

    const rows = await env.DB.prepare('SELECT * FROM api_keys WHERE user_id = ?').bind(user.userId).all<Record<string, unknown>>();
    expect(rows.results).toHaveLength(1);
    expect(rows.results[0]!.id).toBe(await sha256Hex(secret));
    expect(JSON.stringify(rows.results[0])).not.toContain(secret.slice(8, -4));

    // Listed without the key, ever again.
    const listed = await call('/api/apiKeys', { cookie: user.cookie });
    const text = await listed.text();
    expect(text).not.toContain(secret);
    expect((JSON.parse(text) as { apiKeys: ApiKeyView[] }).apiKeys).toEqual([apiKey]);

    const [mail] = await outboxTo(user.email);
    expect(mail!.subject).toContain('new API key');
    expect(mail!.text).toContain('Billing server');
    expect(mail!.text).not.toContain(secret);
    const history = (await (await call('/api/loginHistory', { cookie: user.cookie })).json()) as { history?: unknown; entries?: unknown };
    expect(JSON.stringify(history)).toContain('api-key-created');
  });

  it('refuses bad input, no session, and a second factor proved too long ago', async () => {
    const user = await signUp();
    for (const body of [
      { name: '', scopes: ['faxes:read'] },
      { name: 'x', scopes: [] },
      { name: 'x', scopes: ['faxes:delete'] },
      { name: 'x', scopes: ['faxes:read'], expiresInDays: 3 },
      { name: 'x'.repeat(61), scopes: ['faxes:read'] },
    ]) {
      const refused = await call('/api/createApiKey', { method: 'POST', cookie: user.cookie, body });
      expect(refused.status).toBe(400);
      expect(await errorCode(refused)).toBe('INVALID_INPUT');
    }
    expect((await call('/api/createApiKey', { method: 'POST', body: { name: 'x', scopes: ['faxes:read'] } })).status).toBe(401);
    expect((await call('/api/apiKeys')).status).toBe(401);

    const withApp = await accountWithApp('key-step-up');
    await env.DB.prepare('UPDATE sessions SET second_factor_at = ? WHERE user_id = ?')
      .bind(Date.now() - 16 * 60_000, withApp.userId)
      .run();
    const asked = await call('/api/createApiKey', { method: 'POST', cookie: withApp.cookie, body: { name: 'x', scopes: ['faxes:read'] } });
    expect(asked.status).toBe(403);
    expect(await errorCode(asked)).toBe('STEP_UP_REQUIRED');
    expect((await call('/api/stepUp', { method: 'POST', cookie: withApp.cookie, body: { code: appCode(withApp.secret, 1) } })).status).toBe(
      200,
    );
    await createKey(withApp.cookie, { scopes: ['faxes:read'] });
  });

  it('holds at most 25 keys that are not revoked', async () => {
    const user = await signUp();
    await env.DB.batch(
      Array.from({ length: 25 }, (_, i) =>
        env.DB.prepare(
          "INSERT INTO api_keys (id, key_id, user_id, name, livemode, last_four, scopes, created_at) VALUES (?, ?, ?, 'k', 1, 'abcd', '[]', 0)",
        ).bind(`hash-${user.userId}-${i}`, `key_${user.userId.replaceAll('-', '').slice(0, 20)}${String(i).padStart(4, '0')}`, user.userId),
      ),
    );
    const refused = await call('/api/createApiKey', { method: 'POST', cookie: user.cookie, body: { name: 'x', scopes: ['faxes:read'] } });
    expect(refused.status).toBe(409);
    expect(await errorCode(refused)).toBe('TOO_MANY_API_KEYS');
  });
});

describe('POST /api/revokeApiKey and what /v1 then says', () => {
  it('revokes the key at once (401 on /v1), mails and records it; another account cannot revoke it', async () => {
    const owner = await signUp(uniqueEmail('revoke'));
    const { apiKey, secret } = await createKey(owner.cookie, { name: 'Old server' });
    expect((await v1('/account', secret)).status).toBe(200);

    const stranger = await signUp();
    const foreign = await call('/api/revokeApiKey', { method: 'POST', cookie: stranger.cookie, body: { keyId: apiKey.id } });
    expect(foreign.status).toBe(404);
    expect((await call('/api/revokeApiKey', { method: 'POST', cookie: owner.cookie, body: { keyId: 'nope' } })).status).toBe(400);
    expect((await call('/api/revokeApiKey', { method: 'POST', body: { keyId: apiKey.id } })).status).toBe(401);

    const revoked = await call('/api/revokeApiKey', { method: 'POST', cookie: owner.cookie, body: { keyId: apiKey.id } });
    expect(revoked.status).toBe(200);
    expect(await listKeys(owner.cookie)).toEqual([]);
    const refused = await v1('/account', secret);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toContain('Bearer');
    const problem = await problemOf(refused);
    expect(problem).toMatchObject({ title: 'A valid API key is required', status: 401 });
    expect(problem.type).toMatch(/\/developers#problem-unauthenticated$/);
    expect(problem.request_id).toBe(refused.headers.get('request-id'));
    expect((await outboxTo(owner.email))[0]!.subject).toContain('revoked');
    // Revoked once: again is 404.
    expect((await call('/api/revokeApiKey', { method: 'POST', cookie: owner.cookie, body: { keyId: apiKey.id } })).status).toBe(404);
  });

  it('refuses an expired key, a key with a broken checksum, an unknown key and no key alike', async () => {
    const owner = await signUp();
    const { secret } = await createKey(owner.cookie);
    await env.DB.prepare('UPDATE api_keys SET expires_at = ? WHERE user_id = ?')
      .bind(Date.now() - 1, owner.userId)
      .run();
    const unknown = generateApiKey('live');
    for (const key of [secret, `${secret.slice(0, -1)}${secret.endsWith('a') ? 'b' : 'a'}`, unknown, null, 'not-a-key']) {
      const response = await v1('/account', key);
      expect(response.status).toBe(401);
      expect((await problemOf(response)).status).toBe(401);
    }
  });

  it('refuses the key of an account being deleted, as its sessions are', async () => {
    const owner = await signUp();
    const { secret } = await createKey(owner.cookie);
    expect((await v1('/account', secret)).status).toBe(200);
    await env.DB.prepare('UPDATE users SET deleting_at = ? WHERE id = ?').bind(Date.now(), owner.userId).run();
    expect((await v1('/account', secret)).status).toBe(401);
  });

  it('notes a key’s use at most once a minute', async () => {
    const owner = await signUp();
    const { apiKey, secret } = await createKey(owner.cookie);
    await v1('/account', secret);
    const first = (await listKeys(owner.cookie))[0]!.lastUsedAt;
    expect(first).toEqual(expect.any(Number));
    await v1('/account', secret);
    expect((await listKeys(owner.cookie))[0]!.lastUsedAt).toBe(first);
    await env.DB.prepare('UPDATE api_keys SET last_used_at = ? WHERE key_id = ?')
      .bind(first! - 61_000, apiKey.id)
      .run();
    await v1('/account', secret);
    expect((await listKeys(owner.cookie))[0]!.lastUsedAt).toBeGreaterThan(first! - 61_000);
  });

  it('answers 403 insufficient_scope for a call the key was not given', async () => {
    const owner = await signUp();
    const { secret } = await createKey(owner.cookie, { scopes: ['contacts:read'] });
    const refused = await v1('/faxes', secret);
    expect(refused.status).toBe(403);
    const problem = await problemOf(refused);
    expect(problem.type).toMatch(/#problem-insufficient-scope$/);
    expect(problem.detail).toContain('faxes:read');
    expect((await v1('/contacts', secret)).status).toBe(200);
  });
});
