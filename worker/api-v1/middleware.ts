import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { ApiKeyScope } from '../../src/common/api-key-rules';
import { authenticateApiKey, noteApiKeyUse } from '../api-keys/authenticate';
import { toHex } from '../crypto/tokens';
import { API_RATE_LIMIT, isIdempotencyKey, type RateLimitState } from '../domain/api-limits';
import { readConfig } from '../env';
import { userStore } from '../user-store/stub';
import { Problem } from './problems';
import type { V1Env } from './v1-env';

// What /v1 adds around the product's feature functions (decision 046): a request id, the bearer
// key, its calls counted in the owner's object with the RateLimit headers on every answer, the
// scope each route needs, and Idempotency-Key on the POSTs that create something.

/** The draft-ietf-httpapi-ratelimit-headers fields for where the key stands. */
export function rateLimitHeaders(state: RateLimitState): Record<string, string> {
  const windowSeconds = API_RATE_LIMIT.windowMs / 1000;
  return {
    'RateLimit-Policy': `"per-key";q=${state.limit};w=${windowSeconds}`,
    RateLimit: `"per-key";r=${state.remaining};t=${state.resetSeconds}`,
  };
}

/** Every answer of /v1 carries `Request-Id`, and a problem names it too. */
export const requestId = createMiddleware<V1Env>(async (c, next) => {
  const id = `req_${crypto.randomUUID().replaceAll('-', '')}`;
  c.set('requestId', id);
  await next();
  c.res.headers.set('Request-Id', id);
  // Answers are for the key's holder alone, never kept by a cache between.
  if (!c.res.headers.has('cache-control')) c.res.headers.set('cache-control', 'no-store');
});

const BEARER = /^Bearer\s+(\S+)\s*$/i;

interface InnerCall {
  apiKey: V1Env['Variables']['apiKey'];
  owner: V1Env['Variables']['owner'];
  rateLimitHeaders: Record<string, string>;
}

/**
 * Requests the MCP endpoint (mcp.ts) hands to /v1 for its tools, by identity: only code holding the
 * Request object can be one, so no header can claim it. They carry the key the MCP call was checked
 * and counted with, and are neither looked up nor counted again.
 */
const innerCalls = new WeakMap<Request, InnerCall>();

export function markInnerCall(request: Request, c: Context<V1Env>): void {
  innerCalls.set(request, { apiKey: c.get('apiKey'), owner: c.get('owner'), rateLimitHeaders: c.get('rateLimitHeaders') });
}

/**
 * 401 without a live, unexpired key (which of these is not said); then the call is counted against
 * the key and the RateLimit fields set, on this answer and every later one, 429 past the limit.
 */
export const requireApiKey = createMiddleware<V1Env>(async (c, next) => {
  const inner = innerCalls.get(c.req.raw);
  if (inner) {
    c.set('apiKey', inner.apiKey);
    c.set('owner', inner.owner);
    c.set('rateLimitHeaders', inner.rateLimitHeaders);
    return next();
  }
  const presented = BEARER.exec(c.req.header('authorization') ?? '')?.[1];
  const challenge = { headers: { 'WWW-Authenticate': 'Bearer realm="api"' } };
  if (!presented) throw new Problem('unauthenticated', 'Send an API key as `Authorization: Bearer fx_live_…`.', challenge);
  const now = Date.now();
  const holder = await authenticateApiKey(c.env, presented, now);
  if (!holder) throw new Problem('unauthenticated', 'The API key is not valid: unknown, revoked or expired.', challenge);
  c.set('apiKey', { keyId: holder.keyId, livemode: holder.livemode, scopes: holder.scopes });
  c.set('owner', holder.owner);
  const limit = API_RATE_LIMIT.limit * readConfig(c.env).RATE_LIMIT_MULTIPLIER;
  const [state] = await Promise.all([
    userStore(c.env, holder.owner.id).countApiCall(holder.keyId, now, limit),
    noteApiKeyUse(c.env, holder, now),
  ]);
  const headers = rateLimitHeaders(state);
  c.set('rateLimitHeaders', headers);
  if (state.retryAfter !== null) {
    throw new Problem('rate_limited', `This key made more than ${state.limit} calls in a minute.`, {
      headers: { 'Retry-After': String(state.retryAfter) },
    });
  }
  await next();
  for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
});

/** 403 insufficient_scope unless the key was given the scope. */
export function requireScope(scope: ApiKeyScope) {
  return createMiddleware<V1Env>(async (c, next) => {
    if (!c.get('apiKey').scopes.includes(scope)) {
      throw new Problem('insufficient_scope', `This call needs an API key with the ${scope} permission.`);
    }
    await next();
  });
}

async function fingerprintOf(method: string, path: string, body: ArrayBuffer): Promise<string> {
  const head = new TextEncoder().encode(`${method} ${path}\n`);
  const all = new Uint8Array(head.byteLength + body.byteLength);
  all.set(head);
  all.set(new Uint8Array(body), head.byteLength);
  return toHex(await crypto.subtle.digest('SHA-256', all));
}

/**
 * Idempotency-Key (draft-ietf-httpapi-idempotency-key-header): the first request with a key runs and
 * its successful answer is kept for 24 hours; the same request again gets that answer with
 * `Idempotent-Replayed: true`; one arriving while the first runs gets 409, one with another body
 * 422. A failed first request keeps nothing, so its retry runs again.
 */
export const idempotent = createMiddleware<V1Env>(async (c, next) => {
  const key = c.req.header('idempotency-key');
  if (key === undefined) return next();
  if (!isIdempotencyKey(key)) throw new Problem('invalid_idempotency_key', 'An Idempotency-Key is 1 to 255 visible ASCII characters.');
  const store = userStore(c.env, c.get('owner').id);
  const id = `${c.get('apiKey').keyId}:${key}`;
  const fingerprint = await fingerprintOf(c.req.method, new URL(c.req.url).pathname, await c.req.arrayBuffer());
  const claim = await store.claimIdempotencyKey(id, fingerprint, Date.now());
  if (claim.kind === 'in-flight') {
    throw new Problem('idempotency_in_flight', 'The first request with this Idempotency-Key has not finished; retry shortly.', {
      headers: { 'Retry-After': '1' },
    });
  }
  if (claim.kind === 'mismatch') throw new Problem('idempotency_key_reused', 'This Idempotency-Key was used with another request.');
  if (claim.kind === 'replay') {
    c.res = new Response(claim.body, {
      status: claim.status,
      headers: { 'content-type': claim.contentType, 'Idempotent-Replayed': 'true' },
    });
    return;
  }
  try {
    await next();
  } catch (err) {
    await store.releaseIdempotencyKey(id);
    throw err;
  }
  const res = c.res;
  if (res.status >= 200 && res.status < 300 && !c.error) {
    await store.saveIdempotentAnswer(id, res.status, res.headers.get('content-type') ?? 'application/json', await res.clone().text());
  } else {
    await store.releaseIdempotencyKey(id);
  }
});
