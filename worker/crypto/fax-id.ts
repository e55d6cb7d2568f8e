// A fax's id names its owner's store, so nothing global has to be asked whose fax it is (decision
// 042): version byte, the owner's user id (a UUID, 16 bytes), 12 random bytes, and the first 12
// bytes of HMAC-SHA256 with FAX_ID_SECRET over the rest, in base64url (55 characters). A forged
// or re-pointed id fails the MAC and names nobody: it touches no store. Ids made before (UUIDs)
// name nobody either; their owner is still found through D1's fax_owners, which no longer grows.
import { toHex } from './tokens';

const VERSION = 1;
const USER_BYTES = 16;
const NONCE_BYTES = 12;
const MAC_BYTES = 12;
const ID_BYTES = 1 + USER_BYTES + NONCE_BYTES + MAC_BYTES;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const encoder = new TextEncoder();
const keys = new Map<string, Promise<CryptoKey>>();

function keyOf(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey('raw', encoder.encode(`fax-id:${secret}`), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    keys.set(secret, key);
  }
  return key;
}

function uuidBytes(userId: string): Uint8Array {
  if (!UUID.test(userId)) throw new TypeError('A fax id names a user by their UUID');
  return Uint8Array.from(userId.replaceAll('-', '').match(/../g)!, (pair) => Number.parseInt(pair, 16));
}

function uuidText(bytes: Uint8Array): string {
  const hex = toHex(bytes);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function toBase64Url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return null;
  try {
    return Uint8Array.from(atob(text.replaceAll('-', '+').replaceAll('_', '/')), (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

async function macOf(secret: string, body: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.sign('HMAC', await keyOf(secret), body)).slice(0, MAC_BYTES);
}

/**
 * A new id for a fax of `userId`. `nonce` (12 bytes) is random unless given: a received fax's
 * comes from the carrier's id for the call, so every event of the call names the same fax.
 */
export async function newFaxId(secret: string, userId: string, nonce?: Uint8Array): Promise<string> {
  const body = new Uint8Array(1 + USER_BYTES + NONCE_BYTES);
  body[0] = VERSION;
  body.set(uuidBytes(userId), 1);
  body.set(nonce ? nonce.slice(0, NONCE_BYTES) : crypto.getRandomValues(new Uint8Array(NONCE_BYTES)), 1 + USER_BYTES);
  const id = new Uint8Array(ID_BYTES);
  id.set(body);
  id.set(await macOf(secret, body), body.length);
  return toBase64Url(id);
}

/** The user whose store holds the fax, when the id is one of ours; null for an old id or a forged one. */
export async function faxIdOwner(secret: string, faxId: string): Promise<string | null> {
  if (faxId.length !== 55) return null;
  const bytes = fromBase64Url(faxId);
  if (bytes?.length !== ID_BYTES || bytes[0] !== VERSION) return null;
  // 41 bytes fill 55 characters with 2 bits to spare, which decoding ignores: only the one way of
  // writing the id that we made names the fax, so no other string passes for it.
  if (toBase64Url(bytes) !== faxId) return null;
  const body = bytes.slice(0, ID_BYTES - MAC_BYTES);
  const expected = await macOf(secret, body);
  const given = bytes.slice(ID_BYTES - MAC_BYTES);
  // Constant time: a timing oracle must not help forge a MAC byte by byte.
  let diff = 0;
  for (let i = 0; i < MAC_BYTES; i++) diff |= expected[i]! ^ given[i]!;
  return diff === 0 ? uuidText(bytes.slice(1, 1 + USER_BYTES)) : null;
}

/** An id made before decision 042 (a UUID): its owner is in D1's fax_owners, if anywhere. */
export function isLegacyFaxId(faxId: string): boolean {
  return UUID.test(faxId);
}
