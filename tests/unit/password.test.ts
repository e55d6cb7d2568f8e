import { randomBytes, scryptSync } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashPassword, spendPasswordCheckTime, verifyPassword } from '../../worker/auth/password';

const PASSWORD = 'correct horse battery staple';

// Hashing costs a few hundred milliseconds: one hash is shared by the tests that only verify.
let stored: string;

beforeAll(async () => {
  stored = await hashPassword(PASSWORD);
});

function parts(hash: string) {
  const [scheme, n, r, p, salt, key] = hash.split('$') as [string, string, string, string, string, string];
  return { scheme, n, r, p, salt, key };
}

describe('hashPassword', () => {
  it('answers scrypt$N$r$p$salt$hash with a 16-byte salt and a 32-byte key in base64', () => {
    expect(stored).toMatch(/^scrypt\$\d+\$\d+\$\d+\$[A-Za-z0-9+/]+={0,2}\$[A-Za-z0-9+/]+={0,2}$/);
    const { n, r, p, salt, key } = parts(stored);
    expect([Number(n), Number(r), Number(p)]).toEqual([2 ** 15, 8, 3]);
    expect(Buffer.from(salt, 'base64')).toHaveLength(16);
    expect(Buffer.from(key, 'base64')).toHaveLength(32);
    expect(stored).not.toContain(PASSWORD);
  });

  it('with fast-for-tests (the test suites only) stores its lower work factor and verifies alike', async () => {
    const fast = await hashPassword(PASSWORD, 'fast-for-tests');
    const { n, r, p } = parts(fast);
    expect([Number(n), Number(r), Number(p)]).toEqual([2 ** 10, 8, 1]);
    expect(await verifyPassword(PASSWORD, fast)).toBe(true);
    expect(await verifyPassword('incorrect horse battery staple', fast)).toBe(false);
  });

  it('salts: two hashes of one password differ', async () => {
    const again = await hashPassword(PASSWORD);
    expect(again).not.toBe(stored);
    expect(parts(again).salt).not.toBe(parts(stored).salt);
  });
});

describe('verifyPassword', () => {
  it('accepts the password', async () => {
    expect(await verifyPassword(PASSWORD, stored)).toBe(true);
  });

  it.each([
    ['another password', 'incorrect horse battery staple'],
    ['a change of case', PASSWORD.toUpperCase()],
    ['a trailing space', `${PASSWORD} `],
    ['a prefix of it', PASSWORD.slice(0, -1)],
    ['an empty password', ''],
  ])('refuses %s', async (_label, attempt) => {
    expect(await verifyPassword(attempt, stored)).toBe(false);
  });

  it('reads the cost parameters from the stored hash, so older settings keep working', async () => {
    const salt = randomBytes(16);
    const key = scryptSync('old password', salt, 32, { N: 1024, r: 8, p: 1 });
    const old = ['scrypt', 1024, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
    expect(await verifyPassword('old password', old)).toBe(true);
    expect(await verifyPassword('other password', old)).toBe(false);
  });

  it('treats compatibility forms of a character alike (NFKC)', async () => {
    const hash = await hashPassword('ﬁre ① staple'); // the ligature ﬁ and a circled one
    expect(await verifyPassword('fire 1 staple', hash)).toBe(true);
  });

  const salt = Buffer.alloc(16, 7).toString('base64');
  const key = Buffer.alloc(32, 9).toString('base64');
  it.each([
    ['an empty string', ''],
    ['plain text', 'not-a-hash'],
    ['another scheme', `bcrypt$32768$8$3$${salt}$${key}`],
    ['a missing key', `scrypt$32768$8$3$${salt}`],
    ['empty fields', 'scrypt$$$$$'],
    ['a key of the wrong length', `scrypt$32768$8$3$${salt}$AAAA`],
    ['N = 0', `scrypt$0$8$3$${salt}$${key}`],
    ['N that is not a number', `scrypt$abc$8$3$${salt}$${key}`],
    ['N that is not a power of two', `scrypt$1000$8$3$${salt}$${key}`],
    ['r that is not a number', `scrypt$1024$x$1$${salt}$${key}`],
    ['a cost beyond the memory cap', `scrypt$1048576$8$1$${salt}$${key}`],
  ])('answers false, never throws, for a malformed stored hash: %s', async (_label, malformed) => {
    await expect(verifyPassword(PASSWORD, malformed)).resolves.toBe(false);
  });
});

describe('spendPasswordCheckTime', () => {
  it('resolves without telling anything', async () => {
    await expect(spendPasswordCheckTime('whatever')).resolves.toBeUndefined();
  });
});
