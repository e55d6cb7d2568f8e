import { describe, expect, it } from 'vitest';
import { sessionIdOf } from '../../worker/auth/session';
import { sha256Hex } from '../../worker/crypto/tokens';

// A session is stored under the SHA-256 of its token (never the token); the id of a token seen
// lately is remembered, and must be the same digest, every time.

describe('the session id of a token', () => {
  it('is the token’s SHA-256 in hex', async () => {
    expect(await sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(await sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });

  it('answers the same digest when asked again, and for thousands of tokens past what it keeps', async () => {
    const first = crypto.randomUUID();
    expect(await sessionIdOf(first)).toBe(await sha256Hex(first));
    expect(await sessionIdOf(first)).toBe(await sha256Hex(first));
    for (let i = 0; i < 6_000; i++) await sessionIdOf(`token-${i}`);
    expect(await sessionIdOf('token-42')).toBe(await sha256Hex('token-42'));
    expect(await sessionIdOf(first)).toBe(await sha256Hex(first));
  });
});
