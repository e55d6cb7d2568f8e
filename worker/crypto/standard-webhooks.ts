// Signatures by the Standard Webhooks spec (https://www.standardwebhooks.com): HMAC-SHA256 over
// `${id}.${timestamp}.${body}` with the secret's bytes, base64, prefixed `v1,`. Secrets are
// `whsec_` + base64 of 32 random bytes. Several signatures are separated by spaces.

const PREFIX = 'whsec_';

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** A new secret, `whsec_` and 32 random bytes in base64. */
export function newWebhookSecret(): string {
  return PREFIX + toBase64(crypto.getRandomValues(new Uint8Array(32)));
}

/** The bytes a `whsec_…` secret signs with. */
export function webhookSecretBytes(secret: string): Uint8Array<ArrayBuffer> {
  const base64 = secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret;
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
}

/** The `v1,<base64>` signature of one message under one secret. */
export async function signWebhook(secret: string, id: string, timestamp: number, body: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', webhookSecretBytes(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`${id}.${timestamp}.${body}`));
  return `v1,${toBase64(new Uint8Array(mac))}`;
}

/** The three headers of one delivery, signed by every secret given (the new one first during a rotation). */
export async function webhookHeaders(secrets: string[], id: string, timestamp: number, body: string): Promise<Record<string, string>> {
  const signatures = await Promise.all(secrets.map((secret) => signWebhook(secret, id, timestamp, body)));
  return { 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': signatures.join(' ') };
}
