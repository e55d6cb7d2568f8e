import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '../../worker/crypto/tokens';
import { getDb } from '../../worker/db/client';
import { countHit, readHits } from '../../worker/db/queries/rate-limits';
import { RATE_LIMIT_MEMORY_MS, RATE_LIMITS, windowStart } from '../../worker/domain/rate-limits';
import { runCron } from '../../worker/jobs/cron';
import { logIn } from '../support/auth';
import { call, errorCode, GOOD_PASSWORD, sessionCookieFrom, uniqueEmail } from '../support/client';
import { hashTestPassword, insertUser } from '../support/db';
import { addressSource, awaitRoomInWindow, expectRateLimited, from, letWindowPass } from '../support/rate-limit';

// Abuse limits, each from the caller's point of view. Every request here names its address
// (cf-connecting-ip) so the per-IP counts are the test's own; storage is this file's alone.
const SLOW = 60_000;

let goodPasswordHash: string;

beforeAll(async () => {
  goodPasswordHash = await hashTestPassword(GOOD_PASSWORD);
});

/** An address no other test in this file uses. */
const freshIp = addressSource('198.18');

async function expectLimited(response: Response, windowMs: number): Promise<void> {
  await expectRateLimited(response, windowMs);
  expect(sessionCookieFrom(response)).toBeNull();
}

describe('POST /api/login, per address', () => {
  it(
    'answers 429 RATE_LIMITED with Retry-After to the 31st attempt from one address within 10 minutes',
    async () => {
      const { limit, windowMs } = RATE_LIMITS['login-ip'];
      expect(limit).toBe(30);
      await awaitRoomInWindow(windowMs);
      const user = await insertUser({ passwordHash: goodPasswordHash });
      const ip = freshIp();
      for (let i = 0; i < limit; i++) {
        // Each attempt for another e-mail, so only the per-address limit can be reached.
        const { response } = await logIn(uniqueEmail('guess'), GOOD_PASSWORD, from(ip));
        expect(response.status).toBe(401);
      }
      // Even the right password of a real account is refused from that address now.
      const { response } = await logIn(user.email, GOOD_PASSWORD, from(ip));
      await expectLimited(response, windowMs);

      // Another address is not held up by it.
      expect((await logIn(user.email, GOOD_PASSWORD, from(freshIp()))).response.status).toBe(200);

      // Once the window has passed, the address may try again.
      await letWindowPass('login-ip', ip);
      expect((await logIn(user.email, GOOD_PASSWORD, from(ip))).response.status).toBe(200);
    },
    SLOW,
  );

  it(
    'counts Google sign-ins against the same per-address limit',
    async () => {
      const { limit, windowMs } = RATE_LIMITS['login-ip'];
      await awaitRoomInWindow(windowMs);
      const ip = freshIp();
      for (let i = 0; i < limit; i++) {
        expect((await call('/api/login', { method: 'POST', body: { token: 'not-a-google-token' }, ...from(ip) })).status).toBe(401);
      }
      const user = await insertUser({ passwordHash: goodPasswordHash });
      await expectLimited((await logIn(user.email, GOOD_PASSWORD, from(ip))).response, windowMs);
    },
    SLOW,
  );
});

describe('POST /api/login, per account (issue 15, finding 3: the owner is never locked out from elsewhere)', () => {
  it(
    'answers 429 to one address after 10 wrong passwords for one e-mail, while the owner signs in from another',
    async () => {
      const { limit, windowMs } = RATE_LIMITS['login-failure-account-ip'];
      expect(limit).toBe(10);
      await awaitRoomInWindow(windowMs);
      const user = await insertUser({ passwordHash: goodPasswordHash });
      const guesser = freshIp();
      const spellings = [user.email, user.email.toUpperCase(), `  ${user.email} `];
      for (let i = 0; i < limit; i++) {
        const { response } = await logIn(spellings[i % spellings.length]!, `wrong guess ${i}`, from(guesser));
        expect(response.status).toBe(401);
      }
      const refused = (await logIn(user.email, GOOD_PASSWORD, from(guesser))).response;
      await expectLimited(refused.clone(), windowMs);
      expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(/Forgot your password/);

      // The owner, at their own address, is not held up by someone else's guessing.
      expect((await logIn(user.email, GOOD_PASSWORD, from(freshIp()))).response.status).toBe(200);

      await letWindowPass('login-failure-account-ip', `${user.email}|${guesser}`);
      expect((await logIn(user.email, GOOD_PASSWORD, from(guesser))).response.status).toBe(200);
    },
    SLOW,
  );

  it(
    'never counts a sign-in that worked',
    async () => {
      const { limit, windowMs } = RATE_LIMITS['login-failure-account-ip'];
      await awaitRoomInWindow(windowMs);
      const user = await insertUser({ passwordHash: goodPasswordHash });
      const home = freshIp();
      for (let i = 0; i < limit + 2; i++) expect((await logIn(user.email, GOOD_PASSWORD, from(home))).response.status).toBe(200);
    },
    SLOW,
  );

  it('answers 429 from any address once the account reaches the looser ceiling of wrong passwords', async () => {
    const { limit, windowMs } = RATE_LIMITS['login-failure-account'];
    await awaitRoomInWindow(windowMs);
    const user = await insertUser({ passwordHash: goodPasswordHash });
    const start = Date.now() - (Date.now() % windowMs);
    await env.DB.prepare('INSERT INTO rate_limits (key, window_start, count) VALUES (?, ?, ?)')
      .bind(`login-failure-account:${await sha256Hex(user.email)}`, start, limit)
      .run();
    await expectLimited((await logIn(user.email, GOOD_PASSWORD, from(freshIp()))).response, windowMs);
  });

  it(
    'limits an e-mail with no account the same way (the answer tells nothing about who has one)',
    async () => {
      const { limit, windowMs } = RATE_LIMITS['login-failure-account-ip'];
      await awaitRoomInWindow(windowMs);
      const nobody = uniqueEmail('nobody');
      const ip = freshIp();
      for (let i = 0; i < limit; i++) expect((await logIn(nobody, GOOD_PASSWORD, from(ip))).response.status).toBe(401);
      await expectLimited((await logIn(nobody, GOOD_PASSWORD, from(ip))).response, windowMs);
    },
    SLOW,
  );
});

describe('POST /api/signup, per address', () => {
  it(
    'answers 429 to the 11th sign-up from one address within an hour, and creates no account',
    async () => {
      const { limit, windowMs } = RATE_LIMITS['signup-ip'];
      expect(limit).toBe(10);
      await awaitRoomInWindow(windowMs);
      const ip = freshIp();
      for (let i = 0; i < limit; i++) {
        const response = await call('/api/signup', {
          method: 'POST',
          body: { email: uniqueEmail('signup'), password: GOOD_PASSWORD },
          ...from(ip),
        });
        expect(response.status).toBe(201);
      }
      const email = uniqueEmail('eleventh');
      const response = await call('/api/signup', { method: 'POST', body: { email, password: GOOD_PASSWORD }, ...from(ip) });
      await expectLimited(response, windowMs);
      expect(await env.DB.prepare('SELECT id FROM users WHERE email = ?').bind(email).first()).toBeNull();

      const elsewhere = await call('/api/signup', { method: 'POST', body: { email, password: GOOD_PASSWORD }, ...from(freshIp()) });
      expect(elsewhere.status).toBe(201);
    },
    SLOW,
  );
});

describe('POST /api/signup and checkIfEmailExists, per address asked about', () => {
  it(
    'answers 429 to the 6th sign-up attempt for one e-mail within an hour, from any addresses',
    async () => {
      const { limit, windowMs } = RATE_LIMITS['signup-account'];
      expect(limit).toBe(5);
      await awaitRoomInWindow(windowMs);
      const email = uniqueEmail('taken');
      expect((await call('/api/signup', { method: 'POST', body: { email, password: GOOD_PASSWORD }, ...from(freshIp()) })).status).toBe(
        201,
      );
      for (let i = 1; i < limit; i++) {
        const again = await call('/api/signup', { method: 'POST', body: { email, password: GOOD_PASSWORD }, ...from(freshIp()) });
        expect(again.status).toBe(409);
      }
      await expectLimited(
        await call('/api/signup', { method: 'POST', body: { email, password: GOOD_PASSWORD }, ...from(freshIp()) }),
        windowMs,
      );
    },
    SLOW,
  );

  it(
    'answers 429 to the 11th check of one e-mail within 10 minutes, from any addresses',
    async () => {
      const { limit, windowMs } = RATE_LIMITS['email-check-account'];
      expect(limit).toBe(10);
      await awaitRoomInWindow(windowMs);
      const path = `/api/checkIfEmailExists?email=${encodeURIComponent(uniqueEmail('probed'))}`;
      for (let i = 0; i < limit; i++) expect((await call(path, from(freshIp()))).status).toBe(200);
      await expectLimited(await call(path, from(freshIp())), windowMs);
    },
    SLOW,
  );
});

describe('POST /api/signup refuses common passwords', () => {
  it.each([['password123'], ['Password123'], ['PASSWORD123'], ['qwertyuiop'], ['iloveyou']])(
    'answers 400 COMMON_PASSWORD for %j and creates no account',
    async (password) => {
      const email = uniqueEmail('common');
      const response = await call('/api/signup', { method: 'POST', body: { email, password } });
      expect(response.status).toBe(400);
      expect(await errorCode(response)).toBe('COMMON_PASSWORD');
      expect(sessionCookieFrom(response)).toBeNull();
      expect(await env.DB.prepare('SELECT id FROM users WHERE email = ?').bind(email).first()).toBeNull();
    },
  );

  it('takes a long uncommon phrase', async () => {
    const response = await call('/api/signup', { method: 'POST', body: { email: uniqueEmail('uncommon'), password: GOOD_PASSWORD } });
    expect(response.status).toBe(201);
  });
});

describe('GET /api/checkIfEmailExists, per address', () => {
  it(
    'answers 429 RATE_LIMITED with Retry-After to the 31st check from one address within 10 minutes',
    async () => {
      const { limit, windowMs } = RATE_LIMITS['email-check-ip'];
      expect(limit).toBe(30);
      await awaitRoomInWindow(windowMs);
      const ip = freshIp();
      const path = (): string => `/api/checkIfEmailExists?email=${encodeURIComponent(uniqueEmail('probe'))}`;
      for (let i = 0; i < limit; i++) expect((await call(path(), from(ip))).status).toBe(200);
      await expectLimited(await call(path(), from(ip)), windowMs);
      expect((await call(path(), from(freshIp()))).status).toBe(200);
    },
    SLOW,
  );
});

describe('the rate_limits table', () => {
  it('holds neither e-mail addresses nor IP addresses in clear, only digests', async () => {
    const email = uniqueEmail('private');
    const ip = freshIp();
    await logIn(email, 'any password', from(ip));
    const { results } = await env.DB.prepare('SELECT key FROM rate_limits').all<{ key: string }>();
    const keys = results.map((r) => r.key);
    expect(keys).toContain(`login-failure-account:${await sha256Hex(email)}`);
    expect(keys).toContain(`login-failure-account-ip:${await sha256Hex(`${email}|${ip}`)}`);
    expect(keys).toContain(`login-ip:${await sha256Hex(ip)}`);
    for (const key of keys) expect(key).toMatch(/^[a-z-]+:[0-9a-f]{64}$/);
    const dump = JSON.stringify(await env.DB.prepare('SELECT * FROM rate_limits').all());
    expect(dump).not.toContain('@');
    expect(dump).not.toContain(email.split('@')[0]!);
    expect(dump).not.toContain(ip);
  });
});

describe('attempts around a window edge (decision 051)', () => {
  it('keeps the count of the window just ended beside the new one, and forgets windows further back', async () => {
    const db = getDb(env);
    const key = `test-edge:${crypto.randomUUID()}`;
    const windowMs = 10 * 60_000;
    const start = windowStart(Date.now(), windowMs);
    for (let i = 1; i <= 3; i++) expect(await countHit(db, key, start, windowMs)).toEqual({ current: i, previous: 0 });
    // The next window carries the three along, so slidingHits can still count them near the edge.
    expect(await countHit(db, key, start + windowMs, windowMs)).toEqual({ current: 1, previous: 3 });
    expect(await readHits(db, key, start + windowMs, windowMs)).toEqual({ current: 1, previous: 3 });
    expect(await readHits(db, key, start + 2 * windowMs, windowMs)).toEqual({ current: 0, previous: 1 });
    expect(await readHits(db, key, start + 3 * windowMs, windowMs)).toEqual({ current: 0, previous: 0 });
    // A window that skipped one starts from nothing.
    expect(await countHit(db, key, start + 3 * windowMs, windowMs)).toEqual({ current: 1, previous: 0 });
  });

  it('forgets, at the cron, the counters of addresses not seen for two windows, and keeps the others', async () => {
    const old = freshIp();
    const recent = freshIp();
    await logIn(uniqueEmail('old'), 'any password', from(old));
    await logIn(uniqueEmail('recent'), 'any password', from(recent));
    await letWindowPass('login-ip', old, RATE_LIMIT_MEMORY_MS + RATE_LIMITS['login-ip'].windowMs);
    await runCron(env);
    const { results } = await env.DB.prepare('SELECT key FROM rate_limits').all<{ key: string }>();
    const keys = results.map((r) => r.key);
    expect(keys).not.toContain(`login-ip:${await sha256Hex(old)}`);
    expect(keys).toContain(`login-ip:${await sha256Hex(recent)}`);
  });
});
