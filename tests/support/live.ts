import { exports } from 'cloudflare:workers';
import { afterEach } from 'vitest';
import { call, ORIGIN } from './client';
import { waitFor } from './wait';

/** A customToken for /api/live, from /api/verifyAuth with the session cookie. */
export async function customTokenFor(cookie: string): Promise<string> {
  const response = await call('/api/verifyAuth', { method: 'POST', cookie });
  if (response.status !== 200) throw new Error(`verifyAuth failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { customToken: string }).customToken;
}

/**
 * Asks the Worker for a WebSocket on /api/live as a page of this site would. `headers` override
 * the defaults; a null value leaves that header out.
 */
export function requestLive(token: string | null, headers: Record<string, string | null> = {}): Promise<Response> {
  const merged: Record<string, string | null> = { upgrade: 'websocket', origin: ORIGIN, ...headers };
  const sent = new Headers();
  for (const [name, value] of Object.entries(merged)) if (value !== null) sent.set(name, value);
  const query = token === null ? '' : `?token=${encodeURIComponent(token)}`;
  return exports.default.fetch(new Request(`${ORIGIN}/api/live${query}`, { headers: sent }));
}

export interface CloseInfo {
  code: number;
  reason: string;
}

/** The browser's end of a live socket, recording every frame and the close. */
export class LiveSocket {
  readonly messages: string[] = [];
  closeInfo: CloseInfo | null = null;
  private readonly closedPromise: Promise<CloseInfo>;

  constructor(readonly socket: WebSocket) {
    socket.accept();
    socket.addEventListener('message', (event) => {
      this.messages.push(typeof event.data === 'string' ? event.data : '<binary>');
    });
    this.closedPromise = new Promise((resolve) => {
      socket.addEventListener('close', (event) => {
        this.closeInfo = { code: event.code, reason: event.reason };
        resolve(this.closeInfo);
      });
    });
    open.add(this);
  }

  /** JSON frames parsed; heartbeats and other text are left out. */
  events(): unknown[] {
    return this.messages.flatMap((m) => {
      try {
        return [JSON.parse(m) as unknown];
      } catch {
        return [];
      }
    });
  }

  send(frame: string): void {
    this.socket.send(frame);
  }

  /** The first frame (raw text) satisfying `match`, waiting for it to arrive. */
  waitForMessage(match: (frame: string) => boolean, timeoutMs = 3000): Promise<string> {
    return waitFor(() => this.messages.find(match), { timeoutMs, intervalMs: 10, what: 'a live message' });
  }

  /** The first JSON event satisfying `match`. */
  async waitForEvent<T = Record<string, unknown>>(match: (event: T) => boolean, timeoutMs = 15_000): Promise<T> {
    return waitFor(() => (this.events() as T[]).find(match), { timeoutMs, intervalMs: 10, what: 'a live event' });
  }

  waitForClose(timeoutMs = 3000): Promise<CloseInfo> {
    return Promise.race([
      this.closedPromise,
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`socket not closed within ${timeoutMs} ms`)), timeoutMs)),
    ]);
  }

  close(): void {
    if (this.closeInfo) return;
    try {
      this.socket.close(1000, 'test done');
    } catch {
      // already closing
    }
  }
}

const open = new Set<LiveSocket>();

// Sockets a test opened are closed after it, so no test leaves a connection behind.
afterEach(() => {
  for (const socket of open) socket.close();
  open.clear();
});

/** Opens a live socket with a token; throws unless the upgrade succeeds. */
export async function openLive(token: string): Promise<LiveSocket> {
  const response = await requestLive(token);
  if (response.status !== 101 || !response.webSocket) {
    throw new Error(`live upgrade failed: ${response.status} ${await response.text()}`);
  }
  return new LiveSocket(response.webSocket);
}

/** Opens a live socket for the session behind a cookie. */
export async function openLiveFor(cookie: string): Promise<LiveSocket> {
  return openLive(await customTokenFor(cookie));
}
