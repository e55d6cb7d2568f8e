// Secrets kept at rest (an authenticator app's TOTP secret) sealed with AES-256-GCM under a key from
// configuration, so a copy of the database alone yields no secret. Sealed form: base64 of
// a 12-byte random IV followed by the ciphertext and its tag. `context` (the account id) is bound
// in as additional data: a sealed value moved to another row does not open.

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

async function importKey(base64Key: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', fromBase64(base64Key), 'AES-GCM', false, ['encrypt', 'decrypt']);
}

export async function seal(base64Key: string, plain: Uint8Array, context: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const additionalData = new TextEncoder().encode(context);
  const cipher = await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData }, await importKey(base64Key), plain);
  const out = new Uint8Array(iv.length + cipher.byteLength);
  out.set(iv);
  out.set(new Uint8Array(cipher), iv.length);
  return toBase64(out);
}

/** The sealed bytes, or null when they do not open under this key and context. */
export async function unseal(base64Key: string, sealed: string, context: string): Promise<Uint8Array | null> {
  try {
    const bytes = fromBase64(sealed);
    const additionalData = new TextEncoder().encode(context);
    const key = await importKey(base64Key);
    const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: bytes.subarray(0, 12), additionalData }, key, bytes.subarray(12));
    return new Uint8Array(plain);
  } catch {
    return null;
  }
}
