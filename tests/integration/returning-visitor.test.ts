import { describe, expect, it } from 'vitest';
import { SIGNED_IN_BEFORE_COOKIE } from '../../src/common/returning-visitor';
import { call, GOOD_PASSWORD, signUp, uniqueEmail } from '../support/client';

// /login's two faces (decision 039): every sign-in marks the browser (a long-lived cookie the server
// reads when it renders /login), so the next visit opens on signing in. Signing out keeps the mark.

function markOf(response: Response): string | undefined {
  return response.headers.getSetCookie().find((line) => line.startsWith(`${SIGNED_IN_BEFORE_COOKIE}=`));
}

describe('the signed-in-before mark', () => {
  it('is set by a sign-up and a sign-in, for a year, readable only by the server', async () => {
    const email = uniqueEmail('returning');
    const signup = await call('/api/signup', { method: 'POST', body: { email, password: GOOD_PASSWORD } });
    expect(signup.status).toBe(201);
    expect(markOf(signup)).toMatch(/^signed_in_before=1;.*Max-Age=34560000;.*Path=\/;.*HttpOnly;.*SameSite=Lax/);

    const login = await call('/api/login', { method: 'POST', body: { email, password: GOOD_PASSWORD } });
    expect(login.status).toBe(200);
    expect(markOf(login)).toBeDefined();
  });

  it('is not set by a refused sign-in, and a sign-out leaves it alone', async () => {
    const { cookie, email } = await signUp();
    const refused = await call('/api/login', { method: 'POST', body: { email, password: 'not the password at all' } });
    expect(refused.status).toBe(401);
    expect(markOf(refused)).toBeUndefined();

    const logout = await call('/api/logout', { method: 'POST', cookie });
    expect(logout.status).toBeLessThan(300);
    expect(markOf(logout)).toBeUndefined();
  });
});
