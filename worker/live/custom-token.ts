import { toBase64Url } from '../crypto/tokens';

// The customToken (spec §7, verifyAuth) opens the live WebSocket. A WebSocket cannot carry our
// SameSite cookie across every client reliably and must not be opened from another site, so the
// page asks verifyAuth (same-origin, cookie) for a token that is signed, names the user and the
// session, and dies within a minute.
export const CUSTOM_TOKEN_TTL_MS = 60_000;

interface CustomTokenClaims {
  uid: string;
  sid: string;
  exp: number;
}

async function hmacKey(secret: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
}

function fromBase64Url(value: string): Uint8Array<ArrayBuffer> {
  const padded = value.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (value.length % 4)) % 4);
  return Uint8Array.from(atob(padded), (ch) => ch.charCodeAt(0));
}

export async function issueCustomToken(secret: string, uid: string, sid: string, now: number): Promise<string> {
  const claims: CustomTokenClaims = { uid, sid, exp: now + CUSTOM_TOKEN_TTL_MS };
  const payload = toBase64Url(new TextEncoder().encode(JSON.stringify(claims)));
  const signature = await crypto.subtle.sign('HMAC', await hmacKey(secret), new TextEncoder().encode(payload));
  return `${payload}.${toBase64Url(new Uint8Array(signature))}`;
}

/** The claims of a genuine, unexpired token; null for anything else. */
export async function verifyCustomToken(secret: string, token: string, now: number): Promise<CustomTokenClaims | null> {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  try {
    const ok = await crypto.subtle.verify('HMAC', await hmacKey(secret), fromBase64Url(signature), new TextEncoder().encode(payload));
    if (!ok) return null;
    const claims = JSON.parse(new TextDecoder().decode(fromBase64Url(payload))) as Partial<CustomTokenClaims>;
    if (typeof claims.uid !== 'string' || typeof claims.sid !== 'string' || typeof claims.exp !== 'number') return null;
    return now < claims.exp ? { uid: claims.uid, sid: claims.sid, exp: claims.exp } : null;
  } catch {
    return null; // not base64 or not JSON: not ours
  }
}
