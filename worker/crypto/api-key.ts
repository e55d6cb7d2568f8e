// API key strings (decision 046): `fx_live_` or `fx_test_`, 30 random base62 characters, then 6 of
// a CRC32 of everything before them, in base62 — the shape GitHub's tokens have, so secret scanners
// can tell a real key from a look-alike without asking us. Only the key's SHA-256 is kept.

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const RANDOM_LENGTH = 30;
const CHECKSUM_LENGTH = 6;
export const API_KEY_PREFIXES = { live: 'fx_live_', test: 'fx_test_' } as const;
const KEY_PATTERN = /^fx_(live|test)_[0-9A-Za-z]{36}$/;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

export function crc32(text: string): number {
  let crc = 0xffffffff;
  for (const byte of new TextEncoder().encode(text)) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function base62(value: number, length: number): string {
  let out = '';
  let rest = value;
  for (let i = 0; i < length; i++) {
    out = BASE62[rest % 62] + out;
    rest = Math.floor(rest / 62);
  }
  return out;
}

/** A new key of the mode; 30 base62 characters are 178 bits of randomness. */
export function generateApiKey(mode: keyof typeof API_KEY_PREFIXES): string {
  // 248 is the largest multiple of 62 under 256: bytes above it are dropped so every character is equally likely.
  let body = '';
  while (body.length < RANDOM_LENGTH) {
    for (const byte of crypto.getRandomValues(new Uint8Array(RANDOM_LENGTH))) {
      if (byte < 248 && body.length < RANDOM_LENGTH) body += BASE62[byte % 62];
    }
  }
  const head = API_KEY_PREFIXES[mode] + body;
  return head + base62(crc32(head), CHECKSUM_LENGTH);
}

/** The mode of a well-formed key whose checksum holds, else null (a typo or a look-alike: no lookup needed). */
export function readApiKey(key: string): 'live' | 'test' | null {
  const match = KEY_PATTERN.exec(key);
  if (!match) return null;
  const head = key.slice(0, -CHECKSUM_LENGTH);
  return base62(crc32(head), CHECKSUM_LENGTH) === key.slice(-CHECKSUM_LENGTH) ? (match[1] as 'live' | 'test') : null;
}
