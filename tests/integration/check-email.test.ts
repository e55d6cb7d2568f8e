import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { call, errorCode, ORIGIN, signUp, uniqueEmail } from '../support/client';
import { insertUser } from '../support/db';

function check(email: string | null, init: RequestInit = {}): Promise<Response> {
  const query = email === null ? '' : `?email=${encodeURIComponent(email)}`;
  // A GET that changes nothing: sent as a plain navigation would be, with no Origin.
  return exports.default.fetch(new Request(`${ORIGIN}/api/checkIfEmailExists${query}`, init));
}

async function countRows(): Promise<number> {
  // login_events is left out: a sign-up elsewhere in this file records one from the queue.
  const tables = ['users', 'sessions'];
  let total = 0;
  for (const table of tables) {
    total += (await env.DB.prepare(`SELECT count(*) AS n FROM ${table}`).first<{ n: number }>())!.n;
  }
  return total;
}

describe('GET /api/checkIfEmailExists', () => {
  it('answers [] before sign-up and ["password"] after, whatever the case and spaces', async () => {
    const email = uniqueEmail('check');
    const before = await check(email);
    expect(before.status).toBe(200);
    expect(await before.json()).toEqual([]);

    await signUp(email);
    for (const asked of [email, email.toUpperCase(), `  ${email} `]) {
      const after = await check(asked);
      expect(after.status).toBe(200);
      expect(await after.json()).toEqual(['password']);
    }
  });

  it('answers [] for an account that signs in only with Google', async () => {
    const user = await insertUser({ passwordHash: null });
    const response = await check(user.email);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([]);
  });

  it('answers the same to another site as to this one (it reads nothing private)', async () => {
    const user = await insertUser({ passwordHash: 'scrypt$1$1$1$AAAA$AAAA' });
    const response = await check(user.email, { headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(['password']);
  });

  it('changes nothing', async () => {
    const user = await insertUser({ passwordHash: 'scrypt$1$1$1$AAAA$AAAA' });
    const rowsBefore = await countRows();
    const userBefore = await env.DB.prepare('SELECT * FROM users WHERE id = ?').bind(user.id).first();
    await check(user.email);
    await check(uniqueEmail('absent'));
    expect(await countRows()).toBe(rowsBefore);
    expect(await env.DB.prepare('SELECT * FROM users WHERE id = ?').bind(user.id).first()).toEqual(userBefore);
  });

  it('is not cached by the browser or a proxy', async () => {
    const response = await check(uniqueEmail());
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it.each([
    ['not an e-mail', 'not-an-email'],
    ['an empty value', ''],
    ['only spaces', '   '],
    ['no domain', 'someone@'],
    ['too long', `${'a'.repeat(64)}@${'b'.repeat(190)}.com`],
  ])('answers 400 INVALID_EMAIL for %s', async (_label, email) => {
    const response = await check(email);
    expect(response.status).toBe(400);
    expect(await errorCode(response)).toBe('INVALID_EMAIL');
  });

  it('answers 400 INVALID_EMAIL without the email parameter', async () => {
    const response = await check(null);
    expect(response.status).toBe(400);
    expect(await errorCode(response)).toBe('INVALID_EMAIL');
  });

  it('answers 400 INVALID_EMAIL when the parameter is given twice', async () => {
    const response = await exports.default.fetch(
      new Request(`${ORIGIN}/api/checkIfEmailExists?email=a%40example.com&email=b%40example.com`),
    );
    expect(response.status).toBe(400);
    expect(await errorCode(response)).toBe('INVALID_EMAIL');
  });

  it('is a GET: POST answers 404', async () => {
    const response = await call('/api/checkIfEmailExists?email=a%40example.com', { method: 'POST', body: {} });
    expect(response.status).toBe(404);
    expect(await errorCode(response)).toBe('NOT_FOUND');
  });
});
