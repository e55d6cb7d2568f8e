import { env } from 'cloudflare:workers';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { verifyGoogleIdToken } from '../../worker/auth/google';
import { readConfig } from '../../worker/env';
import { ApiError } from '../../worker/http/api-error';
import { googleClaims, signGoogleToken } from '../support/google';

// verifyGoogleIdToken with the production key source: Google's JWKS fetched over HTTPS (here a
// stubbed fetch standing in for Google), cached, and the local stand-in's key not trusted.

let urlCounter = 0;

/** A production-like configuration whose JWKS URL is new to this isolate (so nothing is cached). */
function productionEnv(): Cloudflare.Env {
  urlCounter += 1;
  return { ...env, DEV_TOOLS: 'off', GOOGLE_JWKS_URL: `https://keys.google.test/oauth2/v3/certs-${urlCounter}` };
}

async function googleKeyPair(kid: string): Promise<{ privateKey: CryptoKey; jwks: { keys: unknown[] } }> {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  return { privateKey, jwks: { keys: [{ ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' }] } };
}

function serveJwks(respond: () => Response): ReturnType<typeof vi.fn> {
  const fetchMock = vi.fn(async () => respond());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('verifyGoogleIdToken against a remote JWKS', () => {
  it("accepts a token signed by a key in Google's JWKS, and fetches the JWKS once", async () => {
    const google = await googleKeyPair('google-1');
    const fetchMock = serveJwks(() => Response.json(google.jwks));
    const prod = productionEnv();
    const claims = googleClaims({ name: ' Ada ' });
    const sign = (): Promise<string> => new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: 'google-1' }).sign(google.privateKey);

    expect(await verifyGoogleIdToken(prod, await sign())).toEqual({
      subject: claims.sub,
      email: claims.email,
      emailVerified: true,
      name: 'Ada',
    });
    await verifyGoogleIdToken(prod, await sign());
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toBe(prod.GOOGLE_JWKS_URL);
  });

  it("does not trust the local stand-in's key when the configuration points at Google", async () => {
    const google = await googleKeyPair('google-2');
    serveJwks(() => Response.json(google.jwks));
    const attempt = verifyGoogleIdToken(productionEnv(), await signGoogleToken(googleClaims()));
    await expect(attempt).rejects.toBeInstanceOf(ApiError);
    await expect(attempt).rejects.toMatchObject({ status: 401, code: 'INVALID_GOOGLE_TOKEN' });
  });

  it('treats an unreachable or broken JWKS as our failure (500), not a bad token', async () => {
    const google = await googleKeyPair('google-3');
    const token = await new SignJWT(googleClaims()).setProtectedHeader({ alg: 'RS256', kid: 'google-3' }).sign(google.privateKey);
    serveJwks(() => new Response('unavailable', { status: 503 }));
    const attempt = verifyGoogleIdToken(productionEnv(), token);
    await expect(attempt).rejects.toThrow();
    await expect(attempt).rejects.not.toBeInstanceOf(ApiError);
  });
});

describe('configuration', () => {
  it('refuses a local JWKS path unless dev tools are on', () => {
    const localWithoutDevTools: Cloudflare.Env = { ...env, DEV_TOOLS: 'off', GOOGLE_JWKS_URL: '/dev/google/certs' };
    const devToolsInProduction: Cloudflare.Env = { ...env, DEV_TOOLS: 'on', APP_ENV: 'production' };
    expect(() => readConfig(localWithoutDevTools)).toThrow(/GOOGLE_JWKS_URL/);
    expect(() => readConfig(devToolsInProduction)).toThrow(/DEV_TOOLS/);
  });
});
