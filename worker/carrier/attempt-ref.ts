import type { AttemptOwner, AttemptRef, EchoedAttemptRef } from './types';

// Carriers echo a short opaque state with every event of a fax (Telnyx: `client_state`, which its
// commands take base64-encoded; the loopback network: `reference`). We put the attempt in it, so an
// event that arrives before the carrier's own id was stored still finds its attempt, and the fax's
// owner with our HMAC over the three (FAX_REFERENCE_SECRET), so the event finds the owner's store
// without a global lookup and a forged or altered reference finds nothing (issue 30).

const PATTERN = /^fax:([A-Za-z0-9_-]{1,64}):(\d{1,3})(?::([A-Za-z0-9_-]{1,64}):([A-Za-z0-9_-]{43}))?$/;

const encoder = new TextEncoder();

function importSecret(secret: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
}

function signed(ref: AttemptRef, userId: string): Uint8Array {
  return encoder.encode(`fax-ref:${ref.faxId}:${ref.attempt}:${userId}`);
}

function toBase64Url(bytes: ArrayBuffer): string {
  return btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array | null {
  try {
    return Uint8Array.from(atob(text.replaceAll('-', '+').replaceAll('_', '/')), (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

/** The owner of the attempt's fax, signed for the carrier to echo. */
export async function signAttemptOwner(secret: string, ref: AttemptRef, userId: string): Promise<AttemptOwner> {
  const signature = toBase64Url(await crypto.subtle.sign('HMAC', await importSecret(secret), signed(ref, userId)));
  return { userId, signature };
}

/** The owner an echoed reference names, when our signature over it holds; null when forged or altered. */
export async function verifyAttemptOwner(secret: string, ref: EchoedAttemptRef): Promise<string | null> {
  if (!ref.owner) return null;
  const signature = fromBase64Url(ref.owner.signature);
  if (!signature) return null;
  const valid = await crypto.subtle.verify('HMAC', await importSecret(secret), signature, signed(ref, ref.owner.userId));
  return valid ? ref.owner.userId : null;
}

export function encodeAttemptRef(ref: EchoedAttemptRef): string {
  const owner = ref.owner ? `:${ref.owner.userId}:${ref.owner.signature}` : '';
  return btoa(`fax:${ref.faxId}:${ref.attempt}${owner}`);
}

/** The attempt named by a client state, or null for anything we did not write. */
export function decodeAttemptRef(state: string | null | undefined): EchoedAttemptRef | null {
  if (!state) return null;
  let text: string;
  try {
    text = atob(state);
  } catch {
    return null;
  }
  const match = PATTERN.exec(text);
  if (!match) return null;
  const attempt = Number(match[2]);
  if (attempt < 1) return null;
  const ref: EchoedAttemptRef = { faxId: match[1]!, attempt };
  return match[3] && match[4] ? { ...ref, owner: { userId: match[3], signature: match[4] } } : ref;
}
