import { z } from 'zod';

// The loopback network signs its webhooks with its own Ed25519 key (LOOPBACK_SIGNING_KEY, a
// private JWK made once per machine by scripts/local-env.mjs); the Worker verifies them with the
// public half, derived from the same JWK, exactly as it verifies Telnyx's with Telnyx's key.

export const LOOPBACK_SIGNATURE_HEADER = 'loopback-signature-ed25519';
export const LOOPBACK_TIMESTAMP_HEADER = 'loopback-timestamp';

const jwkSchema = z.object({ kty: z.literal('OKP'), crv: z.literal('Ed25519'), x: z.string().min(1), d: z.string().min(1) });

const cache = new Map<string, Promise<{ privateKey: CryptoKey; publicKey: CryptoKey }>>();

/** The signing and verification keys of LOOPBACK_SIGNING_KEY; rejects when it is not an Ed25519 private JWK. */
export function loopbackKeys(jwkText: string): Promise<{ privateKey: CryptoKey; publicKey: CryptoKey }> {
  let keys = cache.get(jwkText);
  if (!keys) {
    keys = (async () => {
      const jwk = jwkSchema.parse(JSON.parse(jwkText));
      const [privateKey, publicKey] = await Promise.all([
        crypto.subtle.importKey('jwk', jwk, { name: 'Ed25519' }, false, ['sign']),
        crypto.subtle.importKey('jwk', { kty: 'OKP', crv: 'Ed25519', x: jwk.x }, { name: 'Ed25519' }, false, ['verify']),
      ]);
      return { privateKey, publicKey };
    })();
    cache.set(jwkText, keys);
  }
  return keys;
}
