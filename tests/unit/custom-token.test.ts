import { describe, expect, it } from 'vitest';
import { toBase64Url } from '../../worker/crypto/tokens';
import { CUSTOM_TOKEN_TTL_MS, issueCustomToken, verifyCustomToken } from '../../worker/live/custom-token';

const SECRET = 'unit-test-secret-0123456789abcdef0123';
const OTHER_SECRET = 'another-secret-0123456789abcdef012345';
const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);

function encode(value: string): string {
  return toBase64Url(new TextEncoder().encode(value));
}

/** Signs any payload text the way the server does, to build tokens with odd claims. */
async function signRaw(payloadText: string, secret = SECRET): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const payload = encode(payloadText);
  const signature = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(payload));
  return `${payload}.${toBase64Url(new Uint8Array(signature))}`;
}

describe('issueCustomToken / verifyCustomToken', () => {
  it('round-trips the user, the session and an expiry one minute on', async () => {
    const token = await issueCustomToken(SECRET, 'user-1', 'session-1', NOW);
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(await verifyCustomToken(SECRET, token, NOW)).toEqual({
      uid: 'user-1',
      sid: 'session-1',
      exp: NOW + CUSTOM_TOKEN_TTL_MS,
    });
    expect(CUSTOM_TOKEN_TTL_MS).toBe(60_000);
  });

  it.each([
    ['just issued', 0, true],
    ['a millisecond before expiry', CUSTOM_TOKEN_TTL_MS - 1, true],
    ['at expiry', CUSTOM_TOKEN_TTL_MS, false],
    ['a day later', 24 * 60 * 60 * 1000, false],
  ])('is %s: valid = %s', async (_label, elapsed, valid) => {
    const token = await issueCustomToken(SECRET, 'user-1', 'session-1', NOW);
    expect((await verifyCustomToken(SECRET, token, NOW + elapsed)) !== null).toBe(valid);
  });

  it('differs per user, per session and per moment', async () => {
    const tokens = await Promise.all([
      issueCustomToken(SECRET, 'user-1', 'session-1', NOW),
      issueCustomToken(SECRET, 'user-2', 'session-1', NOW),
      issueCustomToken(SECRET, 'user-1', 'session-2', NOW),
      issueCustomToken(SECRET, 'user-1', 'session-1', NOW + 1),
    ]);
    expect(new Set(tokens).size).toBe(4);
  });

  it('refuses a token signed with another secret', async () => {
    const token = await issueCustomToken(OTHER_SECRET, 'user-1', 'session-1', NOW);
    expect(await verifyCustomToken(SECRET, token, NOW)).toBeNull();
  });

  it('refuses a token whose claims were rewritten', async () => {
    const [, signature] = (await issueCustomToken(SECRET, 'user-1', 'session-1', NOW)).split('.');
    for (const claims of [
      { uid: 'user-2', sid: 'session-1', exp: NOW + CUSTOM_TOKEN_TTL_MS },
      { uid: 'user-1', sid: 'session-1', exp: NOW + 365 * 24 * 60 * 60 * 1000 },
    ]) {
      expect(await verifyCustomToken(SECRET, `${encode(JSON.stringify(claims))}.${signature}`, NOW)).toBeNull();
    }
  });

  it('refuses a token whose signature was altered or swapped', async () => {
    const [payload, signature] = (await issueCustomToken(SECRET, 'user-1', 'session-1', NOW)).split('.') as [string, string];
    const [, otherSignature] = (await issueCustomToken(SECRET, 'user-2', 'session-1', NOW)).split('.');
    const flipped = (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1);
    for (const token of [`${payload}.${flipped}`, `${payload}.${otherSignature}`, `${payload}.${signature.slice(0, 20)}`]) {
      expect(await verifyCustomToken(SECRET, token, NOW)).toBeNull();
    }
  });

  it.each([
    ['an empty string', ''],
    ['no dot', 'abcdef'],
    ['an empty payload', '.abc'],
    ['an empty signature', 'abc.'],
    ['three parts', 'a.b.c'],
    ['characters outside base64url', '!!!.@@@'],
    ['a lone dot', '.'],
  ])('refuses %s', async (_label, token) => {
    expect(await verifyCustomToken(SECRET, token, NOW)).toBeNull();
  });

  it('refuses a valid token with a part appended', async () => {
    const token = await issueCustomToken(SECRET, 'user-1', 'session-1', NOW);
    expect(await verifyCustomToken(SECRET, `${token}.extra`, NOW)).toBeNull();
  });

  it.each([
    ['text that is not JSON', 'not json'],
    ['JSON null', 'null'],
    ['an array', '[1,2,3]'],
    ['no uid', JSON.stringify({ sid: 's', exp: NOW + 1000 })],
    ['no sid', JSON.stringify({ uid: 'u', exp: NOW + 1000 })],
    ['no exp', JSON.stringify({ uid: 'u', sid: 's' })],
    ['exp as text', JSON.stringify({ uid: 'u', sid: 's', exp: String(NOW + 1000) })],
    ['uid as a number', JSON.stringify({ uid: 1, sid: 's', exp: NOW + 1000 })],
  ])('refuses a genuinely signed payload with %s', async (_label, payloadText) => {
    expect(await verifyCustomToken(SECRET, await signRaw(payloadText), NOW)).toBeNull();
  });

  it('accepts a genuinely signed payload with the right claims, and drops any others', async () => {
    const token = await signRaw(JSON.stringify({ uid: 'u', sid: 's', exp: NOW + 1000, admin: true }));
    expect(await verifyCustomToken(SECRET, token, NOW)).toEqual({ uid: 'u', sid: 's', exp: NOW + 1000 });
  });

  it('carries ids with any characters', async () => {
    const uid = 'ü/ser "1".\u2028';
    const token = await issueCustomToken(SECRET, uid, 'sid.with.dots', NOW);
    expect(token.split('.')).toHaveLength(2);
    expect(await verifyCustomToken(SECRET, token, NOW)).toMatchObject({ uid, sid: 'sid.with.dots' });
  });
});
