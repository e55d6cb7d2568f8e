import { importJWK, type JWK, SignJWT } from 'jose';
import { sha256Hex } from '../crypto/tokens';
import type { AppConfig } from '../env';

// The local stand-in for Google (dev tools only): one RSA key pair from DEV_GOOGLE_PRIVATE_JWK.
// Its public half is the JWKS the sign-in verifies against; its private half signs ID tokens
// shaped like Google's. Production configuration has neither the key nor dev tools.

const ID_TOKEN_LIFETIME_S = 60 * 60;

interface DevGoogleKey {
  privateJwk: JWK;
  publicJwk: JWK;
}

let cached: { source: string; key: DevGoogleKey } | null = null;

/** The stand-in's key pair; throws unless dev tools are on and the key is configured. */
export function readDevGoogleKey(config: AppConfig): DevGoogleKey {
  const source = config.DEV_GOOGLE_PRIVATE_JWK;
  if (!config.DEV_TOOLS || !source) throw new Error('The local Google stand-in needs DEV_TOOLS=on and DEV_GOOGLE_PRIVATE_JWK');
  if (cached?.source === source) return cached.key;
  const privateJwk = JSON.parse(source) as JWK;
  if (privateJwk.kty !== 'RSA' || !privateJwk.n || !privateJwk.e || !privateJwk.d || !privateJwk.kid) {
    throw new Error('DEV_GOOGLE_PRIVATE_JWK must be a private RSA JWK with a kid');
  }
  const publicJwk: JWK = { kty: 'RSA', n: privateJwk.n, e: privateJwk.e, kid: privateJwk.kid, alg: 'RS256', use: 'sig' };
  cached = { source, key: { privateJwk: { ...privateJwk, alg: 'RS256' }, publicJwk } };
  return cached.key;
}

/** A stable Google-like subject for an e-mail: 21 decimal digits of its SHA-256. */
async function devGoogleSubject(email: string): Promise<string> {
  const digest = await sha256Hex(email.toLowerCase());
  return BigInt(`0x${digest}`).toString(10).slice(0, 21);
}

interface DevGoogleIdentity {
  email: string;
  name?: string | undefined;
  emailVerified: boolean;
}

/** An RS256 ID token with Google's claims, signed by the stand-in's key. */
export async function signDevGoogleIdToken(config: AppConfig, identity: DevGoogleIdentity, now: number): Promise<string> {
  const { privateJwk } = readDevGoogleKey(config);
  const key = await importJWK(privateJwk, 'RS256');
  const issuedAt = Math.floor(now / 1000);
  const issuer = config.GOOGLE_ISSUERS[0] ?? 'https://accounts.google.com';
  return new SignJWT({
    azp: config.GOOGLE_CLIENT_ID,
    email: identity.email,
    email_verified: identity.emailVerified,
    ...(identity.name ? { name: identity.name } : {}),
  })
    .setProtectedHeader({ alg: 'RS256', kid: privateJwk.kid!, typ: 'JWT' })
    .setIssuer(issuer)
    .setAudience(config.GOOGLE_CLIENT_ID)
    .setSubject(await devGoogleSubject(identity.email))
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ID_TOKEN_LIFETIME_S)
    .sign(key);
}
