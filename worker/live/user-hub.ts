import { DurableObject } from 'cloudflare:workers';
import { LIVE_CLOSE_SESSION_ENDED, LIVE_PING, LIVE_PONG, type LiveEvent } from '../../src/common/live-messages';

interface SocketAttachment {
  sessionId: string;
}

/**
 * One per user: holds that user's open WebSockets (hibernation API, so idle sockets cost nothing)
 * and fans out change events. It stores nothing; the database is the source of truth.
 */
export class UserHub extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    // Heartbeats are answered by the runtime without waking the object.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(LIVE_PING, LIVE_PONG));
  }

  /** Accepts an upgrade the Worker has already authenticated; the session id comes in a header. */
  override async fetch(request: Request): Promise<Response> {
    const sessionId = request.headers.get('x-session-id');
    if (request.headers.get('upgrade')?.toLowerCase() !== 'websocket' || !sessionId) {
      return new Response('Expected an authenticated WebSocket upgrade', { status: 400 });
    }
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server, [sessionId]);
    server.serializeAttachment({ sessionId } satisfies SocketAttachment);
    return new Response(null, { status: 101, webSocket: client });
  }

  /** Sends the event to every open socket of this user but those of `exceptSessionId`; answers how many got it. */
  async publish(event: LiveEvent, exceptSessionId: string | null = null): Promise<number> {
    const frame = JSON.stringify(event);
    let delivered = 0;
    for (const socket of this.ctx.getWebSockets()) {
      if (exceptSessionId && (socket.deserializeAttachment() as SocketAttachment | null)?.sessionId === exceptSessionId) continue;
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
    for (const socket of this.ctx.getWebSockets(sessionId)) {
      socket.close(LIVE_CLOSE_SESSION_ENDED, 'Session ended');
    }
  }

  /** Closes every socket of the user (signed out everywhere, password changed, account deleted). */
  async endAllSessions(): Promise<void> {
    for (const socket of this.ctx.getWebSockets()) {
      socket.close(LIVE_CLOSE_SESSION_ENDED, 'Session ended');
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
