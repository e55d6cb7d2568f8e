import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

// scrypt from node:crypto (native in workerd) at an OWASP setting that fits a Worker's 128 MB:
// N=2^15, r=8, p=3 uses 32 MiB. The parameters are stored with each hash so they can be raised
// later without breaking old passwords.
//
// `fast-for-tests` (configuration PASSWORD_HASHING, refused in production) hashes with N=2^10,
// p=1: the test suites make thousands of accounts and sign-ins, and at the OWASP setting each
// costs 0.3–0.9 s of a shared CPU, most of the suite's time. What a test can see is the same:
// the same function, format and checks, only the work factor stored in the hash differs.
export type PasswordHashing = 'standard' | 'fast-for-tests';

const COSTS: Record<PasswordHashing, { n: number; r: number; p: number }> = {
  standard: { n: 2 ** 15, r: 8, p: 3 },
  'fast-for-tests': { n: 2 ** 10, r: 8, p: 1 },
};
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
const MAX_MEMORY = 64 * 1024 * 1024;

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { N: n, r, p, maxmem: MAX_MEMORY }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

/** `scrypt$N$r$p$salt$hash` with salt and hash in base64. */
export async function hashPassword(password: string, hashing: PasswordHashing = 'standard'): Promise<string> {
  const { n, r, p } = COSTS[hashing];
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, n, r, p);
  return ['scrypt', n, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** False for a wrong password, and for a stored hash that is not one of ours (never throws). */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  try {
    const actual = await derive(password, Buffer.from(salt, 'base64'), Number(n), Number(r), Number(p));
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  } catch {
    // Parameters scrypt refuses (corrupt row, or beyond the memory cap): the password cannot match.
    console.warn('Unusable stored password hash');
    return false;
  }
}

// Checked against when the e-mail is unknown, so a wrong e-mail costs the same time as a wrong
// password and response timing does not reveal who has an account.
const decoyHashes = new Map<PasswordHashing, Promise<string>>();

export async function spendPasswordCheckTime(password: string, hashing: PasswordHashing = 'standard'): Promise<void> {
  let decoy = decoyHashes.get(hashing);
  if (!decoy) {
    decoy = hashPassword('decoy-password-for-timing', hashing);
    decoyHashes.set(hashing, decoy);
  }
  await verifyPassword(password, await decoy);
}
