// The short-lived URL a carrier fetches a fax's PDF from (Telnyx downloads `media_url` itself).
// It carries no session, so it is signed: HMAC-SHA256 with FAX_MEDIA_SECRET over the fax, the
// attempt and the expiry, valid for 15 minutes — long enough for the carrier to fetch it, short
// enough that a leaked URL soon stops working.
import { toHex } from '../crypto/tokens';

const FAX_MEDIA_TTL_MS = 15 * 60 * 1000;

const encoder = new TextEncoder();

function importSecret(secret: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
}

function payload(faxId: string, attempt: number, expires: number): Uint8Array {
  return encoder.encode(`fax-media:${faxId}:${attempt}:${expires}`);
}

function fromHex(hex: string): Uint8Array | null {
  if (!/^(?:[0-9a-f]{2})+$/.test(hex)) return null;
  return Uint8Array.from(hex.match(/../g)!, (pair) => parseInt(pair, 16));
}

export async function signFaxMediaUrl(origin: string, secret: string, faxId: string, attempt: number, now = Date.now()): Promise<string> {
  const expires = now + FAX_MEDIA_TTL_MS;
  const signature = toHex(await crypto.subtle.sign('HMAC', await importSecret(secret), payload(faxId, attempt, expires)));
  const url = new URL(`/api/faxMedia/${encodeURIComponent(faxId)}`, origin);
  url.search = new URLSearchParams({ attempt: String(attempt), expires: String(expires), signature }).toString();
  return url.toString();
}

/** True when the signature is ours for these values and the link has not expired. */
export async function verifyFaxMediaSignature(
  secret: string,
  faxId: string,
  attempt: number,
  expires: number,
  signature: string,
  now = Date.now(),
): Promise<boolean> {
  if (expires < now || expires > now + FAX_MEDIA_TTL_MS) return false;
  const bytes = fromHex(signature);
  if (!bytes) return false;
  return crypto.subtle.verify('HMAC', await importSecret(secret), bytes, payload(faxId, attempt, expires));
}
