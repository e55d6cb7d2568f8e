import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../src/common/live-messages';
import { toBase64Url } from '../../worker/crypto/tokens';
import { issueCustomToken } from '../../worker/live/custom-token';
import { publishToUser } from '../../worker/live/publish';
import { logInOk, verifyAuthStatus } from '../support/auth';
import { call, errorCode, signUp } from '../support/client';
import { insertSessionCookie, insertUser, sessionIdOf } from '../support/db';
import { customTokenFor, openLiveFor, requestLive } from '../support/live';
import { sleep } from '../support/wait';

// Two users with sessions made straight in D1 (no password hashing needed here); every token
// still comes from /api/verifyAuth.
let alice: { userId: string; cookie: string };
let bob: { userId: string; cookie: string };

beforeAll(async () => {
  const [a, b] = [await insertUser(), await insertUser()];
  alice = { userId: a.id, cookie: await insertSessionCookie(a.id) };
  bob = { userId: b.id, cookie: await insertSessionCookie(b.id) };
});

let eventClock = Date.now();

/** An event no other test publishes, recognisable by its `at`. */
function uniqueEvent(): LiveEvent {
  eventClock += 1;
  return { type: 'account.updated', at: eventClock };
}

function isFrameOf(event: LiveEvent) {
  return (frame: string) => frame === JSON.stringify(event);
}

describe('GET /api/live (WebSocket)', () => {
  it('upgrades with a customToken from /api/verifyAuth: 101 and a socket', async () => {
    const response = await requestLive(await customTokenFor(alice.cookie));
    expect(response.status).toBe(101);
    expect(response.webSocket).not.toBeNull();
    response.webSocket!.accept();
    response.webSocket!.close(1000, 'done');
  });

  it("delivers an event published to the user as JSON to each of the user's open pages", async () => {
    const secondSession = await insertSessionCookie(alice.userId);
    const first = await openLiveFor(alice.cookie);
    const second = await openLiveFor(secondSession);
    const event = uniqueEvent();
    expect(await publishToUser(env, alice.userId, event)).toBe(2);
    for (const socket of [first, second]) {
      const frame = await socket.waitForMessage(isFrameOf(event));
      expect(JSON.parse(frame)).toEqual(event);
    }
  });

  it("never delivers a user's events to another user's socket", async () => {
    const aliceSocket = await openLiveFor(alice.cookie);
    const bobSocket = await openLiveFor(bob.cookie);
    const forAlice = uniqueEvent();
    await publishToUser(env, alice.userId, forAlice);
    await aliceSocket.waitForMessage(isFrameOf(forAlice));
    // Bob's socket is live (it gets his own event) and has not seen Alice's.
    const forBob = uniqueEvent();
    await publishToUser(env, bob.userId, forBob);
    await bobSocket.waitForMessage(isFrameOf(forBob));
    expect(bobSocket.messages).not.toContain(JSON.stringify(forAlice));
    expect(aliceSocket.messages).not.toContain(JSON.stringify(forBob));
  });

  it('answers 0 deliveries when the user has no open page', async () => {
    const loner = await insertUser();
    expect(await publishToUser(env, loner.id, uniqueEvent())).toBe(0);
  });

  it("answers the heartbeat 'ping' with 'pong'", async () => {
    const socket = await openLiveFor(alice.cookie);
    socket.send('ping');
    expect(await socket.waitForMessage((m) => m === 'pong')).toBe('pong');
    expect(socket.closeInfo).toBeNull();
  });

  it.each([
    ['an unknown text frame', 'hello'],
    ['a JSON frame', JSON.stringify({ type: 'account.updated', at: 1 })],
    ['PING in capitals', 'PING'],
  ])('closes the socket with 1003 on %s', async (_label, frame) => {
    const socket = await openLiveFor(alice.cookie);
    socket.send(frame);
    expect((await socket.waitForClose()).code).toBe(1003);
  });

  it('closes the socket with 1003 on a binary frame', async () => {
    const socket = await openLiveFor(alice.cookie);
    socket.socket.send(new TextEncoder().encode('ping'));
    expect((await socket.waitForClose()).code).toBe(1003);
  });

  describe('refuses a token that is not genuine and current: 401 UNAUTHENTICATED', () => {
    async function expect401(token: string): Promise<void> {
      const response = await requestLive(token);
      expect(response.status).toBe(401);
      expect(response.webSocket).toBeNull();
      expect(await errorCode(response)).toBe('UNAUTHENTICATED');
    }

    it('an expired token', async () => {
      const sid = await sessionIdOf(alice.cookie);
      await expect401(await issueCustomToken(env.LIVE_TOKEN_SECRET, alice.userId, sid, Date.now() - 61_000));
    });

    it('a token signed with another secret', async () => {
      const sid = await sessionIdOf(alice.cookie);
      const other = 'another-secret-that-is-long-enough-0123456789';
      await expect401(await issueCustomToken(other, alice.userId, sid, Date.now()));
    });

    it('a token whose payload was rewritten to name another user', async () => {
      const [payload, signature] = (await customTokenFor(bob.cookie)).split('.') as [string, string];
      const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { uid: string };
      claims.uid = alice.userId;
      const forged = toBase64Url(new TextEncoder().encode(JSON.stringify(claims)));
      await expect401(`${forged}.${signature}`);
    });

    it('a token whose signature was altered', async () => {
      const [payload, signature] = (await customTokenFor(alice.cookie)).split('.') as [string, string];
      const middle = Math.floor(signature.length / 2);
      const altered = signature.slice(0, middle) + (signature[middle] === 'A' ? 'B' : 'A') + signature.slice(middle + 1);
      await expect401(`${payload}.${altered}`);
    });

    it.each([['garbage'], ['a.b'], ['a.b.c'], ['.'], ['%%%.%%%']])('the string %j', async (token) => {
      await expect401(token);
    });
  });

  it('answers 400 without a token', async () => {
    for (const token of [null, '']) {
      const response = await requestLive(token);
      expect(response.status).toBe(400);
      expect(await errorCode(response)).toBe('INVALID_INPUT');
    }
  });

  it('refuses a page of another site with 403 CROSS_ORIGIN, even with a valid token', async () => {
    const token = await customTokenFor(alice.cookie);
    const response = await requestLive(token, { origin: 'https://evil.example' });
    expect(response.status).toBe(403);
    expect(response.webSocket).toBeNull();
    expect(await errorCode(response)).toBe('CROSS_ORIGIN');
  });

  it('answers 400 to a request that is not a WebSocket upgrade', async () => {
    const token = await customTokenFor(alice.cookie);
    const response = await requestLive(token, { upgrade: null });
    expect(response.status).toBe(400);
    expect(await errorCode(response)).toBe('INVALID_INPUT');
  });

  it("closes the sockets of a session when it signs out (4001), not the user's other sessions", async () => {
    const leaving = await insertSessionCookie(alice.userId);
    const staying = await insertSessionCookie(alice.userId);
    const leavingSocket = await openLiveFor(leaving);
    const stayingSocket = await openLiveFor(staying);

    const response = await call('/api/logout', { method: 'POST', cookie: leaving });
    expect(response.status).toBe(200);

    expect((await leavingSocket.waitForClose()).code).toBe(4001);
    await sleep(50);
    expect(stayingSocket.closeInfo).toBeNull();
    stayingSocket.send('ping');
    await stayingSocket.waitForMessage((m) => m === 'pong');
    const event = uniqueEvent();
    expect(await publishToUser(env, alice.userId, event)).toBeGreaterThanOrEqual(1);
    await stayingSocket.waitForMessage(isFrameOf(event));
  });

  it('closes the sockets of a session that a new sign-in in the same browser replaced (4001)', async () => {
    const { email, cookie: replaced } = await signUp();
    const socket = await openLiveFor(replaced);
    const fresh = await logInOk(email, { cookie: replaced });
    expect(fresh).not.toBe(replaced);
    expect(await verifyAuthStatus(replaced)).toBe(401);
    // The session behind the socket has ended, so the socket must not go on hearing the account.
    expect((await socket.waitForClose(1500)).code).toBe(4001);
  });

  it('refuses a token issued before its session signed out (the socket would outlive the session)', async () => {
    const cookie = await insertSessionCookie(alice.userId);
    const token = await customTokenFor(cookie);
    expect((await call('/api/logout', { method: 'POST', cookie })).status).toBe(200);
    const response = await requestLive(token);
    if (response.webSocket) response.webSocket.accept();
    expect(response.status).toBe(401);
  });

  it('keeps a socket open when a sign-out from another site is refused', async () => {
    const cookie = await insertSessionCookie(alice.userId);
    const socket = await openLiveFor(cookie);
    const response = await call('/api/logout', { method: 'POST', cookie, headers: { origin: 'https://evil.example' } });
    expect(response.status).toBe(403);
    await sleep(50);
    expect(socket.closeInfo).toBeNull();
  });
});
