import { exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../src/common/errors';
import { call, errorCode, GOOD_PASSWORD, ORIGIN } from '../support/client';

/** A client error answered as the API's JSON error body: never a 500, never HTML. */
async function expectJsonClientError(response: Response): Promise<string> {
  expect(response.status).toBeGreaterThanOrEqual(400);
  expect(response.status).toBeLessThan(500);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const body = (await response.json()) as { error?: { code?: string; message?: string } };
  expect(ERROR_CODES).toContain(body.error?.code);
  expect(body.error?.message).toEqual(expect.any(String));
  return body.error!.code!;
}

describe('paths that are not there', () => {
  it.each([['/api/nope'], ['/api/'], ['/api/nope/deeper'], ['/api/LOGIN'], ['/api/login/extra']])(
    '%s answers 404 JSON NOT_FOUND',
    async (path) => {
      const response = await call(path);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await response.json()).toEqual({ error: { code: 'NOT_FOUND', message: expect.any(String) } });
    },
  );

  it.each([['/'], ['/nope'], ['/dashboard'], ['/favicon.ico']])('%s answers 404 in this app, which renders no pages', async (path) => {
    const response = await call(path);
    expect(response.status).toBe(404);
    expect(await errorCode(response)).toBe('NOT_FOUND');
  });
});

describe('security headers', () => {
  it.each([
    ['a success', () => call('/api/checkIfEmailExists?email=someone%40example.com')],
    ['a client error', () => call('/api/login', { method: 'POST', body: {} })],
    ['a 404', () => call('/api/nope')],
    ['a refused cross-site call', () => call('/api/logout', { method: 'POST', headers: { origin: 'https://evil.example' } })],
  ])('are on every API response: %s', async (_label, send) => {
    const response = await send();
    const headers = response.headers;
    const csp = headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/(^|;)\s*default-src 'none'/);
    expect(csp).toMatch(/frame-ancestors 'none'/);
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    const hsts = /max-age=(\d+)/.exec(headers.get('strict-transport-security') ?? '');
    expect(Number(hsts?.[1])).toBeGreaterThanOrEqual(31536000);
    expect(headers.get('referrer-policy')).toMatch(/^(no-referrer|strict-origin|strict-origin-when-cross-origin|same-origin)$/);
    expect(headers.get('cache-control')).toBe('no-store');
    expect(headers.get('x-frame-options')).toBe('DENY');
  });

  it('are on a non-API response too, with a policy that forbids framing', async () => {
    const response = await call('/nope');
    expect(response.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
  });

  it('do not leak how the server is built', async () => {
    const response = await call('/api/nope');
    expect(response.headers.get('x-powered-by')).toBeNull();
    expect(response.headers.get('server') ?? '').not.toMatch(/hono/i);
  });
});

describe('a known API path with the wrong method', () => {
  it.each([
    ['GET', '/api/signup'],
    ['GET', '/api/login'],
    ['PUT', '/api/login'],
    ['DELETE', '/api/logout'],
    ['PATCH', '/api/verifyAuth'],
    ['OPTIONS', '/api/login'],
    ['POST', '/api/checkIfEmailExists'],
    ['POST', '/api/live'],
  ])('%s %s answers 404 or 405 JSON, never 500', async (method, path) => {
    const response = await call(path, { method, body: method === 'GET' || method === 'OPTIONS' ? undefined : {} });
    expect([404, 405]).toContain(response.status);
    expect(['NOT_FOUND', 'METHOD_NOT_ALLOWED']).toContain(await expectJsonClientError(response));
  });

  it('HEAD of an API path answers without a body and without a 500', async () => {
    const response = await call('/api/signup', { method: 'HEAD' });
    expect([404, 405]).toContain(response.status);
    expect(await response.text()).toBe('');
  });
});

describe('bodies that are huge or strange', () => {
  it('answers a 1 MB e-mail with a 4xx, not a 500', async () => {
    const response = await call('/api/login', {
      method: 'POST',
      body: { email: `${'a'.repeat(1024 * 1024)}@example.com`, password: GOOD_PASSWORD },
    });
    const code = await expectJsonClientError(response);
    expect(['PAYLOAD_TOO_LARGE', 'INVALID_EMAIL']).toContain(code);
  });

  it('answers a 1 MB password with a 4xx before hashing it', async () => {
    const response = await call('/api/signup', {
      method: 'POST',
      body: { email: 'big@example.com', password: 'p'.repeat(1024 * 1024) },
    });
    await expectJsonClientError(response);
  });

  it('answers a long e-mail in a body of ordinary size with 400 INVALID_EMAIL', async () => {
    const response = await call('/api/login', {
      method: 'POST',
      body: { email: `${'a'.repeat(30_000)}@example.com`, password: GOOD_PASSWORD },
    });
    expect(response.status).toBe(400);
    expect(await errorCode(response)).toBe('INVALID_EMAIL');
  });

  it.each([
    ['arrays nested 20 000 deep', '['.repeat(20_000) + ']'.repeat(20_000)],
    ['objects nested 5 000 deep', `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`],
    ['an e-mail nested in objects', JSON.stringify({ email: { $gt: '' }, password: { $ne: null } })],
    ['a prototype key', '{"__proto__":{"admin":true},"email":"a@example.com"}'],
    ['a lone surrogate', '{"email":"\\ud800@example.com","password":"x"}'],
    ['a NUL in the e-mail', '{"email":"a\\u0000@example.com","password":"x"}'],
    ['a number too big for a double', `{"email":1e400,"password":"x"}`],
    ['duplicate keys', '{"email":"x","email":"y","password":"z"}'],
    ['a byte-order mark', '\ufeff{"email":"a@example.com"}'],
  ])('answers %s with a 4xx JSON error', async (_label, body) => {
    const response = await call('/api/login', { method: 'POST', body });
    await expectJsonClientError(response);
  });

  it('answers a JSON body sent as text/plain with a 4xx', async () => {
    const response = await call('/api/login', {
      method: 'POST',
      body: JSON.stringify({ email: 'a@example.com', password: GOOD_PASSWORD }),
      headers: { 'content-type': 'text/plain' },
    });
    await expectJsonClientError(response);
  });

  it('answers a body that is not UTF-8 with a 4xx', async () => {
    const response = await exports.default.fetch(
      new Request(`${ORIGIN}/api/login`, {
        method: 'POST',
        headers: { origin: ORIGIN, 'content-type': 'application/json' },
        body: new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]),
      }),
    );
    await expectJsonClientError(response);
  });

  it('answers a query parameter of 100 KB with a 4xx', async () => {
    const response = await call(`/api/checkIfEmailExists?email=${'a'.repeat(100_000)}%40example.com`);
    await expectJsonClientError(response);
  });
});
