// Ed25519 webhook signatures in the scheme Telnyx uses, shared by every carrier here (the loopback
// signs its own webhooks the same way): the signature covers `${timestamp}|${raw body}`, the
// timestamp is Unix seconds, and a webhook older or newer than the tolerance is refused so a
// captured request cannot be replayed later. Telnyx: https://developers.telnyx.com/docs/messaging/messages/receiving-webhooks
// ("telnyx-signature-ed25519", "telnyx-timestamp"); its SDKs use a 300 s tolerance.

const WEBHOOK_TOLERANCE_SECONDS = 300;

const encoder = new TextEncoder();

function bytesFromBase64(value: string): Uint8Array | null {
  try {
    const binary = atob(value.trim());
    return Uint8Array.from(binary, (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

function base64FromBytes(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

const publicKeys = new Map<string, Promise<CryptoKey>>();

/** A verification key from the base64 of a raw 32-byte Ed25519 public key (Telnyx's format). */
export function importRawPublicKey(base64: string): Promise<CryptoKey> {
  let key = publicKeys.get(base64);
  if (!key) {
    const raw = bytesFromBase64(base64);
    key =
      raw && raw.byteLength === 32
        ? crypto.subtle.importKey('raw', raw, { name: 'Ed25519' }, false, ['verify'])
        : Promise.reject(new Error('An Ed25519 public key is 32 bytes, base64-encoded'));
    publicKeys.set(base64, key);
  }
  return key;
}

interface SignedWebhook {
  rawBody: string;
  signature: string | null;
  timestamp: string | null;
}

/** True when the signature is valid for this body and timestamp and the timestamp is fresh. */
export async function verifyWebhookSignature(key: CryptoKey, webhook: SignedWebhook, nowMs = Date.now()): Promise<boolean> {
  if (!webhook.signature || !webhook.timestamp || !/^\d{1,12}$/.test(webhook.timestamp)) return false;
  const age = Math.abs(nowMs / 1000 - Number(webhook.timestamp));
  if (age > WEBHOOK_TOLERANCE_SECONDS) return false;
  const signature = bytesFromBase64(webhook.signature);
  if (signature?.byteLength !== 64) return false;
  return crypto.subtle.verify({ name: 'Ed25519' }, key, signature, encoder.encode(`${webhook.timestamp}|${webhook.rawBody}`));
}

/** Base64 signature of `${timestamp}|${body}`. */
export async function signWebhook(privateKey: CryptoKey, timestamp: string, rawBody: string): Promise<string> {
  const signature = await crypto.subtle.sign({ name: 'Ed25519' }, privateKey, encoder.encode(`${timestamp}|${rawBody}`));
  return base64FromBytes(new Uint8Array(signature));
}

/** Reads the raw body and the two signature headers of a webhook request. */
export async function readSignedWebhook(request: Request, signatureHeader: string, timestampHeader: string): Promise<SignedWebhook> {
  return {
    rawBody: await request.text(),
    signature: request.headers.get(signatureHeader),
    timestamp: request.headers.get(timestampHeader),
  };
}
