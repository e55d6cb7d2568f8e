import { describe, expect, it } from 'vitest';
import { call, signUp } from '../support/client';

// GET /api/ping: the no-op the load benchmark measures every route next to (tests/bench/load.mjs).
describe('GET /api/ping', () => {
  it('answers 204 with no body, signed out', async () => {
    const response = await call('/api/ping');
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
  });

  it('answers 204 signed in too, and leaves the session as it was', async () => {
    const { cookie } = await signUp();
    const response = await call('/api/ping', { cookie });
    expect(response.status).toBe(204);
    expect(response.headers.getSetCookie()).toEqual([]);
  });
});
