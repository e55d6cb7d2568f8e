// Random tokens and their digests, on Web Crypto.

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** 256 bits of randomness, URL-safe (ASVS 7.2.3 asks for at least 128). */
export function generateToken(): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(32)));
}

const encoder = new TextEncoder();
const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

/** Bytes as lowercase hex, from a table (every signed-in request writes a digest so). */
export function toHex(bytes: ArrayBuffer | Uint8Array): string {
  let hex = '';
  for (const byte of bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)) hex += HEX[byte];
  return hex;
}

export async function sha256Hex(value: string): Promise<string> {
  return toHex(await crypto.subtle.digest('SHA-256', encoder.encode(value)));
}

// A secret presented with every request (a session token, an API key) is found by its SHA-256;
// the digest was 5–8 % of a light read's time (decision 043's amendment). The digests of the
// secrets seen lately are kept in the isolate, at most SECRET_DIGESTS_KEPT, oldest out first (a
// Map keeps insertion order): a memo of a pure function, so revoking or ending changes nothing here.
const SECRET_DIGESTS_KEPT = 5_000;
const secretDigests = new Map<string, string>();

/** sha256Hex of a secret that comes again and again. */
export async function rememberedSha256Hex(secret: string): Promise<string> {
  const known = secretDigests.get(secret);
  if (known) return known;
  const digest = await sha256Hex(secret);
  if (secretDigests.size >= SECRET_DIGESTS_KEPT) secretDigests.delete(secretDigests.keys().next().value as string);
  secretDigests.set(secret, digest);
  return digest;
}

export { toBase64Url };
