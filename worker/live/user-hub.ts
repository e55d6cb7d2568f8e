import { DurableObject } from 'cloudflare:workers';
import { LIVE_CLOSE_SESSION_ENDED, LIVE_PING, LIVE_PONG, type LiveEvent } from '../../src/common/live-messages';
import { getDb } from '../db/client';
import { copyHistoryFromD1 } from '../db/store/copy-from-d1';
import { migrateUserStore, openUserStore, type UserStore } from '../db/store/open-store';

interface SocketAttachment {
  sessionId: string;
}

function sessionOf(socket: WebSocket): string | null {
  return (socket.deserializeAttachment() as SocketAttachment | null)?.sessionId ?? null;
}

/**
 * One per user: holds that user's open WebSockets (hibernation API, so idle sockets cost nothing)
 * and fans out change events, and keeps the user's own store (worker/store/, decision 023), whose
 * schema is brought up to date whenever the object starts.
 */
export class UserHub extends DurableObject<Env> {
  readonly store: UserStore;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.store = openUserStore(ctx);
    // Heartbeats are answered by the runtime without waking the object.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(LIVE_PING, LIVE_PONG));
  }

  /**
   * Copies the next pages (at most `maxPages`) of this user's history out of D1 into the store, and
   * once all are there the balance and counters; answers whether the copy is complete (decision 023).
   */
  async copyHistoryFromD1(userId: string, maxPages = 25): Promise<boolean> {
    return copyHistoryFromD1(getDb(this.env), this.store, userId, maxPages, Date.now());
  }

  /**
   * Empties the user's store, every table and fact of it, as the account is deleted. The schema
   * is brought back empty, so a late call to this object (a push after the deletion) still works.
   */
  async deleteStore(): Promise<void> {
    await this.ctx.storage.deleteAll();
    await migrateUserStore(this.store);
  }

  /** Accepts an upgrade the Worker has already authenticated; the session id comes in a header. */
  override async fetch(request: Request): Promise<Response> {
    const sessionId = request.headers.get('x-session-id');
    if (request.headers.get('upgrade')?.toLowerCase() !== 'websocket' || !sessionId) {
      return new Response('Expected an authenticated WebSocket upgrade', { status: 400 });
    }
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server);
    server.serializeAttachment({ sessionId } satisfies SocketAttachment);
    return new Response(null, { status: 101, webSocket: client });
  }

  /** Sends the event to every open socket of this user but those of `exceptSessionId`; answers how many got it. */
  async publish(event: LiveEvent, exceptSessionId: string | null = null): Promise<number> {
    const frame = JSON.stringify(event);
    let delivered = 0;
    for (const socket of this.ctx.getWebSockets()) {
      if (exceptSessionId && sessionOf(socket) === exceptSessionId) continue;
      try {
        socket.send(frame);
        delivered++;
      } catch {
        // A socket closing at this moment misses the event; its page re-reads state on reconnect.
      }
    }
    return delivered;
  }

  /** Closes the sockets opened under a session that has ended (sign-out). */
  async endSession(sessionId: string): Promise<void> {
    for (const socket of this.ctx.getWebSockets()) {
      if (sessionOf(socket) === sessionId) socket.close(LIVE_CLOSE_SESSION_ENDED, 'Session ended');
    }
  }

  /**
   * Closes every socket of the user (signed out everywhere, password changed, account deleted)
   * but those of `keepSessionId`, which are handed to `newSessionId`: the browser that changed the
   * password keeps its page live under its new session instead of racing its own sign-out.
   */
  async endAllSessions(keep: { keepSessionId: string; newSessionId: string } | null = null): Promise<void> {
    for (const socket of this.ctx.getWebSockets()) {
      if (keep && sessionOf(socket) === keep.keepSessionId) {
        socket.serializeAttachment({ sessionId: keep.newSessionId } satisfies SocketAttachment);
      } else {
        socket.close(LIVE_CLOSE_SESSION_ENDED, 'Session ended');
      }
    }
  }

  async connectionCount(): Promise<number> {
    return this.ctx.getWebSockets().length;
  }

  override async webSocketMessage(socket: WebSocket, message: string | ArrayBuffer): Promise<void> {
    // The page only ever sends heartbeats, which the auto-response handles; anything else is a
    // client we do not know, so it is told and dropped.
    if (message !== LIVE_PING) socket.close(1003, 'Unsupported frame');
  }

  override async webSocketClose(socket: WebSocket, code: number): Promise<void> {
    // 1005/1006 are reserved and may not be sent back.
    socket.close(code === 1005 || code === 1006 ? 1000 : code, 'Closing');
  }
}
